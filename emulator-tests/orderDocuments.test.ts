import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatInvoiceNumber, formatMoney, type OrderDocumentFile, type Orderable } from '@harbor/domain';
import { adminClient, shopperClient } from './adminFixtures';
import { adminDb, callError, clearFirestore, webClient, type TestClient } from './harness';
import { pdfText, placeTestOrder, storeOrderable } from './inbox';

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

const documentOf = (client: TestClient, orderId: string, kind: 'invoice' | 'packingSlip') => client.call<OrderDocumentFile>('getOrderDocument', { orderId, kind });

async function invoiceNumberOf(orderId: string, timeoutMs = 90_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value: unknown = (await adminDb.doc(`orders/${orderId}`).get()).get('invoiceNumber');
    if (typeof value === 'number') return value;
    if (Date.now() > deadline) throw new Error(`Order ${orderId} got no invoice number.`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('getOrderDocument', () => {
  it('gives the buyer its invoice, with number, lines, totals and payment instructions', async () => {
    const orderId = await placeTestOrder(buyer, flour, 4, 'PO-99');
    const { fileName, pdf } = await documentOf(buyer, orderId, 'invoice');
    const invoiceNumber = await invoiceNumberOf(orderId);
    expect(fileName).toBe(`${formatInvoiceNumber(invoiceNumber)}-${orderId}.pdf`);
    const text = await pdfText(new Uint8Array(Buffer.from(pdf, 'base64')));
    const order = (await adminDb.doc(`orders/${orderId}`).get()).data()!;
    for (const expected of [formatInvoiceNumber(invoiceNumber), orderId, 'PO-99', 'Bread Flour', 'BAK-3001', formatMoney(order.subtotal as number), formatMoney(order.total as number), 'Harbor Group Inc.', 'Seaside Cafe Ltd', 'Invoice, net 30 days']) {
      expect(text).toContain(expected);
    }
    // Asking again gives the same number: an invoice is numbered once.
    expect((await documentOf(buyer, orderId, 'invoice')).fileName).toBe(fileName);
  });

  it('gives a packing slip with quantities and no prices', async () => {
    const orderId = await placeTestOrder(buyer, flour, 4);
    const text = await pdfText(new Uint8Array(Buffer.from((await documentOf(buyer, orderId, 'packingSlip')).pdf, 'base64')));
    expect(text).toContain('Bread Flour');
    expect(text).toContain('4 sack of 50 lb');
    expect(text).not.toContain('$');
  });

  it('lets an admin read any invoice', async () => {
    const orderId = await placeTestOrder(buyer, flour, 3);
    expect((await documentOf(admin, orderId, 'invoice')).pdf.length).toBeGreaterThan(1000);
  });

  it('tells a stranger the order does not exist, exactly as for a missing order', async () => {
    const orderId = await placeTestOrder(buyer, flour, 3);
    const refused = await callError(documentOf(stranger, orderId, 'invoice'));
    expect(refused).toEqual({ code: 'not-found', message: `There is no order ${orderId} on your account.` });
    expect(await callError(documentOf(stranger, 'HW-0000000000', 'invoice'))).toEqual({ code: 'not-found', message: 'There is no order HW-0000000000 on your account.' });
    expect(await callError(documentOf(stranger, orderId, 'packingSlip'))).toMatchObject({ code: 'not-found' });
    expect(await callError(documentOf(guest, orderId, 'invoice'))).toMatchObject({ code: 'unauthenticated' });
    expect(await callError(documentOf(buyer, orderId, 'receipt' as 'invoice'))).toMatchObject({ code: 'invalid-argument' });
  });
});

describe('invoice numbers', () => {
  it('gives 20 concurrent orders 20 distinct, consecutive numbers', { timeout: 420_000 }, async () => {
    const buyers: TestClient[] = [];
    for (let index = 0; index < 20; index++) buyers.push(await shopperClient());
    try {
      // Each order's e-mail takes its invoice number as it is sent: 20 numbers taken at once.
      const orderIds = await Promise.all(buyers.map((client) => placeTestOrder(client, flour, 3)));
      const numbers = await Promise.all(orderIds.map((orderId) => invoiceNumberOf(orderId, 300_000)));
      const sorted = [...numbers].sort((a, b) => a - b);
      expect(new Set(numbers).size).toBe(20);
      expect(sorted).toEqual(Array.from({ length: 20 }, (_, index) => sorted[0]! + index));
      expect((await adminDb.doc('counters/invoices').get()).get('next')).toBe(sorted[19]! + 1);
    } finally {
      await Promise.all(buyers.map((client) => client.close()));
    }
  });
});
