/**
 * Fulfilment on the emulators: backorders at checkout, shipments in parts with an invoice each,
 * shipping more than allocated, concurrent shipments, stock arriving for the oldest backorder
 * first, cancelling the rest, ship-complete companies, and who may do which. Figures are read
 * back from what is stored.
 */
import { randomUUID } from 'node:crypto';
import { doc, getDoc, getDocs, collection } from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { applyBasisPoints, type Orderable } from '@harbor/domain';
import { adminDb, callError, clearFirestore, type TestClient } from './harness';
import { arrangeCompany, placeInvoiceOrder, signInCompanyPeople, UPS, type CompanyPeople } from './orderFixtures';
import { waitForMail } from './inbox';

/** $10.00 a case, 25 on the shelf, backorderable, expected Dec 9. */
const water: Orderable = { id: 'water', name: 'Sparkling Water', sku: 'BEV-1', unit: 'case', imageUrl: '', price: 1_000, tiers: [], minOrderQty: 1, packSize: 1, stock: 25, active: true, backorderable: true, backordered: 0, restockDate: '2026-12-09' };
/** $20.00 a box, 10 on the shelf, never backordered. */
const cups: Orderable = { id: 'cups', name: 'Paper Cups', sku: 'PAP-1', unit: 'box', imageUrl: '', price: 2_000, tiers: [], minOrderQty: 1, packSize: 1, stock: 10, active: true, backorderable: false, backordered: 0, restockDate: '' };
const COMPANY = 'co-fulfil';
const buyerEmail = `buyer-${Date.now()}@fulfil.test`;

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
  await arrangeCompany(people, COMPANY, buyerEmail, [water, cups]);
});

const productNow = async (id: string) => (await adminDb.doc(`products/${id}`).get()).data()!;
const orderNow = async (orderId: string) => (await adminDb.doc(`orders/${orderId}`).get()).data()!;
const lineOf = async (orderId: string, productId: string) => ((await orderNow(orderId)).items as { productId: string }[]).find((item) => item.productId === productId)!;
const openBalance = async () => (await adminDb.doc(`companies/${COMPANY}`).get()).get('openBalance') as number;
const invoiceOf = async (number: string) => (await adminDb.doc(`invoices/${number}`).get()).data()!;

const order = placeInvoiceOrder;

const ship = (orderId: string, lines: { productId: string; quantity: number }[], requestId = randomUUID(), by = warehouse) =>
  by.call<{ shipmentNumber: string; sequence: number; invoiceNumber: string; status: string }>('createShipment', { orderId, requestId, lines, ...UPS });

describe('backorders at checkout', () => {
  it('accepts a backorderable product over its stock with the split, and refuses one that is not', async () => {
    const orderId = await order(buyer, [[water, 40]]);
    expect(await lineOf(orderId, 'water')).toMatchObject({ quantity: 40, allocated: 25, backordered: 15, shipped: 0, cancelled: 0 });
    expect(await productNow('water')).toMatchObject({ stock: 0, backordered: 15 });
    expect(await orderNow(orderId)).toMatchObject({ status: 'pending', readyToShip: true, toShipProductIds: ['water'], backorderedProductIds: ['water'] });

    const refused = await callError(order(buyer, [[cups, 11]]));
    expect(refused).toMatchObject({ code: 'failed-precondition', message: 'Only 10 of Paper Cups (PAP-1) are in stock.' });
    expect(await productNow('cups')).toMatchObject({ stock: 10 });
    expect((await adminDb.collection('orders').get()).size).toBe(1);
  });

  it('keeps stock owed to backorders for them: a later order of the same product is backordered too', async () => {
    await order(buyer, [[water, 30]]);
    // Stock returned by hand while 5 are owed: the 5 go to the waiting order at once, the rest is for sale.
    await admin.call('adjustStock', { productId: 'water', delta: 8, reason: 'Found in the back' });
    expect(await productNow('water')).toMatchObject({ stock: 3, backordered: 0 });
    const later = await order(owner, [[water, 10]]);
    expect(await lineOf(later, 'water')).toMatchObject({ allocated: 3, backordered: 7 });
  });
});

