/**
 * The security rules matrix: every collection x operation, with the outcome expected for each
 * actor. `shopper` (uid alice) owns the documents under test; `otherShopper` (uid bob) is another
 * signed-in customer; `admin` has role admin in its profile. Each row runs on a freshly seeded
 * database (see rulesMatrix.test.ts), and a row's `run` performs the operation as the actor.
 */
import {
  Bytes,
  collection,
  deleteDoc,
  deleteField,
  doc,
  getDoc,
  getDocs,
  query,
  serverTimestamp,
  setDoc,
  updateDoc,
  where,
  type Firestore,
} from 'firebase/firestore';

export const ACTORS = ['guest', 'shopper', 'otherShopper', 'admin', 'companyBuyer'] as const;
export type Actor = (typeof ACTORS)[number];
/**
 * alice owns the company alice-co, where carol (`companyBuyer`) is a buyer; bob owns bob-co.
 */
export const ACTOR_UIDS: Record<Exclude<Actor, 'guest'>, string> = { shopper: 'alice', otherShopper: 'bob', admin: 'ada', companyBuyer: 'carol' };
/**
 * Actors a row may add outcomes for (`more`): dave approves for alice-co, fiona is finance, sam the
 * sales rep alice-co is assigned to now, tom bob-co's sales rep (once alice-co's), walt the warehouse.
 */
export const MORE_ACTORS = ['approver', 'finance', 'sales', 'otherSales', 'warehouse'] as const;
export type MoreActor = (typeof MORE_ACTORS)[number];
export const MORE_ACTOR_UIDS: Record<MoreActor, string> = { approver: 'dave', finance: 'fiona', sales: 'sam', otherSales: 'tom', warehouse: 'walt' };
export type Operation = 'get' | 'list' | 'create' | 'update' | 'delete';
type Outcome = 'allow' | 'deny';

export interface MatrixRow {
  collection: string;
  operation: Operation;
  what: string;
  /** Outcomes for guest, shopper, otherShopper, admin, companyBuyer, in that order. */
  expect: [Outcome, Outcome, Outcome, Outcome, Outcome];
  /** Outcomes for some of MORE_ACTORS too. */
  more?: Partial<Record<MoreActor, Outcome>>;
  /** Documents to delete before the row runs (so a create really creates). */
  absent?: string[];
  run: (db: Firestore) => Promise<unknown>;
}

const address = { line1: '1 Dock St', line2: '', city: 'Portland', region: 'ME', postalCode: '04101', country: 'US' };
export const profile = { name: 'Alice', email: 'alice@example.com', company: 'Alice Co', phone: '', shippingAddress: address };
export const cartLine = { id: 'bev-1001', price: 1899, quantity: 2, name: 'Water', sku: 'BEV-1001', imageUrl: '', unit: 'case', minOrderQty: 1, packSize: 1 };
export const product = { name: 'Water', sku: 'BEV-1001', price: 1899, stock: 10, active: true, category: 'Beverages' };
export const order = { userId: 'alice', companyId: 'alice-co', status: 'pending', total: 5000, items: [], createdAt: new Date('2026-01-01') };
export const company = {
  name: 'Alice Co',
  status: 'approved',
  paymentTerms: 'net30',
  creditLimit: 500_000,
  openBalance: 0,
  taxExempt: false,
  members: { alice: 'owner', carol: 'buyer' },
};
export const mail = { to: ['alice@example.com'], template: 'orderReceived', data: { orderId: 'alice-1' }, status: 'sent', attempts: 1, lastError: null };

