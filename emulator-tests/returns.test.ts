/**
 * Returns on the emulators: a buyer asks, the shop approves or rejects, the warehouse receives part
 * resellable and part damaged, stock rises by the resellable units only (to waiting backorders
 * first), and each receipt is one credit note the company owes less by. Refusals (more than
 * shipped, too late on the shop's clock, another company's order, two requests at once beyond
 * what shipped) write nothing; no client writes a return, and another company cannot read one.
 */
import { randomUUID } from 'node:crypto';
import { FieldValue } from 'firebase-admin/firestore';
import { collection, deleteDoc, doc, getDoc, getDocs, query, setDoc, updateDoc, where } from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RETURN_DAYS, taxRateFor, type Orderable } from '@harbor/domain';
import { adminDb, callError, clearFirestore, type TestClient } from './harness';
import { attachedPdfText, waitForMail } from './inbox';
import { arrangeCompany, placeInvoiceOrder, shippedOrder as placeAndShip, signInCompanyPeople, type CompanyPeople } from './orderFixtures';

/** $10.00 a case, 20 on the shelf, backorderable. */
const water: Orderable = { id: 'water', name: 'Sparkling Water', sku: 'BEV-1', unit: 'case', imageUrl: '', price: 1_000, tiers: [], minOrderQty: 1, packSize: 1, stock: 20, active: true, backorderable: true, backordered: 0, restockDate: '' };
/** $20.00 a box, 10 on the shelf. */
const cups: Orderable = { id: 'cups', name: 'Paper Cups', sku: 'PAP-1', unit: 'box', imageUrl: '', price: 2_000, tiers: [], minOrderQty: 1, packSize: 1, stock: 10, active: true, backorderable: false, backordered: 0, restockDate: '' };
const COMPANY = 'co-returns';
const buyerEmail = `buyer-${Date.now()}@returns.test`;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Goods and the tax on them at the Texas rate, rounded to the cent. */
const withTax = (cents: number) => cents + Math.round((cents * taxRateFor('TX')) / 10_000);

let people: CompanyPeople;
let owner: TestClient;
let buyer: TestClient;
let stranger: TestClient;
let admin: TestClient;
let warehouse: TestClient;
let sales: TestClient;

beforeAll(async () => {
  people = await signInCompanyPeople(buyerEmail);
  ({ owner, buyer, stranger, admin, warehouse, sales } = people);
});
afterAll(async () => Promise.all(Object.values(people).map((client) => client.close())));

beforeEach(async () => {
  await clearFirestore();
  await arrangeCompany(people, COMPANY, buyerEmail, [water, cups], { name: 'Returns Co' });
  await adminDb.doc('testing/clock').set({ offsetMs: 0 });
});

const productNow = async (id: string) => (await adminDb.doc(`products/${id}`).get()).data()!;
const orderNow = async (orderId: string) => (await adminDb.doc(`orders/${orderId}`).get()).data()!;
const returnNow = async (returnId: string) => (await adminDb.doc(`returns/${returnId}`).get()).data()!;
const companyNow = async () => (await adminDb.doc(`companies/${COMPANY}`).get()).data()!;
const count = async (path: string) => (await adminDb.collection(path).count().get()).data().count;
const setClock = (at: number) => adminDb.doc('testing/clock').set({ offsetMs: at - Date.now() });

const shippedOrder = (client: TestClient, lines: [Orderable, number][]) => placeAndShip(client, warehouse, lines);

type Lines = { productId: string; quantity: number; reason: string }[];
const requestReturn = (client: TestClient, orderId: string, lines: Lines, requestId = randomUUID()) =>
  client.call<{ returnId: string; number: string }>('requestReturn', { orderId, requestId, lines, note: 'Arrived crushed' });
const approve = (returnId: string, extra: Record<string, unknown> = {}, by = admin) => by.call<{ status: string }>('decideReturn', { returnId, decision: 'approve', message: '', ...extra });
const receive = (returnId: string, lines: { productId: string; quantity: number; condition: string }[], requestId = randomUUID(), by = warehouse) =>
  by.call<{ status: string; creditNotes: string[] }>('receiveReturn', { returnId, requestId, lines });

