/**
 * One visibility rule for a company's documents, the same in the security rules and the callables
 * (domain maySeeCompanyDocument): a plain buyer sees its own orders and their invoices, credit notes
 * and PDFs; the owner and approvers every order, invoice, credit note, payment and ledger entry of
 * the company and its statement; staff as their role reads companies (a sales rep, those assigned
 * to it). Orders are placed, shipped and credited through the callables; reads go through the rules.
 */
import { randomUUID } from 'node:crypto';
import { collection, doc, getDoc, getDocs, query, setDoc, where } from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cartItemFor, expectedOrder, orderLinesFromCart, priceOrder, taxRateFor, type OrderDocumentFile, type OrderDocumentKind, type Orderable } from '@harbor/domain';
import { adminClient } from './adminFixtures';
import { adminDb, approvedCompanyFields, callError, clearFirestore, webClient, type TestClient } from './harness';
import { creditTestOrder, shipTestOrder } from './receivablesFixtures';

const COMPANY = 'co-documents';
const water: Orderable = { id: 'water-6', name: 'Sparkling Water', sku: 'SW-6', unit: 'case', imageUrl: '', price: 10_000, tiers: [], minOrderQty: 1, packSize: 1, stock: 1_000, active: true };
const address = { line1: '1 Pier St', line2: '', city: 'Austin', region: 'TX', postalCode: '73301', country: 'United States' };

/** The company's owner, its approver, two plain buyers; the owner of another company; staff. */
let owner: TestClient, approver: TestClient, dana: TestClient, ben: TestClient, stranger: TestClient;
let admin: TestClient, finance: TestClient, sales: TestClient, otherSales: TestClient, warehouse: TestClient;
/** Dana's and Ben's orders, their invoices, and the credit note on Dana's. */
let danaOrder: string, benOrder: string, danaInvoice: string, benInvoice: string, danaCreditNote: string;

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

/** An order of one case placed by `buyer` through placeOrder, on the company's invoice terms. */
async function placeOrder(buyer: TestClient): Promise<string> {
  const cart = [cartItemFor(water, 1)];
  await setDoc(doc(buyer.db, 'carts', buyer.uid), { items: cart });
  const expected = expectedOrder(priceOrder(orderLinesFromCart(cart), new Map([[water.id, water]]), { contract: null, taxRateBasisPoints: taxRateFor(address.region) }));
  return (await buyer.call<{ orderId: string }>('placeOrder', { requestId: randomUUID(), shippingAddress: address, company: 'Documents Co', paymentMethod: 'invoice-net30', expected })).orderId;
}

beforeAll(async () => {
  [owner, approver, dana, ben, stranger, admin, finance, sales, otherSales, warehouse] = await Promise.all([
    webClient(),
    webClient(),
    webClient(),
    webClient(),
    webClient(),
    adminClient(),
    webClient(),
    webClient(),
    webClient(),
    webClient(),
  ]);
  await clearFirestore();
  const { id, ...product } = water;
  const batch = adminDb.batch();
  batch.set(adminDb.doc(`products/${id}`), product);
  batch.set(adminDb.doc(`companies/${COMPANY}`), {
    ...approvedCompanyFields,
    name: 'Documents Co',
    salesRepUid: sales.uid,
    members: { [owner.uid]: 'owner', [approver.uid]: 'approver', [dana.uid]: 'buyer', [ben.uid]: 'buyer' },
  });
  batch.set(adminDb.doc('companies/co-other'), { ...approvedCompanyFields, members: { [stranger.uid]: 'owner' } });
  for (const [client, name] of [[owner, 'Olive Owner'], [approver, 'Abe Approver'], [dana, 'Dana Buyer'], [ben, 'Ben Buyer']] as const) {
    batch.set(adminDb.doc(`users/${client.uid}`), { name, email: '', companyId: COMPANY });
  }
  batch.set(adminDb.doc(`users/${stranger.uid}`), { name: 'Stan Stranger', email: '', companyId: 'co-other' });
  batch.set(adminDb.doc(`users/${admin.uid}`), { name: 'Test Admin', email: '', role: 'admin' });
  for (const [client, role] of [[finance, 'finance'], [sales, 'sales'], [otherSales, 'sales'], [warehouse, 'warehouse']] as const) {
    batch.set(adminDb.doc(`users/${client.uid}`), { name: `Test ${role}`, email: '', role });
  }
  await batch.commit();
  [danaOrder, benOrder] = [await placeOrder(dana), await placeOrder(ben)];
  danaInvoice = await shipTestOrder(admin, danaOrder);
  benInvoice = await shipTestOrder(admin, benOrder);
  danaCreditNote = await creditTestOrder(admin, danaOrder, 1_000, 'One bottle broken');
  // A payment as recordPayment stores it (the rules read its companyId only).
  await adminDb.doc('payments/PAY-DOCUMENTS').set({ companyId: COMPANY, amount: 5_000, method: 'bank-transfer', reference: 'Wire 1', allocations: [{ invoiceNumber: benInvoice, amount: 5_000 }], reversed: false });
});
afterAll(async () => Promise.all([owner, approver, dana, ben, stranger, admin, finance, sales, otherSales, warehouse].map((client) => client.close())));

