import type { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BANK_ACCOUNT, formatMoney, formatTaxRate, type OrderDocumentFile, type OrderDocumentKind, type Orderable } from '@harbor/domain';
import { adminClient, shopperClient } from './adminFixtures';
import { adminDb, callError, clearFirestore, webClient, type TestClient } from './harness';
import { orderAddress, pdfText, placeTestOrder, storeOrderable } from './inbox';
import { creditTestOrder, shipTestOrder, storeInvoice } from './receivablesFixtures';

const flour: Orderable = {
  id: 'bak-3001',
  name: 'Bread Flour',
  sku: 'BAK-3001',
  unit: 'sack of 50 lb',
  imageUrl: '/images/products/bak-3001.svg',
  price: 3875,
  tiers: [],
  minOrderQty: 1,
  packSize: 1,
  stock: 10_000,
  active: true,
};

let buyer: TestClient;
let stranger: TestClient;
let admin: TestClient;
let guest: TestClient;

beforeAll(async () => {
  [buyer, stranger, admin, guest] = await Promise.all([shopperClient(), shopperClient(), adminClient(), webClient(null)]);
});
afterAll(async () => Promise.all([buyer, stranger, admin, guest].map((client) => client.close())));
beforeEach(async () => {
  await clearFirestore();
  // clearFirestore removed the profiles too.
  await adminDb.doc(`users/${admin.uid}`).set({ name: 'Test Admin', email: '', role: 'admin' });
  await storeOrderable(flour);
});

const documentOf = (client: TestClient, orderId: string, kind: OrderDocumentKind, creditNoteNumber?: string) =>
  client.call<OrderDocumentFile>('getOrderDocument', { orderId, kind, ...(creditNoteNumber ? { creditNoteNumber } : {}) });
const textOf = async (file: OrderDocumentFile) => pdfText(new Uint8Array(Buffer.from(file.pdf, 'base64')));
const storedOrder = async (orderId: string) => (await adminDb.doc(`orders/${orderId}`).get()).data()!;