/** The baseline every row starts from. */
export const seedDocuments: Record<string, Record<string, unknown>> = {
  'users/alice': { ...profile, companyId: 'alice-co' },
  'users/bob': { ...profile, name: 'Bob', email: 'bob@example.com', companyId: 'bob-co' },
  'users/ada': { ...profile, name: 'Ada', email: 'ada@example.com', role: 'admin' },
  'users/carol': { ...profile, name: 'Carol', email: 'carol@example.com', companyId: 'alice-co' },
  'users/dave': { ...profile, name: 'Dave', email: 'dave@example.com', companyId: 'alice-co' },
  'users/fiona': { ...profile, name: 'Fiona', email: 'fiona@example.com', role: 'finance' },
  'users/sam': { ...profile, name: 'Sam', email: 'sam@example.com', role: 'sales' },
  'users/tom': { ...profile, name: 'Tom', email: 'tom@example.com', role: 'sales' },
  'users/walt': { ...profile, name: 'Walt', email: 'walt@example.com', role: 'warehouse' },
  'companies/alice-co': { ...company, members: { ...company.members, dave: 'approver' }, salesRepUid: 'sam' },
  'companies/alice-co/private/pricing': { discountBasisPoints: 500, fixedPrices: { active: 1500 } },
  'companies/alice-co/history/h1': { at: new Date('2026-01-01'), by: 'ada', field: 'status', to: 'approved' },
  'companies/bob-co': { ...company, name: 'Bob Co', members: { bob: 'owner' }, salesRepUid: 'tom' },
  // What the staff keep about each company, which its members must not read.
  'companies/alice-co/staff/notes': { note: 'Slow payer: ask for a deposit' },
  'companies/bob-co/staff/notes': { note: 'Pays on the day' },
  'companies/bob-co/private/pricing': { discountBasisPoints: 1000, fixedPrices: {} },
  'orders/carol-1': { ...order, userId: 'carol' },
  // carol's order over her limit, waiting for alice-co's owner (or an approver).
  'orders/carol-big': { ...order, userId: 'carol', status: 'awaiting-approval', total: 900_000, approval: { reason: 'order-limit', message: 'This order needs approval', decision: null } },
  'companies/alice-co/spending/carol_2026-11': { uid: 'carol', month: '2026-11', total: 900_000 },
  'companies/alice-co/spending/alice_2026-11': { uid: 'alice', month: '2026-11', total: 5000 },
  // alice (owner of alice-co) invited bob's address.
  'invitations/code-for-bob': { companyId: 'alice-co', companyName: 'Alice Co', email: 'bob@example.com', invitedBy: 'alice', status: 'open' },
  'companies/alice-co/counters/invitations': { sentAt: [Date.UTC(2026, 0, 1)] },
  'carts/alice': { items: [cartLine] },
  'carts/bob': { items: [cartLine] },
  'products/active': product,
  'products/hidden': { ...product, sku: 'OLD-1', active: false },
  'orders/alice-1': order,
  'orders/bob-1': { ...order, userId: 'bob' },
  // A return of carol's order (alice-co), read as the order is.
  'returns/carol-return': { number: 'RMA-000001', orderId: 'carol-1', companyId: 'alice-co', userId: 'carol', status: 'requested', lines: [], history: [] },
  'mail/alice-1-received': mail,
  'counters/invoices': { next: 42 },
  'counters/creditNotes': { next: 7 },
  'counters/quotes': { next: 3 },
  'documentFiles/kept-invoice': { pdf: Bytes.fromUint8Array(new Uint8Array([37, 80, 68, 70])), fileName: 'INV-000042.pdf', expiresAt: new Date('2026-02-01') },
  // alice-co's quote (with its conversation) and bob-co's: quoted prices only their company reads.
  // Q-ALICE still names tom, its company's rep when it was made, as quotes once did: sam reads it now.
  'quotes/Q-ALICE': { number: 'Q-000001', companyId: 'alice-co', salesRepUid: 'tom', requestedBy: 'carol', status: 'quoted', version: 2, lines: [{ productId: 'active', quantity: 10, unitPrice: 1500, lineTotal: 15000 }], total: 15000, updatedAt: new Date('2026-01-02') },
  'quotes/Q-ALICE/messages/m1': { side: 'staff', by: 'ada', byName: 'Ada', text: 'Our price', at: new Date('2026-01-02'), version: 2, kind: 'quote' },
  'quotes/Q-BOB': { number: 'Q-000002', companyId: 'bob-co', salesRepUid: '', requestedBy: 'bob', status: 'quoted', version: 2, lines: [{ productId: 'active', quantity: 10, unitPrice: 1200, lineTotal: 12000 }], total: 12000, updatedAt: new Date('2026-01-03') },
  'quotes/Q-BOB/messages/m1': { side: 'buyer', by: 'bob', byName: 'Bob', text: 'Please quote', at: new Date('2026-01-03'), version: 1, kind: 'request' },
  'testing/clock': { offsetMs: 0 },
  // The REST API's records (functions/src/integrations/api.ts): a key's requests in one second, a write's first answer.
  'apiRateLimits/key-1_1764320000': { keyId: 'key-1', count: 3 },
  'apiIdempotency/abc': { keyId: 'key-1', fingerprint: 'f', status: 200, body: '{}' },
  // alice-co's receivables: an invoice, a credit note, a payment and their ledger entries; bob-co's invoice.
  'invoices/INV-000041': { number: 'INV-000041', sequence: 41, orderId: 'alice-1', companyId: 'alice-co', userId: 'alice', total: 5000, amountPaid: 1000, amountCredited: 500, status: 'partially-paid', lines: [] },
  // carol's own order's invoice and credit note.
  'invoices/INV-000042': { number: 'INV-000042', sequence: 42, orderId: 'carol-1', companyId: 'alice-co', userId: 'carol', total: 5000, amountPaid: 0, amountCredited: 500, status: 'open', lines: [] },
  'creditNotes/CN-000005': { number: 'CN-000005', invoiceNumber: 'INV-000042', orderId: 'carol-1', companyId: 'alice-co', userId: 'carol', amount: 500, reason: 'Short', lines: [] },
  'invoices/INV-000040': { number: 'INV-000040', sequence: 40, orderId: 'bob-1', companyId: 'bob-co', userId: 'bob', total: 5000, amountPaid: 0, amountCredited: 0, status: 'open', lines: [] },
  'creditNotes/CN-000006': { number: 'CN-000006', invoiceNumber: 'INV-000041', orderId: 'alice-1', companyId: 'alice-co', userId: 'alice', amount: 500, reason: 'Damaged', lines: [] },
  'payments/PAY-ALICE': { companyId: 'alice-co', amount: 1000, method: 'check', reference: '1001', allocations: [{ invoiceNumber: 'INV-000041', amount: 1000 }], reversed: false },
  'companies/alice-co/ledger/e1': { kind: 'invoice', reference: 'INV-000041', amount: 5000, balance: 5000, at: new Date('2026-01-01') },
  'lists/alice-weekly': { ownerId: 'alice', name: 'Weekly kitchen', lines: [{ productId: 'active', quantity: 2 }], createdAt: new Date('2026-01-01'), updatedAt: new Date('2026-01-01') },
  // A list alice saved as a member of alice-co, which carol reads too.
  'lists/alice-shared': { ownerId: 'alice', companyId: 'alice-co', name: 'Bar', lines: [{ productId: 'active', quantity: 6 }], createdAt: new Date('2026-01-01'), updatedAt: new Date('2026-01-01') },
  'purchaseSummaries/alice': { userId: 'alice', products: [{ productId: 'active', name: 'Water', sku: 'BEV-1001', orders: 2, lastOrderedAt: 1, lastQuantity: 3 }], orderIds: ['alice-1'] },
  'onlinePayments/pi_carol': { companyId: 'alice-co', startedBy: 'carol', invoiceNumbers: ['INV-000040'], orderId: '', amount: 1000, method: 'card', status: 'processing' },
  'onlinePayments/pi_alice': { companyId: 'alice-co', startedBy: 'alice', invoiceNumbers: ['INV-000041'], orderId: '', amount: 1000, method: 'card', status: 'succeeded' },
  'paymentReconciliations/2026-11-27': { day: '2026-11-27', checked: 3, missed: [] },
  'searchIndex/state': { format: 1, version: 1, parts: 1, building: false, requests: 1 },
  'searchIndexParts/1_0': { version: 1, part: 0, text: '[]' },
  'productImports/job-1': { status: 'done', fileName: 'products.csv', totalRows: 2, doneRows: 2, refusedRows: 1, added: 1, changed: 0, unchanged: 0 },
  'productImports/job-1/refused/0000003': { line: 3, column: 'price', message: 'Price must not be negative.' },
};

/** A new list of the shopper as the shop writes one, with `extra` fields over it. */
const newList = (extra: Record<string, unknown> = {}) => ({ ownerId: 'alice', name: 'Bar', lines: [], createdAt: serverTimestamp(), updatedAt: serverTimestamp(), ...extra });

const allow = 'allow' as const;
const deny = 'deny' as const;
const adminOnly: MatrixRow['expect'] = [deny, deny, deny, allow, deny];
const ownerOnly: MatrixRow['expect'] = [deny, allow, deny, deny, deny];
const ownerOrAdmin: MatrixRow['expect'] = [deny, allow, deny, allow, deny];
const nobody: MatrixRow['expect'] = [deny, deny, deny, deny, deny];
const everyone: MatrixRow['expect'] = [allow, allow, allow, allow, allow];
/** alice-co's owner (alice) and buyer (carol), and admins. */
const membersOrAdmin: MatrixRow['expect'] = [deny, allow, deny, allow, allow];
/** bob-co's owner (bob) and admins. */
const otherCompanyOrAdmin: MatrixRow['expect'] = [deny, deny, allow, allow, deny];
/** alice-co's owner (alice) and buyer (carol). */
const members: MatrixRow['expect'] = [deny, allow, deny, deny, allow];
/** Staff who read alice-co's account (finance, its sales rep now) and its approver; not another rep nor the warehouse. */
const aliceCoAccount: MatrixRow['more'] = { approver: allow, finance: allow, sales: allow, otherSales: deny, warehouse: deny };
/** Staff who read bob-co's account (finance, its sales rep tom), and none of alice-co's people. */
const bobCoAccount: MatrixRow['more'] = { approver: deny, finance: allow, sales: deny, otherSales: allow, warehouse: deny };
/** alice-co's quotes: its approver (a member) and its sales rep now, not the rep named on the quote before, nor finance or the warehouse. */
const aliceCoQuote: MatrixRow['more'] = { approver: allow, finance: deny, sales: allow, otherSales: deny, warehouse: deny };
/** The staff's notes on alice-co: finance and its sales rep now; nobody of the company, nor bob-co's rep or the warehouse. */
const aliceCoNotes: MatrixRow['more'] = { approver: deny, finance: allow, sales: allow, otherSales: deny, warehouse: deny };
/** The staff's notes on bob-co: finance and bob-co's rep. */
const bobCoNotes: MatrixRow['more'] = { approver: deny, finance: allow, sales: deny, otherSales: allow, warehouse: deny };
/** alice-co's returns, read as its orders are: its approver, its sales rep now, finance and the warehouse; not another rep. */
const aliceCoReturn: MatrixRow['more'] = { approver: allow, finance: allow, sales: allow, otherSales: deny, warehouse: allow };
const noStaff: MatrixRow['more'] = { approver: deny, finance: deny, sales: deny, otherSales: deny, warehouse: deny };