describe('a return from request to credit', () => {
  it('restocks the resellable units only and credits every unit received, one credit note per receipt, and the company owes that much less', async () => {
    const { orderId, invoiceNumber } = await shippedOrder(buyer, [[water, 10], [cups, 4]]);
    const owedBefore = (await companyNow()).openBalance as number;
    const asked = await requestReturn(buyer, orderId, [
      { productId: 'water', quantity: 4, reason: 'damaged' },
      { productId: 'cups', quantity: 2, reason: 'wrong-item' },
    ]);
    expect(asked.number).toBe('RMA-000001');
    expect(await returnNow(asked.returnId)).toMatchObject({ status: 'requested', orderId, companyId: COMPANY, userId: buyer.uid, number: 'RMA-000001' });
    // The shop's order desk hears of it.
    const isRequest = (mail: { subject: string }) => mail.subject === `Return request RMA-000001 for order ${orderId}`;
    const request = (await waitForMail('order-desk@harbor.test', 1, 60_000, isRequest)).find(isRequest);
    expect(request?.text).toContain('Arrived crushed');

    expect(await approve(asked.returnId)).toMatchObject({ status: 'approved' });
    // The buyer gets the authorization: the RMA number to write on the parcel and where to send it.
    const isApproval = (mail: { subject: string; text: string }) => mail.subject === 'Return RMA-000001 approved: how to send the goods back' && mail.text.includes(orderId);
    const approved = (await waitForMail(buyerEmail, 1, 60_000, isApproval)).find(isApproval)!;
    expect(approved.text).toContain('write RMA-000001 on every parcel');
    const authorization = await attachedPdfText(approved, 'return-authorization-RMA-000001.pdf');
    expect(authorization).toContain('RMA-000001');
    expect(authorization).toContain('Dock 2, 100 Harbor Way');
    expect(authorization).toContain('Write RMA-000001 clearly on the outside of every parcel');

    // Three of the four cases arrive: two resellable, one damaged.
    const first = await receive(asked.returnId, [
      { productId: 'water', quantity: 2, condition: 'resellable' },
      { productId: 'water', quantity: 1, condition: 'damaged' },
    ]);
    expect(first).toMatchObject({ status: 'received', creditNotes: ['CN-000001'] });
    expect((await productNow('water')).stock).toBe(20 - 10 + 2);
    // 3 × $10.00 and 6.25% tax on it ($1.875, rounded): $31.88.
    const note = (await adminDb.doc('creditNotes/CN-000001').get()).data()!;
    expect(withTax(3_000)).toBe(3_188);
    expect(note).toMatchObject({ amount: 3_188, invoiceNumber, orderId, returnNumber: 'RMA-000001', restocked: true, restockingFee: 0 });
    expect(note.lines).toEqual([expect.objectContaining({ productId: 'water', quantity: 3, unitPrice: 1_000, lineTotal: 3_000 })]);
    expect((await companyNow()).openBalance).toBe(owedBefore - 3_188);
    expect((await adminDb.doc(`invoices/${invoiceNumber}`).get()).get('amountCredited')).toBe(3_188);

    // The rest arrives; the return is credited whole.
    const second = await receive(asked.returnId, [
      { productId: 'water', quantity: 1, condition: 'damaged' },
      { productId: 'cups', quantity: 2, condition: 'resellable' },
    ]);
    expect(second).toMatchObject({ status: 'credited', creditNotes: ['CN-000002'] });
    expect(await productNow('water')).toMatchObject({ stock: 12 });
    expect(await productNow('cups')).toMatchObject({ stock: 10 - 4 + 2 });
    const returned = await returnNow(asked.returnId);
    expect(returned).toMatchObject({ status: 'credited', creditNotes: ['CN-000001', 'CN-000002'] });
    expect(returned.lines).toEqual([expect.objectContaining({ productId: 'water', resellable: 2, damaged: 2 }), expect.objectContaining({ productId: 'cups', resellable: 2, damaged: 0 })]);
    expect(returned.history.map((event: { status: string }) => event.status)).toEqual(['requested', 'approved', 'received', 'credited']);
    // 1 × $10.00 + 2 × $20.00 = $50.00 and $3.125 of tax: $53.13.
    expect((await companyNow()).openBalance).toBe(owedBefore - 3_188 - withTax(5_000));
    // Every staff step is audited on the order.
    const audit = await adminDb.collection('auditLog').where('target', '==', `orders/${orderId}`).get();
    expect(audit.docs.map((entry) => entry.get('action')).sort()).toEqual(['order.shipment', 'return.approve', 'return.receive', 'return.receive']);
  });

  it('takes a restocking fee off the goods before tax, and gives resellable units to waiting backorders first', async () => {
    const { orderId } = await shippedOrder(buyer, [[water, 10]]);
    // Another order waits for 5 cases: the shelf is empty.
    await adminDb.doc('products/water').update({ stock: 0 });
    const waiting = await placeInvoiceOrder(owner, [[water, 5], [cups, 3]]);
    expect(await productNow('water')).toMatchObject({ stock: 0, backordered: 5 });

    const { returnId } = await requestReturn(owner, orderId, [{ productId: 'water', quantity: 4, reason: 'ordered-by-mistake' }]);
    await approve(returnId, { restockingFeeBasisPoints: 1_500, message: 'Restocking fee for goods ordered by mistake.' });
    const { creditNotes } = await receive(returnId, [{ productId: 'water', quantity: 4, condition: 'resellable' }]);
    // $40.00 less 15% ($6.00) = $34.00, and 6.25% tax on that ($2.125): $36.13.
    expect((await adminDb.doc(`creditNotes/${creditNotes[0]}`).get()).data()).toMatchObject({ amount: withTax(3_400), restockingFee: 600 });
    // The four cases went to the waiting order, not to the shelf.
    expect(await productNow('water')).toMatchObject({ stock: 0, backordered: 1 });
    expect(((await orderNow(waiting)).items as { productId: string; allocated: number; backordered: number }[]).find((item) => item.productId === 'water')).toMatchObject({ allocated: 4, backordered: 1 });
  });

  it('answers a repeated request, decision and receipt as the first, writing nothing more', async () => {
    const { orderId } = await shippedOrder(buyer, [[water, 10]]);
    const requestId = randomUUID();
    const first = await requestReturn(buyer, orderId, [{ productId: 'water', quantity: 3, reason: 'damaged' }], requestId);
    expect(await requestReturn(buyer, orderId, [{ productId: 'water', quantity: 3, reason: 'damaged' }], requestId)).toEqual(first);
    expect(await count('returns')).toBe(1);
    await approve(first.returnId);
    expect(await approve(first.returnId)).toMatchObject({ status: 'approved' });
    const receiptId = randomUUID();
    const received = await receive(first.returnId, [{ productId: 'water', quantity: 3, condition: 'resellable' }], receiptId);
    expect(await receive(first.returnId, [{ productId: 'water', quantity: 3, condition: 'resellable' }], receiptId)).toEqual(received);
    expect(await count('creditNotes')).toBe(1);
    expect((await productNow('water')).stock).toBe(13);
  });
});