describe('shipments', () => {
  it('two partial shipments give two invoices for exactly their lines, shipping on the first, and the statuses', async () => {
    const orderId = await order(buyer, [[water, 40], [cups, 4]]);
    const placed = await orderNow(orderId);
    const first = await ship(orderId, [{ productId: 'water', quantity: 20 }, { productId: 'cups', quantity: 4 }]);
    expect(first).toMatchObject({ shipmentNumber: `${orderId}-1`, sequence: 1, status: 'partially-shipped' });
    const invoice1 = await invoiceOf(first.invoiceNumber);
    expect(invoice1.lines.map((line: { sku: string; quantity: number; lineTotal: number }) => [line.sku, line.quantity, line.lineTotal])).toEqual([['BEV-1', 20, 20_000], ['PAP-1', 4, 8_000]]);
    expect(invoice1).toMatchObject({ subtotal: 28_000, shipping: placed.shipping, tax: applyBasisPoints(28_000, placed.taxRateBasisPoints), shipmentNumber: `${orderId}-1`, orderId });
    expect(await lineOf(orderId, 'water')).toMatchObject({ allocated: 5, shipped: 20, backordered: 15 });
    expect((await orderNow(orderId)).status).toBe('partially-shipped');

    // The rest arrives and ships.
    await warehouse.call('adjustStock', { productId: 'water', delta: 15, reason: 'Truck arrived' });
    const second = await ship(orderId, [{ productId: 'water', quantity: 20 }]);
    expect(second).toMatchObject({ shipmentNumber: `${orderId}-2`, sequence: 2, status: 'shipped' });
    const invoice2 = await invoiceOf(second.invoiceNumber);
    expect(invoice2).toMatchObject({ subtotal: 20_000, shipping: 0 });
    expect(invoice1.total + invoice2.total).toBe(placed.total);
    expect(invoice1.tax + invoice2.tax).toBe(placed.tax);
    const after = await orderNow(orderId);
    expect(after).toMatchObject({ status: 'shipped', shipmentCount: 2, readyToShip: false, creditHeld: 0 });
    expect(after.invoiceNumbers).toHaveLength(2);
    // The order's credit moved to its two open invoices, nothing more or less.
    expect(await openBalance()).toBe(placed.total);
    const shipments = await adminDb.collection(`orders/${orderId}/shipments`).get();
    expect(shipments.docs.map((shipment) => shipment.get('number'))).toEqual([`${orderId}-1`, `${orderId}-2`]);
    // The buyer reads its shipments; another company's owner does not.
    expect((await getDocs(collection(buyer.db, `orders/${orderId}/shipments`))).size).toBe(2);
    await expect(getDoc(doc(stranger.db, `orders/${orderId}/shipments/1`))).rejects.toMatchObject({ code: 'permission-denied' });
    // One e-mail per shipment, the second with nothing left to come.
    const mails = await waitForMail(buyerEmail, 2, 30_000, (mail) => mail.subject.includes(orderId) && /shipment|shipped/.test(mail.subject));
    const shipmentMails = mails.filter((mail) => mail.subject.includes(orderId) && /shipment|shipped/.test(mail.subject));
    expect(shipmentMails.some((mail) => mail.text.includes('Still to come') && mail.text.includes('15 on backorder, expected Dec 9'))).toBe(true);
    expect(shipmentMails.every((mail) => mail.attachments?.some((attachment) => attachment.contentType === 'application/pdf'))).toBe(true);
  });

  it('refuses to ship more than allocated and writes nothing', async () => {
    const orderId = await order(buyer, [[water, 40]]);
    const before = await orderNow(orderId);
    const refused = await callError(ship(orderId, [{ productId: 'water', quantity: 26 }]));
    expect(refused).toMatchObject({ code: 'failed-precondition', message: `Order ${orderId}: Only 25 of Sparkling Water (BEV-1) are ready to ship, not 26. Nothing was shipped.` });
    expect(await orderNow(orderId)).toEqual(before);
    expect((await adminDb.collection('invoices').get()).size).toBe(0);
    expect((await adminDb.collection(`orders/${orderId}/shipments`).get()).size).toBe(0);
    expect((await adminDb.doc('counters/invoices').get()).exists).toBe(false);
  });

  it('of two concurrent shipments of the same units one lands; a retried request lands once', async () => {
    const orderId = await order(buyer, [[water, 20]]);
    const results = await Promise.allSettled([ship(orderId, [{ productId: 'water', quantity: 20 }]), ship(orderId, [{ productId: 'water', quantity: 20 }])]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect((await adminDb.collection(`orders/${orderId}/shipments`).get()).size).toBe(1);
    expect((await adminDb.collection('invoices').get()).size).toBe(1);

    const again = await order(buyer, [[water, 10]]);
    await admin.call('adjustStock', { productId: 'water', delta: 10, reason: 'Count' });
    const requestId = randomUUID();
    const [first, retried] = [await ship(again, [{ productId: 'water', quantity: 2 }], requestId), await ship(again, [{ productId: 'water', quantity: 2 }], requestId)];
    expect(retried).toEqual(first);
    expect(await lineOf(again, 'water')).toMatchObject({ shipped: 2, allocated: 8 });
  });

  it('marking shipped ships everything allocated as one shipment, and is refused while units are backordered', async () => {
    const whole = await order(buyer, [[cups, 5]]);
    await warehouse.call('updateOrderStatus', { orderId: whole, status: 'processing' });
    await warehouse.call('updateOrderStatus', { orderId: whole, status: 'shipped', ...UPS });
    expect(await orderNow(whole)).toMatchObject({ status: 'shipped', shipmentCount: 1 });
    expect(await lineOf(whole, 'cups')).toMatchObject({ shipped: 5, allocated: 0 });

    const short = await order(buyer, [[water, 30]]);
    await warehouse.call('updateOrderStatus', { orderId: short, status: 'processing' });
    const refused = await callError(warehouse.call('updateOrderStatus', { orderId: short, status: 'shipped', ...UPS }));
    expect(refused.message).toContain('5 units on backorder');
  });

  it('only the warehouse and admins ship; buyers and sales are refused', async () => {
    const orderId = await order(buyer, [[cups, 5]]);
    for (const client of [buyer, owner, sales]) {
      expect((await callError(ship(orderId, [{ productId: 'cups', quantity: 5 }], randomUUID(), client))).code).toBe('permission-denied');
    }
    expect((await ship(orderId, [{ productId: 'cups', quantity: 5 }], randomUUID(), admin)).status).toBe('shipped');
  });
});

describe('stock arriving', () => {
  it('fills the oldest backorder first and tells its buyer once', async () => {
    const older = await order(buyer, [[water, 35]]);
    const newer = await order(owner, [[water, 10]]);
    expect(await productNow('water')).toMatchObject({ stock: 0, backordered: 20 });
    await warehouse.call('adjustStock', { productId: 'water', delta: 12, reason: 'Truck arrived' });
    expect(await lineOf(older, 'water')).toMatchObject({ allocated: 35, backordered: 0 });
    expect(await lineOf(newer, 'water')).toMatchObject({ allocated: 2, backordered: 8 });
    expect(await productNow('water')).toMatchObject({ stock: 0, backordered: 8 });
    expect(await orderNow(older)).toMatchObject({ backorderedProductIds: [], readyToShip: true });
    const ready = await waitForMail(buyerEmail, 1, 30_000, (mail) => mail.subject.includes(older) && mail.subject.includes('in stock'));
    expect(ready.filter((mail) => mail.subject.includes(older) && mail.subject.includes('in stock'))).toHaveLength(1);

    // A product save and an import fill too.
    await admin.call('saveProduct', { ...(await productInputOf('water')), stock: 5, expectedStock: 0 });
    expect(await lineOf(newer, 'water')).toMatchObject({ allocated: 7, backordered: 3 });
    expect(await productNow('water')).toMatchObject({ stock: 0, backordered: 3 });
  });
});

describe('cancelling the rest', () => {
  it('releases stock, credit and the month, and completes a partly shipped order', async () => {
    const orderId = await order(buyer, [[water, 40]]);
    const placed = await orderNow(orderId);
    const first = await ship(orderId, [{ productId: 'water', quantity: 25 }]);
    const invoice = await invoiceOf(first.invoiceNumber);
    expect(await openBalance()).toBe(placed.total);
    // The buyer who is not owner or approver is told whom to ask; another company is told nothing.
    expect(await callError(buyer.call('cancelBackorder', { orderId, requestId: randomUUID(), reason: 'No longer needed' }))).toMatchObject({ code: 'permission-denied' });
    expect(await callError(stranger.call('cancelBackorder', { orderId, requestId: randomUUID(), reason: 'No longer needed' }))).toMatchObject({ code: 'not-found' });
    const result = await owner.call<{ status: string; cancelled: unknown }>('cancelBackorder', { orderId, requestId: randomUUID(), reason: 'No longer needed' });
    expect(result).toEqual({ orderId, status: 'shipped', cancelled: [{ productId: 'water', units: 15 }] });
    expect(await lineOf(orderId, 'water')).toMatchObject({ shipped: 25, backordered: 0, cancelled: 15 });
    expect(await productNow('water')).toMatchObject({ stock: 0, backordered: 0 });
    expect(await orderNow(orderId)).toMatchObject({ status: 'shipped', creditHeld: 0, backorderedProductIds: [] });
    // Only the invoice is owed now.
    expect(await openBalance()).toBe(invoice.total);
    const month = (await adminDb.collection(`companies/${COMPANY}/spending`).get()).docs[0]!;
    expect(month.get('total')).toBe(invoice.total);
    await waitForMail(buyerEmail, 1, 30_000, (mail) => mail.subject === `Your order ${orderId}: items cancelled`);
  });

  it('cancelling everything before a shipment cancels the order and gives back its allocated stock', async () => {
    const orderId = await order(buyer, [[water, 30]]);
    await admin.call('cancelBackorder', { orderId, requestId: randomUUID(), reason: 'Customer called' });
    expect(await orderNow(orderId)).toMatchObject({ status: 'cancelled', creditHeld: 0 });
    expect(await productNow('water')).toMatchObject({ stock: 25, backordered: 0 });
    expect(await openBalance()).toBe(0);
  });
});

describe('ship complete', () => {
  it("a ship-complete company's order never ships in part", async () => {
    await adminDb.doc(`companies/${COMPANY}`).update({ shipComplete: true });
    const orderId = await order(buyer, [[water, 30], [cups, 2]]);
    expect(await orderNow(orderId)).toMatchObject({ shipComplete: true, readyToShip: false });
    const refused = await callError(ship(orderId, [{ productId: 'cups', quantity: 2 }]));
    expect(refused.message).toContain('ships complete');
    await warehouse.call('adjustStock', { productId: 'water', delta: 5, reason: 'Truck arrived' });
    expect(await orderNow(orderId)).toMatchObject({ readyToShip: true });
    expect((await callError(ship(orderId, [{ productId: 'water', quantity: 30 }]))).message).toContain('every ready unit');
    expect((await ship(orderId, [{ productId: 'water', quantity: 30 }, { productId: 'cups', quantity: 2 }])).status).toBe('shipped');
  });

  it('a buyer asks for one order to ship complete at checkout', async () => {
    const orderId = await order(buyer, [[water, 30]], { shipComplete: true });
    expect(await orderNow(orderId)).toMatchObject({ shipComplete: true, readyToShip: false });
  });
});

/** The saveProduct payload of a stored product as the form sends it. */
async function productInputOf(id: string): Promise<Record<string, unknown>> {
  const { name, sku, brand = '', description = '', category = 'Beverages', price, unit, packSize, minOrderQty, stock, active, tiers, imageUrl, backorderable, restockDate } = await productNow(id);
  return { id, name, sku, brand, description, category, price, unit, packSize, minOrderQty, stock, expectedStock: stock, active, tiers, imageUrl, imagePath: '', backorderable, restockDate };
}