export const matrix: MatrixRow[] = [
  // users
  { collection: 'users', operation: 'get', what: "the shopper's profile", expect: ownerOrAdmin, run: (db) => getDoc(doc(db, 'users/alice')) },
  { collection: 'users', operation: 'list', what: 'all profiles', expect: adminOnly, run: (db) => getDocs(collection(db, 'users')) },
  {
    collection: 'users',
    operation: 'create',
    what: "the shopper's profile, without a role",
    absent: ['users/alice'],
    expect: ownerOnly,
    run: (db) => setDoc(doc(db, 'users/alice'), { ...profile, createdAt: serverTimestamp() }),
  },
  {
    collection: 'users',
    operation: 'create',
    what: "the shopper's profile giving itself role admin (attack)",
    absent: ['users/alice'],
    expect: nobody,
    run: (db) => setDoc(doc(db, 'users/alice'), { ...profile, role: 'admin' }),
  },
  { collection: 'users', operation: 'update', what: "the shopper's company", expect: ownerOnly, run: (db) => updateDoc(doc(db, 'users/alice'), { company: 'New Co' }) },
  { collection: 'users', operation: 'update', what: "the shopper's role to admin (attack)", expect: nobody, run: (db) => updateDoc(doc(db, 'users/alice'), { role: 'admin' }) },
  { collection: 'users', operation: 'update', what: 'a name of the wrong type', expect: nobody, run: (db) => updateDoc(doc(db, 'users/alice'), { name: 12345 }) },
  { collection: 'users', operation: 'update', what: 'an unknown field', expect: nobody, run: (db) => updateDoc(doc(db, 'users/alice'), { creditLimit: 1e9 }) },
  { collection: 'users', operation: 'delete', what: "the shopper's profile", expect: nobody, run: (db) => deleteDoc(doc(db, 'users/alice')) },
  {
    collection: 'users',
    operation: 'create',
    what: 'a profile naming a company (attack: joining a company uninvited)',
    absent: ['users/alice'],
    expect: nobody,
    run: (db) => setDoc(doc(db, 'users/alice'), { ...profile, companyId: 'bob-co' }),
  },
  {
    collection: 'users',
    operation: 'update',
    what: "the shopper's companyId to another company (attack: joining uninvited)",
    expect: nobody,
    run: (db) => updateDoc(doc(db, 'users/alice'), { companyId: 'bob-co' }),
  },
  { collection: 'users', operation: 'update', what: "the shopper's companyId removed (attack)", expect: nobody, run: (db) => updateDoc(doc(db, 'users/alice'), { companyId: deleteField() }) },

  // companies (alice owns alice-co, carol buys for it; bob owns bob-co)
  { collection: 'companies', operation: 'get', what: "the shopper's company", expect: membersOrAdmin, run: (db) => getDoc(doc(db, 'companies/alice-co')) },
  { collection: 'companies', operation: 'get', what: "another company (bob-co)", expect: otherCompanyOrAdmin, run: (db) => getDoc(doc(db, 'companies/bob-co')) },
  { collection: 'companies', operation: 'list', what: 'all companies', expect: adminOnly, run: (db) => getDocs(collection(db, 'companies')) },
  {
    collection: 'companies',
    operation: 'create',
    what: 'an approved company with credit (attack)',
    absent: ['companies/new-co'],
    expect: nobody,
    run: (db) => setDoc(doc(db, 'companies/new-co'), { ...company, members: { alice: 'owner', bob: 'owner', carol: 'owner', ada: 'owner' } }),
  },
  { collection: 'companies', operation: 'update', what: 'its own status to approved (attack)', expect: nobody, run: (db) => updateDoc(doc(db, 'companies/alice-co'), { status: 'approved' }) },
  { collection: 'companies', operation: 'update', what: 'its own credit limit raised (attack)', expect: nobody, run: (db) => updateDoc(doc(db, 'companies/alice-co'), { creditLimit: 100_000_000 }) },
  { collection: 'companies', operation: 'update', what: 'its own payment terms (attack)', expect: nobody, run: (db) => updateDoc(doc(db, 'companies/alice-co'), { paymentTerms: 'net60' }) },
  { collection: 'companies', operation: 'update', what: 'its own open balance cleared (attack)', expect: nobody, run: (db) => updateDoc(doc(db, 'companies/alice-co'), { openBalance: 0 }) },
  { collection: 'companies', operation: 'update', what: 'its own tax exemption (attack)', expect: nobody, run: (db) => updateDoc(doc(db, 'companies/alice-co'), { taxExempt: true }) },
  {
    collection: 'companies',
    operation: 'update',
    what: 'a member added to a company (attack: joining uninvited)',
    expect: nobody,
    run: (db) => updateDoc(doc(db, 'companies/bob-co'), { 'members.alice': 'owner', 'members.carol': 'buyer' }),
  },
  { collection: 'companies', operation: 'update', what: 'a buyer making itself owner (attack)', expect: nobody, run: (db) => updateDoc(doc(db, 'companies/alice-co'), { 'members.carol': 'owner' }) },
  { collection: 'companies', operation: 'update', what: 'a buyer making itself approver (attack)', expect: nobody, run: (db) => updateDoc(doc(db, 'companies/alice-co'), { 'members.carol': 'approver' }) },
  {
    collection: 'companies',
    operation: 'update',
    what: "a buyer raising its own spending limits (attack: only the owner's updateMember sets them)",
    expect: nobody,
    run: (db) => updateDoc(doc(db, 'companies/alice-co'), { 'memberLimits.carol': { orderLimit: null, monthlyLimit: null } }),
  },
  { collection: 'companies', operation: 'get', what: "the company buyer's month of spending", expect: [deny, allow, deny, allow, allow], run: (db) => getDoc(doc(db, 'companies/alice-co/spending/carol_2026-11')) },
  {
    collection: 'companies',
    operation: 'get',
    what: "the company buyer's month without orders yet (missing, which checkout reads as nothing spent)",
    expect: [deny, allow, deny, allow, allow],
    run: (db) => getDoc(doc(db, 'companies/alice-co/spending/carol_2026-10')),
  },
  { collection: 'companies', operation: 'get', what: "the owner's month of spending (attack for a buyer)", expect: [deny, allow, deny, allow, deny], run: (db) => getDoc(doc(db, 'companies/alice-co/spending/alice_2026-11')) },
  {
    collection: 'companies',
    operation: 'update',
    what: "the buyer's month of spending lowered (attack: it would slip orders under the monthly limit)",
    expect: nobody,
    run: (db) => updateDoc(doc(db, 'companies/alice-co/spending/carol_2026-11'), { total: 0 }),
  },
  {
    collection: 'companies',
    operation: 'delete',
    what: "the buyer's month of spending (attack)",
    expect: nobody,
    run: (db) => deleteDoc(doc(db, 'companies/alice-co/spending/carol_2026-11')),
  },
  { collection: 'companies', operation: 'delete', what: "the shopper's company", expect: nobody, run: (db) => deleteDoc(doc(db, 'companies/alice-co')) },
  { collection: 'companies', operation: 'get', what: "the company's contract prices", expect: membersOrAdmin, run: (db) => getDoc(doc(db, 'companies/alice-co/private/pricing')) },
  { collection: 'companies', operation: 'get', what: "another company's contract prices (attack)", expect: otherCompanyOrAdmin, run: (db) => getDoc(doc(db, 'companies/bob-co/private/pricing')) },
  {
    collection: 'companies',
    operation: 'update',
    what: 'its own contract prices (attack)',
    expect: nobody,
    run: (db) => updateDoc(doc(db, 'companies/alice-co/private/pricing'), { discountBasisPoints: 9900 }),
  },
  {
    collection: 'companies',
    operation: 'create',
    what: 'contract prices for its company (attack)',
    absent: ['companies/alice-co/private/pricing'],
    expect: nobody,
    run: (db) => setDoc(doc(db, 'companies/alice-co/private/pricing'), { discountBasisPoints: 9900 }),
  },
  { collection: 'companies', operation: 'get', what: "an entry of the company's change history", expect: adminOnly, run: (db) => getDoc(doc(db, 'companies/alice-co/history/h1')) },
  { collection: 'companies', operation: 'update', what: "the company's change history (attack)", expect: nobody, run: (db) => updateDoc(doc(db, 'companies/alice-co/history/h1'), { by: 'alice' }) },

  // companies/{id}/staff: what the staff keep about a company (its internal note), never its members
  { collection: 'companies/staff', operation: 'get', what: "the company's staff notes", expect: adminOnly, more: aliceCoNotes, run: (db) => getDoc(doc(db, 'companies/alice-co/staff/notes')) },
  { collection: 'companies/staff', operation: 'get', what: "another company's staff notes", expect: adminOnly, more: bobCoNotes, run: (db) => getDoc(doc(db, 'companies/bob-co/staff/notes')) },
  { collection: 'companies/staff', operation: 'list', what: "the company's staff documents", expect: adminOnly, more: aliceCoNotes, run: (db) => getDocs(collection(db, 'companies/alice-co/staff')) },
  {
    collection: 'companies/staff',
    operation: 'create',
    what: 'staff notes for a company (attack: only updateCompany writes them)',
    absent: ['companies/alice-co/staff/notes'],
    expect: nobody,
    more: noStaff,
    run: (db) => setDoc(doc(db, 'companies/alice-co/staff/notes'), { note: 'Good payer' }),
  },
  { collection: 'companies/staff', operation: 'update', what: "the company's staff notes", expect: nobody, more: noStaff, run: (db) => updateDoc(doc(db, 'companies/alice-co/staff/notes'), { note: 'Good payer' }) },
  { collection: 'companies/staff', operation: 'delete', what: "the company's staff notes", expect: nobody, more: noStaff, run: (db) => deleteDoc(doc(db, 'companies/alice-co/staff/notes')) },

  // carts
  { collection: 'carts', operation: 'get', what: "the shopper's cart", expect: ownerOnly, run: (db) => getDoc(doc(db, 'carts/alice')) },
  { collection: 'carts', operation: 'list', what: 'all carts', expect: nobody, run: (db) => getDocs(collection(db, 'carts')) },
  {
    collection: 'carts',
    operation: 'create',
    what: "the shopper's cart",
    absent: ['carts/alice'],
    expect: ownerOnly,
    run: (db) => setDoc(doc(db, 'carts/alice'), { items: [cartLine], updatedAt: serverTimestamp() }),
  },
  {
    collection: 'carts',
    operation: 'create',
    what: 'a cart with 5,000 lines (attack)',
    absent: ['carts/alice'],
    expect: nobody,
    run: (db) => setDoc(doc(db, 'carts/alice'), { items: Array.from({ length: 5000 }, (_, index) => ({ ...cartLine, id: `p${index}` })) }),
  },
  {
    collection: 'carts',
    operation: 'create',
    what: 'a cart whose items are not a list',
    absent: ['carts/alice'],
    expect: nobody,
    run: (db) => setDoc(doc(db, 'carts/alice'), { items: { 0: cartLine } }),
  },
  { collection: 'carts', operation: 'update', what: "the shopper's cart", expect: ownerOnly, run: (db) => updateDoc(doc(db, 'carts/alice'), { items: [] }) },
  { collection: 'carts', operation: 'update', what: 'a cart with an extra field', expect: nobody, run: (db) => updateDoc(doc(db, 'carts/alice'), { discount: 100 }) },
  {
    collection: 'carts',
    operation: 'update',
    what: 'a cart change with the ids of the changes applied',
    expect: ownerOnly,
    run: (db) => updateDoc(doc(db, 'carts/alice'), { items: [], appliedOperations: ['op-1', 'op-2'], updatedAt: serverTimestamp() }),
  },
  {
    collection: 'carts',
    operation: 'update',
    what: 'applied change ids that are not a list (attack)',
    expect: nobody,
    run: (db) => updateDoc(doc(db, 'carts/alice'), { appliedOperations: 'op-1' }),
  },
  {
    collection: 'carts',
    operation: 'update',
    what: '5,000 applied change ids (attack)',
    expect: nobody,
    run: (db) => updateDoc(doc(db, 'carts/alice'), { appliedOperations: Array.from({ length: 5000 }, (_, index) => `op-${index}`) }),
  },
  { collection: 'carts', operation: 'delete', what: "the shopper's cart", expect: ownerOnly, run: (db) => deleteDoc(doc(db, 'carts/alice')) },

  // products
  { collection: 'products', operation: 'get', what: 'an active product', expect: everyone, run: (db) => getDoc(doc(db, 'products/active')) },
  { collection: 'products', operation: 'get', what: 'an inactive product', expect: adminOnly, run: (db) => getDoc(doc(db, 'products/hidden')) },
  {
    collection: 'products',
    operation: 'list',
    what: 'active products',
    expect: everyone,
    run: (db) => getDocs(query(collection(db, 'products'), where('active', '==', true))),
  },
  { collection: 'products', operation: 'list', what: 'all products, inactive included', expect: adminOnly, run: (db) => getDocs(collection(db, 'products')) },
  { collection: 'products', operation: 'create', what: 'a product', absent: ['products/new'], expect: nobody, run: (db) => setDoc(doc(db, 'products/new'), product) },
  { collection: 'products', operation: 'update', what: 'a price', expect: nobody, run: (db) => updateDoc(doc(db, 'products/active'), { price: 1 }) },
  { collection: 'products', operation: 'update', what: 'a price of the wrong type', expect: nobody, run: (db) => updateDoc(doc(db, 'products/active'), { price: 'free' }) },
  { collection: 'products', operation: 'delete', what: 'a product', expect: nobody, run: (db) => deleteDoc(doc(db, 'products/active')) },

  // orders
  { collection: 'orders', operation: 'get', what: "the shopper's order", expect: ownerOrAdmin, run: (db) => getDoc(doc(db, 'orders/alice-1')) },
  {
    collection: 'orders',
    operation: 'list',
    what: "the shopper's orders (userId filter)",
    expect: ownerOrAdmin,
    run: (db) => getDocs(query(collection(db, 'orders'), where('userId', '==', 'alice'))),
  },
  { collection: 'orders', operation: 'list', what: 'all orders', expect: adminOnly, run: (db) => getDocs(collection(db, 'orders')) },
  {
    collection: 'orders',
    operation: 'get',
    what: "an order of the company's buyer (the owner sees every company order)",
    expect: [deny, allow, deny, allow, allow],
    run: (db) => getDoc(doc(db, 'orders/carol-1')),
  },
  {
    collection: 'orders',
    operation: 'list',
    what: "alice-co's orders (companyId filter; attack for others and for a buyer)",
    expect: ownerOrAdmin,
    run: (db) => getDocs(query(collection(db, 'orders'), where('companyId', '==', 'alice-co'))),
  },
  {
    collection: 'orders',
    operation: 'list',
    what: "the company buyer's own orders (userId filter)",
    expect: [deny, deny, deny, allow, allow],
    run: (db) => getDocs(query(collection(db, 'orders'), where('userId', '==', 'carol'))),
  },
  {
    collection: 'orders',
    operation: 'create',
    what: 'an order for the shopper (attack: orders come only from placeOrder)',
    absent: ['orders/forged'],
    expect: nobody,
    run: (db) => setDoc(doc(db, 'orders/forged'), { ...order, total: 1 }),
  },
  { collection: 'orders', operation: 'update', what: "the shopper's order status", expect: nobody, run: (db) => updateDoc(doc(db, 'orders/alice-1'), { status: 'delivered' }) },
  { collection: 'orders', operation: 'delete', what: "the shopper's order", expect: nobody, run: (db) => deleteDoc(doc(db, 'orders/alice-1')) },
  { collection: 'orders', operation: 'get', what: "a buyer's order awaiting approval (the company's owner decides it)", expect: [deny, allow, deny, allow, allow], run: (db) => getDoc(doc(db, 'orders/carol-big')) },
  {
    collection: 'orders',
    operation: 'update',
    what: 'an order awaiting approval approved by a direct write (attack: only decideApproval decides)',
    expect: nobody,
    run: (db) => updateDoc(doc(db, 'orders/carol-big'), { status: 'pending', 'approval.decision': 'approved' }),
  },

  // invitations (alice-co invited bob@example.com)
  {
    collection: 'invitations',
    operation: 'get',
    what: 'an invitation, by the inviting owner and the invited address',
    expect: [deny, allow, allow, allow, deny],
    run: (db) => getDoc(doc(db, 'invitations/code-for-bob')),
  },
  {
    collection: 'invitations',
    operation: 'list',
    what: "alice-co's invitations (companyId filter)",
    expect: ownerOrAdmin,
    run: (db) => getDocs(query(collection(db, 'invitations'), where('companyId', '==', 'alice-co'))),
  },
  {
    collection: 'invitations',
    operation: 'list',
    what: "alice-co's open invitations (the owner's list on /profile)",
    expect: ownerOrAdmin,
    run: (db) => getDocs(query(collection(db, 'invitations'), where('companyId', '==', 'alice-co'), where('status', '==', 'open'))),
  },
  { collection: 'invitations', operation: 'list', what: 'all invitations', expect: adminOnly, run: (db) => getDocs(collection(db, 'invitations')) },
  {
    collection: 'invitations',
    operation: 'update',
    what: 'an invitation given a longer life (attack: only the callables end or extend one)',
    expect: nobody,
    run: (db) => updateDoc(doc(db, 'invitations/code-for-bob'), { status: 'open', expiresAt: new Date('2099-01-01') }),
  },
  { collection: 'companies', operation: 'get', what: "alice-co's count of invitations sent today", expect: nobody, run: (db) => getDoc(doc(db, 'companies/alice-co/counters/invitations')) },
  {
    collection: 'companies',
    operation: 'update',
    what: "alice-co's count of invitations emptied (attack: past the daily limit)",
    expect: nobody,
    run: (db) => setDoc(doc(db, 'companies/alice-co/counters/invitations'), { sentAt: [] }),
  },
  {
    collection: 'invitations',
    operation: 'create',
    what: 'an invitation to a company for oneself (attack: joining uninvited)',
    absent: ['invitations/forged'],
    expect: nobody,
    run: (db) => setDoc(doc(db, 'invitations/forged'), { companyId: 'bob-co', email: 'carol@example.com', invitedBy: 'bob', status: 'open' }),
  },
  {
    collection: 'invitations',
    operation: 'update',
    what: 'an invitation redirected to another address (attack)',
    expect: nobody,
    run: (db) => updateDoc(doc(db, 'invitations/code-for-bob'), { email: 'carol@example.com' }),
  },
  { collection: 'invitations', operation: 'delete', what: 'an invitation', expect: nobody, run: (db) => deleteDoc(doc(db, 'invitations/code-for-bob')) },
  { collection: 'orders', operation: 'update', what: "the shopper's invoice number (attack: numbers come from the counter)", expect: nobody, run: (db) => updateDoc(doc(db, 'orders/alice-1'), { invoiceNumber: 1 }) },
  {
    collection: 'orders',
    operation: 'update',
    what: "the shopper's shipment (attack: a forged tracking link)",
    expect: nobody,
    run: (db) => updateDoc(doc(db, 'orders/alice-1'), { shipment: { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' } }),
  },

  // mail: the outbox, written by placeOrder and updateOrderStatus, read only by the sender (the seeded
  // message is already sent, so the sender leaves it alone)
  { collection: 'mail', operation: 'get', what: "the shopper's order e-mail", expect: nobody, run: (db) => getDoc(doc(db, 'mail/alice-1-received')) },
  { collection: 'mail', operation: 'list', what: 'all e-mails', expect: nobody, run: (db) => getDocs(collection(db, 'mail')) },
  {
    collection: 'mail',
    operation: 'create',
    what: 'an e-mail from the shop (attack: phishing through the shop)',
    absent: ['mail/forged'],
    expect: nobody,
    run: (db) => setDoc(doc(db, 'mail/forged'), { ...mail, to: ['victim@example.com'] }),
  },
  { collection: 'mail', operation: 'update', what: 'a queued e-mail\'s recipients (attack)', expect: nobody, run: (db) => updateDoc(doc(db, 'mail/alice-1-received'), { to: ['bob@example.com'] }) },
  { collection: 'mail', operation: 'update', what: 'a sent e-mail back to pending (attack: send it twice)', expect: nobody, run: (db) => updateDoc(doc(db, 'mail/alice-1-received'), { status: 'pending' }) },
  { collection: 'mail', operation: 'delete', what: 'a queued e-mail', expect: nobody, run: (db) => deleteDoc(doc(db, 'mail/alice-1-received')) },

  // counters: the invoice sequence, kept by the functions
  { collection: 'counters', operation: 'get', what: 'the invoice counter', expect: nobody, run: (db) => getDoc(doc(db, 'counters/invoices')) },
  { collection: 'counters', operation: 'update', what: 'the invoice counter (attack: skip or reuse numbers)', expect: nobody, run: (db) => updateDoc(doc(db, 'counters/invoices'), { next: 1 }) },
  { collection: 'counters', operation: 'delete', what: 'the invoice counter', expect: nobody, run: (db) => deleteDoc(doc(db, 'counters/invoices')) },

  // documentFiles: PDFs the functions drew, read only through the callables that check who sees them
  { collection: 'documentFiles', operation: 'get', what: 'a kept invoice PDF', expect: nobody, run: (db) => getDoc(doc(db, 'documentFiles/kept-invoice')) },
  { collection: 'documentFiles', operation: 'list', what: 'every kept PDF', expect: nobody, run: (db) => getDocs(collection(db, 'documentFiles')) },
  { collection: 'documentFiles', operation: 'update', what: 'a kept invoice PDF (attack: another document under its name)', expect: nobody, run: (db) => updateDoc(doc(db, 'documentFiles/kept-invoice'), { pdf: Bytes.fromUint8Array(new Uint8Array([0])) }) },

  // quotes and their messages: the company's members and admins read; nobody writes (the quote callables do)
  { collection: 'quotes', operation: 'get', what: "alice-co's quote", expect: membersOrAdmin, more: aliceCoQuote, run: (db) => getDoc(doc(db, 'quotes/Q-ALICE')) },
  { collection: 'quotes', operation: 'get', what: "bob-co's quote (its prices)", expect: otherCompanyOrAdmin, run: (db) => getDoc(doc(db, 'quotes/Q-BOB')) },
  { collection: 'quotes', operation: 'list', what: "alice-co's quotes (companyId filter)", expect: membersOrAdmin, more: aliceCoQuote, run: (db) => getDocs(query(collection(db, 'quotes'), where('companyId', '==', 'alice-co'))) },
  { collection: 'quotes', operation: 'list', what: "bob-co's quotes (companyId filter), which tom, its rep, lists", expect: otherCompanyOrAdmin, more: { sales: deny, otherSales: allow }, run: (db) => getDocs(query(collection(db, 'quotes'), where('companyId', '==', 'bob-co'))) },
  { collection: 'quotes', operation: 'list', what: 'every quote', expect: adminOnly, run: (db) => getDocs(collection(db, 'quotes')) },
  {
    collection: 'quotes',
    operation: 'create',
    what: 'a quote (attack: quote oneself a price)',
    absent: ['quotes/forged'],
    expect: nobody,
    run: (db) => setDoc(doc(db, 'quotes/forged'), { companyId: 'alice-co', status: 'quoted', version: 1, lines: [{ productId: 'active', quantity: 10, unitPrice: 1, lineTotal: 10 }], total: 10 }),
  },
  { collection: 'quotes', operation: 'update', what: "a quote's prices (attack)", expect: nobody, run: (db) => updateDoc(doc(db, 'quotes/Q-ALICE'), { lines: [{ productId: 'active', quantity: 10, unitPrice: 1, lineTotal: 10 }], total: 10 }) },
  { collection: 'quotes', operation: 'update', what: "a quote's status (attack: accept without an order)", expect: nobody, run: (db) => updateDoc(doc(db, 'quotes/Q-ALICE'), { status: 'accepted' }) },
  { collection: 'quotes', operation: 'delete', what: 'a quote', expect: nobody, run: (db) => deleteDoc(doc(db, 'quotes/Q-ALICE')) },
  { collection: 'quotes/messages', operation: 'get', what: "a message of alice-co's quote", expect: membersOrAdmin, more: aliceCoQuote, run: (db) => getDoc(doc(db, 'quotes/Q-ALICE/messages/m1')) },
  { collection: 'quotes/messages', operation: 'list', what: "alice-co's quote conversation", expect: membersOrAdmin, more: aliceCoQuote, run: (db) => getDocs(collection(db, 'quotes/Q-ALICE/messages')) },
  { collection: 'quotes/messages', operation: 'list', what: "bob-co's quote conversation", expect: otherCompanyOrAdmin, run: (db) => getDocs(collection(db, 'quotes/Q-BOB/messages')) },
  {
    collection: 'quotes/messages',
    operation: 'create',
    what: 'a message written past the callable',
    absent: ['quotes/Q-ALICE/messages/forged'],
    expect: nobody,
    run: (db) => setDoc(doc(db, 'quotes/Q-ALICE/messages/forged'), { side: 'staff', by: 'ada', byName: 'Ada', text: 'Free of charge', at: new Date('2026-01-04'), version: 2, kind: 'message' }),
  },
  { collection: 'quotes/messages', operation: 'update', what: "a message's text (attack: rewrite the staff's answer)", expect: nobody, run: (db) => updateDoc(doc(db, 'quotes/Q-ALICE/messages/m1'), { text: 'Half price' }) },
  { collection: 'quotes/messages', operation: 'delete', what: 'a message', expect: nobody, run: (db) => deleteDoc(doc(db, 'quotes/Q-ALICE/messages/m1')) },
  { collection: 'counters', operation: 'update', what: 'the quote counter (attack: reuse numbers)', expect: nobody, run: (db) => updateDoc(doc(db, 'counters/quotes'), { next: 1 }) },

  // accounts receivable: a buyer reads its own orders' invoices and credit notes, the owner and
  // approvers everything of the company, with the staff who read it; nobody writes (the functions do)
  { collection: 'invoices', operation: 'get', what: "the invoice of the owner's order (for carol, another buyer's)", expect: ownerOrAdmin, more: aliceCoAccount, run: (db) => getDoc(doc(db, 'invoices/INV-000041')) },
  { collection: 'invoices', operation: 'get', what: "the invoice of carol's own order", expect: membersOrAdmin, more: aliceCoAccount, run: (db) => getDoc(doc(db, 'invoices/INV-000042')) },
  { collection: 'invoices', operation: 'get', what: "bob-co's invoice", expect: otherCompanyOrAdmin, more: bobCoAccount, run: (db) => getDoc(doc(db, 'invoices/INV-000040')) },
  { collection: 'invoices', operation: 'list', what: "alice-co's invoices (companyId filter)", expect: ownerOrAdmin, more: aliceCoAccount, run: (db) => getDocs(query(collection(db, 'invoices'), where('companyId', '==', 'alice-co'))) },
  {
    collection: 'invoices',
    operation: 'list',
    what: "carol's invoices (companyId and userId filter)",
    expect: membersOrAdmin,
    more: aliceCoAccount,
    run: (db) => getDocs(query(collection(db, 'invoices'), where('companyId', '==', 'alice-co'), where('userId', '==', 'carol'))),
  },
  { collection: 'invoices', operation: 'list', what: 'every invoice', expect: adminOnly, run: (db) => getDocs(collection(db, 'invoices')) },
  {
    collection: 'invoices',
    operation: 'create',
    what: 'an invoice (attack: bill another company)',
    absent: ['invoices/INV-000099'],
    expect: nobody,
    run: (db) => setDoc(doc(db, 'invoices/INV-000099'), { number: 'INV-000099', companyId: 'bob-co', total: 100 }),
  },
  { collection: 'invoices', operation: 'update', what: 'an invoice marked paid (attack)', expect: nobody, run: (db) => updateDoc(doc(db, 'invoices/INV-000041'), { amountPaid: 5000, status: 'paid' }) },
  { collection: 'invoices', operation: 'delete', what: 'an issued invoice', expect: nobody, run: (db) => deleteDoc(doc(db, 'invoices/INV-000041')) },
  { collection: 'creditNotes', operation: 'get', what: "the credit note of the owner's order (for carol, another buyer's)", expect: ownerOrAdmin, more: aliceCoAccount, run: (db) => getDoc(doc(db, 'creditNotes/CN-000006')) },
  { collection: 'creditNotes', operation: 'get', what: "the credit note of carol's own order", expect: membersOrAdmin, more: aliceCoAccount, run: (db) => getDoc(doc(db, 'creditNotes/CN-000005')) },
  {
    collection: 'creditNotes',
    operation: 'list',
    what: "the credit notes of carol's order (companyId, orderId and userId filter, as its order page asks)",
    expect: membersOrAdmin,
    more: aliceCoAccount,
    run: (db) => getDocs(query(collection(db, 'creditNotes'), where('companyId', '==', 'alice-co'), where('orderId', '==', 'carol-1'), where('userId', '==', 'carol'))),
  },
  { collection: 'creditNotes', operation: 'list', what: "alice-co's credit notes (companyId filter)", expect: ownerOrAdmin, more: aliceCoAccount, run: (db) => getDocs(query(collection(db, 'creditNotes'), where('companyId', '==', 'alice-co'))) },
  {
    collection: 'creditNotes',
    operation: 'create',
    what: 'a credit note (attack: credit oneself)',
    absent: ['creditNotes/CN-000099'],
    expect: nobody,
    run: (db) => setDoc(doc(db, 'creditNotes/CN-000099'), { number: 'CN-000099', companyId: 'alice-co', invoiceNumber: 'INV-000041', amount: 5000 }),
  },
  { collection: 'creditNotes', operation: 'update', what: 'a credit note\'s amount (attack)', expect: nobody, run: (db) => updateDoc(doc(db, 'creditNotes/CN-000006'), { amount: 5000 }) },
  { collection: 'returns', operation: 'get', what: "the return of carol's order", expect: membersOrAdmin, more: aliceCoReturn, run: (db) => getDoc(doc(db, 'returns/carol-return')) },
  {
    collection: 'returns',
    operation: 'list',
    what: "the returns of carol's order (orderId and userId filter, as the buyer's order page asks)",
    expect: [deny, deny, deny, allow, allow],
    run: (db) => getDocs(query(collection(db, 'returns'), where('orderId', '==', 'carol-1'), where('userId', '==', 'carol'))),
  },
  { collection: 'returns', operation: 'list', what: "alice-co's returns (companyId filter)", expect: ownerOrAdmin, more: aliceCoReturn, run: (db) => getDocs(query(collection(db, 'returns'), where('companyId', '==', 'alice-co'))) },
  { collection: 'returns', operation: 'list', what: 'every return', expect: adminOnly, run: (db) => getDocs(collection(db, 'returns')) },
  {
    collection: 'returns',
    operation: 'create',
    what: 'a return (attack: credit oneself for goods never sent)',
    absent: ['returns/forged'],
    expect: nobody,
    run: (db) => setDoc(doc(db, 'returns/forged'), { number: 'RMA-000099', orderId: 'alice-1', companyId: 'alice-co', userId: 'alice', status: 'approved', lines: [] }),
  },
  { collection: 'returns', operation: 'update', what: 'a return marked approved (attack)', expect: nobody, run: (db) => updateDoc(doc(db, 'returns/carol-return'), { status: 'approved' }) },
  { collection: 'returns', operation: 'delete', what: 'a return', expect: nobody, run: (db) => deleteDoc(doc(db, 'returns/carol-return')) },
  { collection: 'payments', operation: 'get', what: "alice-co's payment", expect: ownerOrAdmin, more: aliceCoAccount, run: (db) => getDoc(doc(db, 'payments/PAY-ALICE')) },
  { collection: 'payments', operation: 'list', what: "alice-co's payments (companyId filter)", expect: ownerOrAdmin, more: aliceCoAccount, run: (db) => getDocs(query(collection(db, 'payments'), where('companyId', '==', 'alice-co'))) },
  { collection: 'payments', operation: 'list', what: "bob-co's payments (companyId filter)", expect: otherCompanyOrAdmin, more: bobCoAccount, run: (db) => getDocs(query(collection(db, 'payments'), where('companyId', '==', 'bob-co'))) },
  {
    collection: 'payments',
    operation: 'create',
    what: 'a payment (attack: pay an invoice without money)',
    absent: ['payments/forged'],
    expect: nobody,
    run: (db) => setDoc(doc(db, 'payments/forged'), { companyId: 'alice-co', amount: 5000, allocations: [{ invoiceNumber: 'INV-000041', amount: 4000 }] }),
  },
  { collection: 'onlinePayments', operation: 'get', what: 'an online payment carol started', expect: membersOrAdmin, more: aliceCoAccount, run: (db) => getDoc(doc(db, 'onlinePayments/pi_carol')) },
  { collection: 'onlinePayments', operation: 'get', what: "an online payment alice started (for carol, another buyer's)", expect: ownerOrAdmin, more: aliceCoAccount, run: (db) => getDoc(doc(db, 'onlinePayments/pi_alice')) },
  { collection: 'onlinePayments', operation: 'list', what: "alice-co's online payments (companyId filter)", expect: ownerOrAdmin, more: aliceCoAccount, run: (db) => getDocs(query(collection(db, 'onlinePayments'), where('companyId', '==', 'alice-co'))) },
  {
    collection: 'onlinePayments',
    operation: 'update',
    what: 'an online payment marked succeeded (attack: pay without paying)',
    expect: nobody,
    run: (db) => updateDoc(doc(db, 'onlinePayments/pi_carol'), { status: 'succeeded' }),
  },
  {
    collection: 'paymentReconciliations',
    operation: 'get',
    what: "a day's check of online payments",
    expect: adminOnly,
    more: { approver: deny, finance: allow, sales: deny, otherSales: deny, warehouse: deny },
    run: (db) => getDoc(doc(db, 'paymentReconciliations/2026-11-27')),
  },
  { collection: 'payments', operation: 'update', what: 'a payment edited away (attack)', expect: nobody, run: (db) => updateDoc(doc(db, 'payments/PAY-ALICE'), { amount: 0 }) },
  { collection: 'payments', operation: 'delete', what: 'a payment', expect: nobody, run: (db) => deleteDoc(doc(db, 'payments/PAY-ALICE')) },
  { collection: 'companies/ledger', operation: 'list', what: "alice-co's ledger", expect: ownerOrAdmin, more: aliceCoAccount, run: (db) => getDocs(collection(db, 'companies/alice-co/ledger')) },
  { collection: 'companies/ledger', operation: 'get', what: "an entry of alice-co's ledger", expect: ownerOrAdmin, more: aliceCoAccount, run: (db) => getDoc(doc(db, 'companies/alice-co/ledger/e1')) },
  { collection: 'companies/ledger', operation: 'list', what: "bob-co's ledger", expect: otherCompanyOrAdmin, more: bobCoAccount, run: (db) => getDocs(collection(db, 'companies/bob-co/ledger')) },
  {
    collection: 'companies/ledger',
    operation: 'create',
    what: 'a ledger entry (attack: lower the balance)',
    absent: ['companies/alice-co/ledger/forged'],
    expect: nobody,
    run: (db) => setDoc(doc(db, 'companies/alice-co/ledger/forged'), { kind: 'payment', amount: -5000, balance: 0 }),
  },
  { collection: 'companies/ledger', operation: 'update', what: 'a ledger entry (attack)', expect: nobody, run: (db) => updateDoc(doc(db, 'companies/alice-co/ledger/e1'), { amount: 0 }) },
  { collection: 'counters', operation: 'update', what: 'the credit note counter (attack: reuse numbers)', expect: nobody, run: (db) => updateDoc(doc(db, 'counters/creditNotes'), { next: 1 }) },
  { collection: 'testing', operation: 'update', what: "the emulators' test clock (attack: move due dates)", expect: nobody, run: (db) => setDoc(doc(db, 'testing/clock'), { offsetMs: -1e12 }) },
  { collection: 'apiRateLimits', operation: 'update', what: "an API key's request count (attack: lift the rate limit)", expect: nobody, run: (db) => setDoc(doc(db, 'apiRateLimits/key-1_1764320000'), { keyId: 'key-1', count: 0 }) },
  { collection: 'apiIdempotency', operation: 'get', what: "a REST API write's kept answer", expect: nobody, run: (db) => getDoc(doc(db, 'apiIdempotency/abc')) },
  { collection: 'apiIdempotency', operation: 'delete', what: "a REST API write's kept answer (attack: make a retry write again)", expect: nobody, run: (db) => deleteDoc(doc(db, 'apiIdempotency/abc')) },

  // saved lists (the owner writes; its company's members read those saved for the company)
  { collection: 'lists', operation: 'get', what: "the shopper's list", expect: ownerOnly, run: (db) => getDoc(doc(db, 'lists/alice-weekly')) },
  {
    collection: 'lists',
    operation: 'list',
    what: "the shopper's lists (ownerId filter)",
    expect: ownerOnly,
    run: (db) => getDocs(query(collection(db, 'lists'), where('ownerId', '==', 'alice'))),
  },
  { collection: 'lists', operation: 'list', what: 'every list (attack)', expect: nobody, run: (db) => getDocs(collection(db, 'lists')) },
  {
    collection: 'lists',
    operation: 'create',
    what: 'a list owned by the shopper (others: planting one in her name)',
    absent: ['lists/new'],
    expect: ownerOnly,
    run: (db) => setDoc(doc(db, 'lists/new'), newList()),
  },
  {
    collection: 'lists',
    operation: 'create',
    what: 'a list with a field the shop does not know (attack)',
    absent: ['lists/extra'],
    expect: nobody,
    run: (db) => setDoc(doc(db, 'lists/extra'), newList({ price: 1 })),
  },
  {
    collection: 'lists',
    operation: 'create',
    what: 'a list of 201 lines (attack)',
    absent: ['lists/huge'],
    expect: nobody,
    run: (db) => setDoc(doc(db, 'lists/huge'), newList({ lines: Array.from({ length: 201 }, (_, index) => ({ productId: `p${index}`, quantity: 1 })) })),
  },
  {
    collection: 'lists',
    operation: 'update',
    what: "the lines of the shopper's list",
    expect: ownerOnly,
    run: (db) => updateDoc(doc(db, 'lists/alice-weekly'), { lines: [{ productId: 'active', quantity: 4 }], updatedAt: serverTimestamp() }),
  },
  {
    collection: 'lists',
    operation: 'update',
    what: "the owner of the shopper's list, to take it over (attack)",
    expect: nobody,
    run: (db) => updateDoc(doc(db, 'lists/alice-weekly'), { ownerId: 'bob', updatedAt: serverTimestamp() }),
  },
  { collection: 'lists', operation: 'delete', what: "the shopper's list", expect: ownerOnly, run: (db) => deleteDoc(doc(db, 'lists/alice-weekly')) },
  { collection: 'lists', operation: 'get', what: "the shopper's list saved for her company", expect: members, run: (db) => getDoc(doc(db, 'lists/alice-shared')) },
  {
    collection: 'lists',
    operation: 'list',
    what: "the company's lists (companyId filter)",
    expect: members,
    run: (db) => getDocs(query(collection(db, 'lists'), where('companyId', '==', 'alice-co'))),
  },
  {
    collection: 'lists',
    operation: 'list',
    what: "bob-co's lists (companyId filter; others: another company's)",
    expect: [deny, deny, allow, deny, deny],
    run: (db) => getDocs(query(collection(db, 'lists'), where('companyId', '==', 'bob-co'))),
  },
  {
    collection: 'lists',
    operation: 'create',
    what: "a list of the shopper's shared with her company",
    absent: ['lists/shared-new'],
    expect: ownerOnly,
    run: (db) => setDoc(doc(db, 'lists/shared-new'), newList({ companyId: 'alice-co' })),
  },
  {
    collection: 'lists',
    operation: 'create',
    what: 'a list shared with a company its owner is not in (attack)',
    absent: ['lists/planted'],
    expect: nobody,
    run: (db) => setDoc(doc(db, 'lists/planted'), newList({ companyId: 'bob-co' })),
  },
  {
    collection: 'lists',
    operation: 'update',
    what: "the lines of the company's list (colleagues read it only)",
    expect: ownerOnly,
    run: (db) => updateDoc(doc(db, 'lists/alice-shared'), { lines: [], updatedAt: serverTimestamp() }),
  },
  {
    collection: 'lists',
    operation: 'update',
    what: "the company of the shopper's list, to show it to another (attack)",
    expect: nobody,
    run: (db) => updateDoc(doc(db, 'lists/alice-shared'), { companyId: 'bob-co', updatedAt: serverTimestamp() }),
  },
  { collection: 'lists', operation: 'delete', what: "the company's list (colleagues read it only)", expect: ownerOnly, run: (db) => deleteDoc(doc(db, 'lists/alice-shared')) },

  // purchase summaries ("Buy again", kept by a trigger)
  { collection: 'purchaseSummaries', operation: 'get', what: "the shopper's purchases", expect: ownerOnly, run: (db) => getDoc(doc(db, 'purchaseSummaries/alice')) },
  { collection: 'purchaseSummaries', operation: 'list', what: "every buyer's purchases (attack)", expect: nobody, run: (db) => getDocs(collection(db, 'purchaseSummaries')) },
  {
    collection: 'purchaseSummaries',
    operation: 'update',
    what: "the shopper's purchase counts",
    expect: nobody,
    run: (db) => updateDoc(doc(db, 'purchaseSummaries/alice'), { orderIds: [] }),
  },

  // the search index (built by a function from active products only)
  { collection: 'searchIndex', operation: 'get', what: 'the index state', expect: everyone, run: (db) => getDoc(doc(db, 'searchIndex/state')) },
  { collection: 'searchIndexParts', operation: 'get', what: 'a part of the index', expect: everyone, run: (db) => getDoc(doc(db, 'searchIndexParts/1_0')) },
  {
    collection: 'searchIndex',
    operation: 'update',
    what: 'the index version (attack: point readers at a forged index)',
    expect: nobody,
    run: (db) => updateDoc(doc(db, 'searchIndex/state'), { version: 99 }),
  },
  {
    collection: 'searchIndexParts',
    operation: 'create',
    what: 'a forged part of the index (attack)',
    absent: ['searchIndexParts/2_0'],
    expect: nobody,
    run: (db) => setDoc(doc(db, 'searchIndexParts/2_0'), { version: 2, part: 0, text: '[]' }),
  },
  { collection: 'searchIndexParts', operation: 'delete', what: 'a part of the index', expect: nobody, run: (db) => deleteDoc(doc(db, 'searchIndexParts/1_0')) },

  // product import jobs (run by the functions; admins follow them)
  { collection: 'productImports', operation: 'get', what: 'an import job', expect: adminOnly, more: noStaff, run: (db) => getDoc(doc(db, 'productImports/job-1')) },
  { collection: 'productImports', operation: 'list', what: 'the import jobs', expect: adminOnly, more: noStaff, run: (db) => getDocs(collection(db, 'productImports')) },
  { collection: 'productImports/refused', operation: 'list', what: "a job's refused rows", expect: adminOnly, more: noStaff, run: (db) => getDocs(collection(db, 'productImports/job-1/refused')) },
  {
    collection: 'productImports',
    operation: 'update',
    what: "a job's counts (attack: hide refused rows)",
    expect: nobody,
    run: (db) => updateDoc(doc(db, 'productImports/job-1'), { refusedRows: 0 }),
  },
  {
    collection: 'productImports/chunks',
    operation: 'create',
    what: 'a chunk of rows slipped into a job (attack)',
    absent: ['productImports/job-1/chunks/00009'],
    expect: nobody,
    run: (db) => setDoc(doc(db, 'productImports/job-1/chunks/00009'), { rows: [], done: false }),
  },
  { collection: 'productImports/refused', operation: 'delete', what: 'a refused row', expect: nobody, run: (db) => deleteDoc(doc(db, 'productImports/job-1/refused/0000003')) },

  // anything else
  { collection: 'other', operation: 'create', what: 'a document in an unknown collection', expect: nobody, run: (db) => setDoc(doc(db, 'coupons/free'), { percent: 100 }) },
  { collection: 'other', operation: 'get', what: 'a document in an unknown collection', expect: nobody, run: (db) => getDoc(doc(db, 'coupons/free')) },
];