describe('what cannot be returned writes nothing', () => {
  const nothingWritten = async (orderId: string) => {
    expect(await count('returns')).toBe(0);
    expect((await orderNow(orderId)).unitsOnReturns).toEqual({});
  };

  it('refuses more than shipped, a product not shipped, an order not shipped, and another company', async () => {
    const { orderId } = await shippedOrder(buyer, [[water, 10]]);
    expect(await callError(requestReturn(buyer, orderId, [{ productId: 'water', quantity: 11, reason: 'damaged' }]))).toEqual({
      code: 'failed-precondition',
      message: 'Only 10 of Sparkling Water (BEV-1) can be returned: 10 shipped. Nothing was requested.',
    });
    expect(await callError(requestReturn(buyer, orderId, [{ productId: 'cups', quantity: 1, reason: 'damaged' }]))).toMatchObject({ code: 'failed-precondition' });
    // Another company is told the order does not exist, as for a missing one.
    const foreign = await callError(requestReturn(stranger, orderId, [{ productId: 'water', quantity: 1, reason: 'damaged' }]));
    const missing = await callError(requestReturn(stranger, 'HW-NOSUCHORDER', [{ productId: 'water', quantity: 1, reason: 'damaged' }]));
    expect(foreign).toEqual({ code: 'not-found', message: `There is no order ${orderId} on your account.` });
    expect(missing.code).toBe('not-found');
    await nothingWritten(orderId);

    const pending = await placeInvoiceOrder(buyer, [[water, 10]]);
    expect(await callError(requestReturn(buyer, pending, [{ productId: 'water', quantity: 1, reason: 'damaged' }]))).toEqual({
      code: 'failed-precondition',
      message: `Order ${pending} is pending: only goods that shipped can be returned.`,
    });
    await nothingWritten(pending);
  });

  it(`refuses units shipped more than ${RETURN_DAYS} days ago on the shop's clock`, async () => {
    const { orderId } = await shippedOrder(buyer, [[water, 10]]);
    await setClock(Date.now() + (RETURN_DAYS + 1) * DAY_MS);
    expect(await callError(requestReturn(buyer, orderId, [{ productId: 'water', quantity: 1, reason: 'damaged' }]))).toEqual({
      code: 'failed-precondition',
      message: `Only 0 of Sparkling Water (BEV-1) can be returned: 10 shipped, 10 shipped more than ${RETURN_DAYS} days ago. Nothing was requested.`,
    });
    await nothingWritten(orderId);
    // On the last day it still may.
    await setClock(Date.now() + (RETURN_DAYS - 1) * DAY_MS);
    await expect(requestReturn(buyer, orderId, [{ productId: 'water', quantity: 1, reason: 'damaged' }])).resolves.toMatchObject({ number: 'RMA-000001' });
  });

  it('lets only one of two requests at once have units beyond what shipped', async () => {
    const { orderId } = await shippedOrder(buyer, [[water, 10]]);
    const results = await Promise.allSettled([
      requestReturn(buyer, orderId, [{ productId: 'water', quantity: 6, reason: 'damaged' }]),
      requestReturn(owner, orderId, [{ productId: 'water', quantity: 6, reason: 'wrong-item' }]),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((result) => result.status === 'rejected') as PromiseRejectedResult;
    expect((refused.reason as { message: string }).message).toContain('Only 4 of Sparkling Water (BEV-1) can be returned: 10 shipped, 6 already on returns.');
    expect(await count('returns')).toBe(1);
    expect((await orderNow(orderId)).unitsOnReturns).toEqual({ 1: { water: 6 } });
    expect((await adminDb.doc('counters/returns').get()).get('next')).toBe(2);
  });

  it('refuses receiving before approval and more than approved, writing nothing', async () => {
    const { orderId } = await shippedOrder(buyer, [[water, 10]]);
    const { returnId } = await requestReturn(buyer, orderId, [{ productId: 'water', quantity: 3, reason: 'damaged' }]);
    expect(await callError(receive(returnId, [{ productId: 'water', quantity: 1, condition: 'resellable' }]))).toEqual({
      code: 'failed-precondition',
      message: 'Return RMA-000001 is requested: approve it before receiving its goods.',
    });
    await approve(returnId);
    expect(await callError(receive(returnId, [{ productId: 'water', quantity: 4, condition: 'resellable' }]))).toEqual({
      code: 'failed-precondition',
      message: 'Only 3 of Sparkling Water (BEV-1) are still to receive on this return, not 4. Nothing was received.',
    });
    expect(await count('creditNotes')).toBe(0);
    expect((await productNow('water')).stock).toBe(10);
    expect((await returnNow(returnId)).status).toBe('approved');
  });
});

describe('decisions and closing', () => {
  it('a rejection needs a reason and gives the units back; closing after a part arrived gives back the rest', async () => {
    const { orderId } = await shippedOrder(buyer, [[water, 10]]);
    const { returnId } = await requestReturn(buyer, orderId, [{ productId: 'water', quantity: 10, reason: 'not-as-described' }]);
    expect(await callError(admin.call('decideReturn', { returnId, decision: 'reject', message: '' }))).toMatchObject({ code: 'invalid-argument' });
    expect(await admin.call('decideReturn', { returnId, decision: 'reject', message: 'These were as described on the product page.' })).toMatchObject({ status: 'rejected' });
    expect((await orderNow(orderId)).unitsOnReturns).toEqual({ 1: { water: 0 } });
    expect(await callError(approve(returnId))).toMatchObject({ code: 'failed-precondition' });

    const again = await requestReturn(buyer, orderId, [{ productId: 'water', quantity: 5, reason: 'damaged' }]);
    await approve(again.returnId);
    await receive(again.returnId, [{ productId: 'water', quantity: 2, condition: 'damaged' }]);
    expect(await admin.call('closeReturn', { returnId: again.returnId, reason: 'The other three were not sent back.' })).toMatchObject({ status: 'closed' });
    expect((await orderNow(orderId)).unitsOnReturns).toEqual({ 1: { water: 2 } });
    expect((await returnNow(again.returnId)).history.at(-1)).toMatchObject({ status: 'closed', message: 'The other three were not sent back.' });
    expect(await callError(receive(again.returnId, [{ productId: 'water', quantity: 1, condition: 'damaged' }]))).toMatchObject({ code: 'failed-precondition' });
  });

  it('lets admins and the assigned sales rep decide, the warehouse receive, and no buyer do either', async () => {
    const { orderId } = await shippedOrder(buyer, [[water, 10]]);
    const { returnId } = await requestReturn(buyer, orderId, [{ productId: 'water', quantity: 2, reason: 'damaged' }]);
    expect(await callError(approve(returnId, {}, warehouse))).toMatchObject({ code: 'permission-denied' });
    expect(await callError(approve(returnId, {}, buyer))).toMatchObject({ code: 'permission-denied' });
    // A sales rep not assigned to the company is told the return does not exist.
    expect(await callError(approve(returnId, {}, sales))).toEqual({ code: 'not-found', message: `There is no return ${returnId}.` });
    await adminDb.doc(`companies/${COMPANY}`).update({ salesRepUid: sales.uid });
    expect(await approve(returnId, {}, sales)).toMatchObject({ status: 'approved' });
    expect(await callError(receive(returnId, [{ productId: 'water', quantity: 1, condition: 'resellable' }], randomUUID(), sales))).toMatchObject({ code: 'permission-denied' });
    expect(await callError(receive(returnId, [{ productId: 'water', quantity: 1, condition: 'resellable' }], randomUUID(), buyer))).toMatchObject({ code: 'permission-denied' });
    await expect(receive(returnId, [{ productId: 'water', quantity: 2, condition: 'resellable' }])).resolves.toMatchObject({ status: 'credited' });
  });

  it('lets a buyer who left the company return nothing of its orders', async () => {
    const { orderId } = await shippedOrder(buyer, [[water, 10]]);
    await adminDb.doc(`companies/${COMPANY}`).update({ [`members.${buyer.uid}`]: FieldValue.delete() });
    expect(await callError(requestReturn(buyer, orderId, [{ productId: 'water', quantity: 1, reason: 'damaged' }]))).toMatchObject({ code: 'permission-denied' });
    // Its company's owner still may.
    await expect(requestReturn(owner, orderId, [{ productId: 'water', quantity: 1, reason: 'damaged' }])).resolves.toMatchObject({ number: 'RMA-000001' });
  });
});

describe('who reads and writes returns', () => {
  it('is read as its order is: the buyer and its company owner, not another company; no client writes one', async () => {
    const { orderId } = await shippedOrder(buyer, [[water, 10]]);
    const { returnId } = await requestReturn(buyer, orderId, [{ productId: 'water', quantity: 2, reason: 'damaged' }]);
    expect((await getDoc(doc(buyer.db, 'returns', returnId))).get('number')).toBe('RMA-000001');
    expect((await getDocs(query(collection(owner.db, 'returns'), where('companyId', '==', COMPANY)))).size).toBe(1);
    expect((await getDocs(query(collection(buyer.db, 'returns'), where('orderId', '==', orderId), where('userId', '==', buyer.uid)))).size).toBe(1);
    expect((await getDocs(query(collection(warehouse.db, 'returns'), where('orderId', '==', orderId)))).size).toBe(1);
    await expect(getDoc(doc(stranger.db, 'returns', returnId))).rejects.toMatchObject({ code: 'permission-denied' });
    await expect(getDocs(query(collection(stranger.db, 'returns'), where('companyId', '==', COMPANY)))).rejects.toMatchObject({ code: 'permission-denied' });
    await expect(getDoc(doc(sales.db, 'returns', returnId))).rejects.toMatchObject({ code: 'permission-denied' });

    await expect(updateDoc(doc(buyer.db, 'returns', returnId), { status: 'approved' })).rejects.toMatchObject({ code: 'permission-denied' });
    await expect(setDoc(doc(owner.db, 'returns', 'forged'), { orderId, companyId: COMPANY, userId: owner.uid, status: 'credited' })).rejects.toMatchObject({ code: 'permission-denied' });
    await expect(deleteDoc(doc(admin.db, 'returns', returnId))).rejects.toMatchObject({ code: 'permission-denied' });
    expect((await returnNow(returnId)).status).toBe('requested');
  });
});