/** Whether the rules let `client` make the read: true, or false when refused (anything else fails the test). */
async function reads(read: Promise<unknown>): Promise<boolean> {
  try {
    await read;
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === 'permission-denied') return false;
    throw error;
  }
}

/** Every read of the company's documents a client could make, by what it reads. */
const documentReads = (client: TestClient) => ({
  "own order's invoice": () => getDoc(doc(client.db, 'invoices', client === ben ? benInvoice : danaInvoice)),
  "Dana's invoice": () => getDoc(doc(client.db, 'invoices', danaInvoice)),
  "Ben's invoice": () => getDoc(doc(client.db, 'invoices', benInvoice)),
  "Dana's credit note": () => getDoc(doc(client.db, 'creditNotes', danaCreditNote)),
  "credit notes of Dana's order (as its order page asks)": () =>
    getDocs(query(collection(client.db, 'creditNotes'), where('companyId', '==', COMPANY), where('orderId', '==', danaOrder), where('userId', '==', dana.uid))),
  "the company's open invoices (as the statement asks)": () => getDocs(query(collection(client.db, 'invoices'), where('companyId', '==', COMPANY), where('status', 'in', ['open', 'partially-paid', 'overdue']))),
  "the company's credit notes": () => getDocs(query(collection(client.db, 'creditNotes'), where('companyId', '==', COMPANY))),
  'a payment': () => getDoc(doc(client.db, 'payments', 'PAY-DOCUMENTS')),
  "the company's payments": () => getDocs(query(collection(client.db, 'payments'), where('companyId', '==', COMPANY))),
  "the company's ledger": () => getDocs(collection(client.db, 'companies', COMPANY, 'ledger')),
});
type DocumentRead = keyof ReturnType<typeof documentReads>;
/** The reads' names (the client is not used to name them). */
const EVERY_READ = Object.keys(documentReads({} as TestClient)) as DocumentRead[];

/** What the rules let `client` read, by read. */
async function readable(client: TestClient): Promise<Record<DocumentRead, boolean>> {
  const attempts = documentReads(client);
  return Object.fromEntries(await Promise.all(EVERY_READ.map(async (read) => [read, await reads(attempts[read]())]))) as Record<DocumentRead, boolean>;
}

const all = (allowed: boolean, except: DocumentRead[] = []) => Object.fromEntries(EVERY_READ.map((read) => [read, except.includes(read) ? !allowed : allowed]));

/** Whether a callable answers `client` (true), or tells it the order or company does not exist (false). */
async function answers(call: Promise<unknown>): Promise<boolean> {
  const error = await call.then(() => null, (caught: unknown) => caught as { code: string });
  if (error && error.code !== 'functions/not-found') throw error;
  return !error;
}

const orderDocument = (client: TestClient, orderId: string, kind: OrderDocumentKind, creditNoteNumber?: string) =>
  answers(client.call<OrderDocumentFile>('getOrderDocument', { orderId, kind, ...(creditNoteNumber ? { creditNoteNumber } : {}) }));
const statement = (client: TestClient) => answers(client.call('getStatement', { companyId: COMPANY }));

describe("a company's documents", () => {
  it('show a plain buyer its own orders’ invoices and credit notes with their PDFs, and nothing else of the company', async () => {
    expect(await readable(dana)).toEqual({ ...all(false), "own order's invoice": true, "Dana's invoice": true, "Dana's credit note": true, "credit notes of Dana's order (as its order page asks)": true });
    expect(await readable(ben)).toEqual({ ...all(false), "own order's invoice": true, "Ben's invoice": true });
    expect(await orderDocument(dana, danaOrder, 'invoice')).toBe(true);
    expect(await orderDocument(dana, danaOrder, 'creditNote', danaCreditNote)).toBe(true);
    // Another buyer's order is missing to it, with its documents, and so is the statement.
    expect(await orderDocument(ben, danaOrder, 'invoice')).toBe(false);
    expect(await orderDocument(ben, danaOrder, 'creditNote', danaCreditNote)).toBe(false);
    expect(await statement(dana)).toBe(false);
    expect(await callError(dana.call('getStatement', { companyId: COMPANY }))).toEqual({ code: 'not-found', message: `There is no company ${COMPANY} on your account.` });
  });

  it('show the owner and an approver every invoice, credit note, payment and ledger entry, every order’s PDFs and the statement', async () => {
    for (const member of [owner, approver]) {
      expect(await readable(member)).toEqual(all(true));
      expect(await orderDocument(member, benOrder, 'invoice')).toBe(true);
      expect(await orderDocument(member, danaOrder, 'creditNote', danaCreditNote)).toBe(true);
      expect(await statement(member)).toBe(true);
    }
  });

  it('show admins, finance and the company’s sales rep all of them; another rep, the warehouse and another company none', async () => {
    for (const staff of [admin, finance, sales]) {
      expect(await readable(staff)).toEqual(all(true));
      expect(await orderDocument(staff, benOrder, 'invoice')).toBe(true);
      expect(await statement(staff)).toBe(true);
    }
    for (const outsider of [otherSales, warehouse, stranger]) {
      expect(await readable(outsider)).toEqual(all(false));
      expect(await orderDocument(outsider, danaOrder, 'creditNote', danaCreditNote)).toBe(false);
      expect(await statement(outsider)).toBe(false);
    }
  });
});
