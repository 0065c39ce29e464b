import { beforeAll, describe, expect, it } from 'vitest';
import { Timestamp } from 'firebase-admin/firestore';
import { adminDb, clearFirestore } from './harness';

/** The buyer's summary once it has counted `orders` orders. */
async function summaryAfter(uid: string, orders: number) {
  // Events of earlier test files' bulk product writes may still be queued before the order's.
  const deadline = Date.now() + 90_000;
  for (;;) {
    const data = (await adminDb.doc(`purchaseSummaries/${uid}`).get()).data();
    if ((data?.orderIds as string[] | undefined)?.length === orders) return data!;
    if (Date.now() > deadline) throw new Error(`The summary of ${uid} did not count ${orders} orders: ${JSON.stringify(data)}`);
    await new Promise((done) => setTimeout(done, 200));
  }
}

const line = (productId: string, quantity: number) => ({ productId, name: `Product ${productId}`, sku: productId.toUpperCase(), unit: 'case', imageUrl: '', unitPrice: 100, quantity, lineTotal: 100 * quantity });

describe('purchase summaries (orders/{id} trigger)', () => {
  beforeAll(clearFirestore);

  it('counts each new order of a buyer into its summary, most frequent first, with the last quantity', { timeout: 300_000 }, async () => {
    await adminDb.doc('orders/carla-1').set({ userId: 'carla', status: 'pending', items: [line('tea', 6), line('cups', 100)], createdAt: Timestamp.fromMillis(1_000_000) });
    await summaryAfter('carla', 1);
    await adminDb.doc('orders/carla-2').set({ userId: 'carla', status: 'pending', items: [line('tea', 12)], createdAt: Timestamp.fromMillis(2_000_000) });
    const summary = await summaryAfter('carla', 2);
    expect(summary.products).toEqual([
      { productId: 'tea', name: 'Product tea', sku: 'TEA', orders: 2, lastOrderedAt: 2_000_000, lastQuantity: 12 },
      { productId: 'cups', name: 'Product cups', sku: 'CUPS', orders: 1, lastOrderedAt: 1_000_000, lastQuantity: 100 },
    ]);
    expect(summary.orderIds).toEqual(['carla-1', 'carla-2']);
    // Another buyer's orders stay out of it.
    await adminDb.doc('orders/dan-1').set({ userId: 'dan', status: 'pending', items: [line('gloves', 1)], createdAt: Timestamp.now() });
    expect((await summaryAfter('dan', 1)).products).toHaveLength(1);
    expect((await adminDb.doc('purchaseSummaries/carla').get()).get('orderIds')).toEqual(['carla-1', 'carla-2']);
  });

  it('leaves the summary alone when an order is updated (shipped, cancelled)', async () => {
    await adminDb.doc('orders/carla-1').update({ status: 'shipped' });
    // A new order written after the update: once it is counted, the events written before it
    // (the update's, were there one) have been handled too.
    await adminDb.doc('orders/erin-1').set({ userId: 'erin', status: 'pending', items: [line('tea', 1)], createdAt: Timestamp.now() });
    await summaryAfter('erin', 1);
    const summary = (await adminDb.doc('purchaseSummaries/carla').get()).data()!;
    expect(summary.orderIds).toEqual(['carla-1', 'carla-2']);
    expect(summary.products[0].orders).toBe(2);
  });
});