describe('getOrderDocument', () => {
  it('gives the buyer the order confirmation before shipment: lines, totals, terms, and no invoice number', async () => {
    const orderId = await placeTestOrder(buyer, flour, 4, 'PO-99');
    const file = await documentOf(buyer, orderId, 'confirmation');
    expect(file.fileName).toBe(`order-confirmation-${orderId}.pdf`);
    const text = await textOf(file);
    const order = await storedOrder(orderId);
    for (const expected of ['Order confirmation', orderId, 'PO-99', 'Bread Flour', 'BAK-3001', 'sack of 50 lb', formatMoney(order.subtotal as number), formatMoney(order.total as number), 'Harbor Group Inc.', 'Seaside Cafe Ltd', 'Invoice, net 30 days', 'You will be invoiced when your order ships']) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('INV-');
    expect(text).not.toContain(BANK_ACCOUNT.accountNumber);
  });

  it('refuses the invoice of an order not yet shipped, pointing to the confirmation', async () => {
    const orderId = await placeTestOrder(buyer, flour, 4);
    expect(await callError(documentOf(buyer, orderId, 'invoice'))).toEqual({
      code: 'failed-precondition',
      message: `Order ${orderId} has no invoice yet: it is issued when the order ships. Download the order confirmation.`,
    });
  });

  it('gives the buyer its issued invoice: number, dates, lines with their whole unit, tax rate and state, bank details and the number to quote', async () => {
    const orderId = await placeTestOrder(buyer, flour, 4, 'PO-99');
    const longName = 'Bread Flour, unbleached high-gluten from Maine wheat, stone ground for artisan bakeries';
    const order = await storedOrder(orderId);
    const number = await storeInvoice(orderId, 42, { fields: { lines: [{ ...(order.items as object[])[0], name: longName, unit: 'case of 6 × 1 L bottles' }] } });
    const file = await documentOf(buyer, orderId, 'invoice');
    expect(file.fileName).toBe(`${number}-${orderId}.pdf`);
    const text = await textOf(file);
    const tax = `Tax (${formatTaxRate(order.taxRateBasisPoints as number)}, ${orderAddress.region})`;
    for (const expected of [`Invoice ${number}`, orderId, 'PO-99', 'case of 6 × 1 L bottles', formatMoney(order.total as number), tax, 'Invoice, net 30 days', BANK_ACCOUNT.bank, BANK_ACCOUNT.routingNumber, BANK_ACCOUNT.accountNumber, `Quote ${number} with your payment.`]) {
      expect(text).toContain(expected);
    }
    // The long name wraps over lines of its cell: every word of it is there.
    for (const word of longName.split(' ')) expect(text).toContain(word);
    expect(text).not.toMatch(/will e-mail an invoice/i);
  });

  it('gives a packing slip with quantities and no prices', async () => {
    const orderId = await placeTestOrder(buyer, flour, 4);
    const text = await textOf(await documentOf(buyer, orderId, 'packingSlip'));
    expect(text).toContain('Bread Flour');
    expect(text).toContain('4 sack of 50 lb');
    expect(text).not.toContain('$');
  });

  it('lets an admin read any confirmation, and the invoice shipping issued', async () => {
    const orderId = await placeTestOrder(buyer, flour, 3);
    expect((await documentOf(admin, orderId, 'confirmation')).pdf.length).toBeGreaterThan(1000);
    const invoiceNumber = await shipTestOrder(admin, orderId);
    const file = await documentOf(admin, orderId, 'invoice');
    expect(file.fileName).toBe(`${invoiceNumber}-${orderId}.pdf`);
    expect(await textOf(file)).toContain(`Quote ${invoiceNumber} with your payment.`);
  });

  it("gives the buyer a credit note of its order, and no other order's", async () => {
    const [orderId, otherId] = [await placeTestOrder(buyer, flour, 3), await placeTestOrder(buyer, flour, 5)];
    const invoiceNumber = await shipTestOrder(admin, orderId);
    const number = await creditTestOrder(admin, orderId, 1500, 'Two sacks arrived torn');
    const text = await textOf(await documentOf(buyer, orderId, 'creditNote', number));
    for (const expected of [`Credit note ${number}`, invoiceNumber, 'Two sacks arrived torn', '$15.00']) expect(text).toContain(expected);
    expect(await callError(documentOf(buyer, otherId, 'creditNote', number))).toEqual({ code: 'not-found', message: `Order ${otherId} has no credit note ${number}.` });
    expect(await callError(documentOf(buyer, orderId, 'creditNote'))).toMatchObject({ code: 'invalid-argument' });
  });

  it('draws a document once: the same invoice is read back from the file kept for it, and drawn anew once it changed', async () => {
    const orderId = await placeTestOrder(buyer, flour, 4);
    const number = await storeInvoice(orderId, 43);
    const keptFiles = () => adminDb.collection('documentFiles').where('fileName', '==', `${number}-${orderId}.pdf`).get();
    const drawn = await documentOf(buyer, orderId, 'invoice');
    const [kept, ...others] = (await keptFiles()).docs;
    expect(others).toEqual([]);
    expect(Buffer.from(kept!.get('pdf') as Uint8Array).toString('base64')).toBe(drawn.pdf);
    expect((kept!.get('expiresAt') as Timestamp).toMillis()).toBeGreaterThan(Date.now() + 29 * 24 * 60 * 60 * 1000);
    // What the next download gets is the kept file, whoever asks: put in its place, a marker comes back.
    const marker = Buffer.from('%PDF-1.7 the kept file');
    await kept!.ref.update({ pdf: marker });
    expect((await documentOf(admin, orderId, 'invoice')).pdf).toBe(marker.toString('base64'));
    expect((await documentOf(buyer, orderId, 'invoice')).pdf).toBe(marker.toString('base64'));
    // A credit note changes what the invoice shows: it is drawn again, and kept beside the first.
    await creditTestOrder(admin, orderId, 1500, 'Two sacks arrived torn');
    const redrawn = await documentOf(buyer, orderId, 'invoice');
    expect(redrawn.pdf).not.toBe(marker.toString('base64'));
    expect(await textOf(redrawn)).toContain('Credited');
    expect((await keptFiles()).size).toBe(2);
  });

  it('tells a stranger the order does not exist, exactly as for a missing order', async () => {
    const orderId = await placeTestOrder(buyer, flour, 3);
    await shipTestOrder(admin, orderId);
    const number = await creditTestOrder(admin, orderId, 1000, 'Late');
    const refused = { code: 'not-found', message: `There is no order ${orderId} on your account.` };
    expect(await callError(documentOf(stranger, orderId, 'invoice'))).toEqual(refused);
    expect(await callError(documentOf(stranger, orderId, 'confirmation'))).toEqual(refused);
    expect(await callError(documentOf(stranger, orderId, 'creditNote', number))).toEqual(refused);
    expect(await callError(documentOf(stranger, 'HW-0000000000', 'invoice'))).toEqual({ code: 'not-found', message: 'There is no order HW-0000000000 on your account.' });
    expect(await callError(documentOf(stranger, orderId, 'packingSlip'))).toMatchObject({ code: 'not-found' });
    expect(await callError(documentOf(guest, orderId, 'invoice'))).toMatchObject({ code: 'unauthenticated' });
    expect(await callError(documentOf(buyer, orderId, 'receipt' as 'invoice'))).toMatchObject({ code: 'invalid-argument' });
  });
});
