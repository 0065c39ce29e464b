import { beforeEach, describe, expect, it } from 'vitest';
import { ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderStatus } from '@harbor/domain';
import { collectionSnapshot, orderItem, storedOrder, storedProduct, useActors } from './adminFixtures';
import { adminDb, callError } from './harness';

/** The transitions of the spec, written out here rather than taken from the code under test. */
const LEGAL: ReadonlyArray<[OrderStatus, OrderStatus]> = [
  ['pending', 'processing'],
  ['pending', 'cancelled'],
  ['processing', 'shipped'],
  ['processing', 'cancelled'],
  ['shipped', 'delivered'],
  // What is left of an order shipped in part ships with one click (nothing left on backorder).
  ['partially-shipped', 'shipped'],
  // Staff only cancel an order awaiting the company's approval; the company decides the rest.
  ['awaiting-approval', 'cancelled'],
];
const isLegal = (from: OrderStatus, to: OrderStatus) => LEGAL.some(([legalFrom, legalTo]) => legalFrom === from && legalTo === to);

const actors = useActors();

beforeEach(async () => {
  // Orders with their shipments.
  await adminDb.recursiveDelete(adminDb.collection('orders'));
  await storedProduct('p1', { sku: 'P1', stock: 10 });
  await storedProduct('p2', { sku: 'P2', stock: 5 });
});

describe('updateOrderStatus access', () => {
  it('refuses a shopper, even for the shopper\'s own order, and changes nothing', async () => {
    await storedOrder('own-order', { userId: actors.shopper.uid });
    const before = await collectionSnapshot('orders');
    expect(await callError(actors.shopper.call('updateOrderStatus', { orderId: 'own-order', status: 'cancelled' }))).toMatchObject({ code: 'permission-denied' });
    expect(await collectionSnapshot('orders')).toEqual(before);
    expect((await adminDb.doc('products/p1').get()).get('stock')).toBe(10);
  });

  it('refuses a guest and changes nothing', async () => {
    await storedOrder('o1');
    const before = await collectionSnapshot('orders');
    expect(await callError(actors.guest.call('updateOrderStatus', { orderId: 'o1', status: 'processing' }))).toMatchObject({ code: 'permission-denied' });
    expect(await collectionSnapshot('orders')).toEqual(before);
  });
});

// Each test moves order o1 again: its e-mails of the test before must go (an order reaches a status once).
beforeEach(async () => {
  await adminDb.recursiveDelete(adminDb.collection('mail'));
});

/** A status change as the admin page sends it: marking shipped names a carrier and tracking number. */
function statusChange(orderId: string, status: string): Record<string, string> {
  return status === 'shipped' ? { orderId, status, carrier: 'UPS', trackingNumber: '1Z999AA10123456784' } : { orderId, status };
}

describe('shipping an order', () => {
  it('ships every unit as one shipment with the carrier and the tracking number, and queues the buyer\'s e-mail in the same change', async () => {
    await storedOrder('o1', { status: 'processing' });
    await actors.admin.call('updateOrderStatus', { orderId: 'o1', status: 'shipped', carrier: 'FedEx', trackingNumber: ' 1234 5678 9012 ' });
    const order = (await adminDb.doc('orders/o1').get()).data()!;
    expect(order).toMatchObject({ status: 'shipped', shipmentCount: 1, items: [{ productId: 'p1', quantity: 2, shipped: 2, allocated: 0 }] });
    expect((await adminDb.doc('orders/o1/shipments/1').get()).data()).toMatchObject({ number: 'o1-1', carrier: 'FedEx', trackingNumber: '123456789012', lines: [{ productId: 'p1', quantity: 2 }] });
    expect((await adminDb.doc('mail/o1-shipment-1').get()).data()).toMatchObject({ to: ['shopper@harbor.test'], template: 'orderShipment', data: { orderId: 'o1', sequence: 1 } });
  });

  it('refuses shipping without a carrier, without a tracking number or with one of another format, and changes nothing', async () => {
    await storedOrder('o1', { status: 'processing' });
    const before = await collectionSnapshot('orders');
    const refusals = await Promise.all([
      callError(actors.admin.call('updateOrderStatus', { orderId: 'o1', status: 'shipped' })),
      callError(actors.admin.call('updateOrderStatus', { orderId: 'o1', status: 'shipped', carrier: 'UPS' })),
      callError(actors.admin.call('updateOrderStatus', { orderId: 'o1', status: 'shipped', carrier: 'UPS', trackingNumber: '12345' })),
      callError(actors.admin.call('updateOrderStatus', { orderId: 'o1', status: 'shipped', carrier: 'Pigeon', trackingNumber: '12345' })),
      callError(actors.admin.call('updateOrderStatus', { orderId: 'o1', status: 'processing', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' })),
    ]);
    expect(refusals.map((refusal) => refusal.code)).toEqual(Array(5).fill('invalid-argument'));
    expect(refusals[0]!.message).toBe('carrier: Choose the carrier of the shipment.');
    expect(refusals[1]!.message).toBe('trackingNumber: Enter the tracking number.');
    expect(refusals[2]!.message).toBe('trackingNumber: This is not a UPS tracking number (it looks like 1Z999AA10123456784).');
    expect(await collectionSnapshot('orders')).toEqual(before);
    expect((await adminDb.doc('mail/o1-shipped').get()).exists).toBe(false);
  });
});

describe('order status transitions', () => {
  for (const from of ORDER_STATUSES) {
    for (const to of ORDER_STATUSES) {
      if (isLegal(from, to)) {
        it(`lets an admin move an order from ${from} to ${to}, recording who and when`, async () => {
          await storedOrder('o1', { status: from });
          await expect(actors.admin.call('updateOrderStatus', statusChange('o1', to))).resolves.toEqual({ orderId: 'o1', status: to });
          const order = (await adminDb.doc('orders/o1').get()).data()!;
          expect(order.status).toBe(to);
          expect(order.statusHistory).toHaveLength(2);
          expect(order.statusHistory[1]).toMatchObject({ status: to, by: actors.admin.uid });
          expect(order.statusHistory[1].at).toBeGreaterThan(Date.now() - 60_000);
          expect(order.updatedAt.toMillis()).toBeGreaterThan(order.createdAt.toMillis() - 1);
        });
      } else {
        it(`refuses moving an order from ${from} to ${to} and changes nothing`, async () => {
          await storedOrder('o1', { status: from });
          const before = await collectionSnapshot('orders');
          const error = await callError(actors.admin.call('updateOrderStatus', statusChange('o1', to)));
          expect(error.code).toBe('failed-precondition');
          expect(error.message).toContain(`is ${ORDER_STATUS_LABELS[from].toLowerCase()}, so it cannot be marked ${ORDER_STATUS_LABELS[to].toLowerCase()}`);
          expect(await collectionSnapshot('orders')).toEqual(before);
        });
      }
    }
  }

  it('answers not-found for an unknown order and invalid-argument for an unknown status', async () => {
    expect(await callError(actors.admin.call('updateOrderStatus', { orderId: 'missing', status: 'processing' }))).toMatchObject({ code: 'not-found' });
    await storedOrder('o1');
    expect(await callError(actors.admin.call('updateOrderStatus', { orderId: 'o1', status: 'lost' }))).toMatchObject({ code: 'invalid-argument' });
  });
});

describe('cancelling restocks', () => {
  it('returns every line\'s units to its product in the same change', async () => {
    await storedOrder('o1', { status: 'processing', items: [orderItem('p1', 3), orderItem('p2', 2), orderItem('p1', 4)] });
    await actors.admin.call('updateOrderStatus', { orderId: 'o1', status: 'cancelled' });
    expect((await adminDb.doc('products/p1').get()).get('stock')).toBe(17);
    expect((await adminDb.doc('products/p2').get()).get('stock')).toBe(7);
  });

  it('skips a product deleted since the order and still cancels', async () => {
    await storedOrder('o1', { items: [orderItem('p1', 1), orderItem('deleted-product', 5)] });
    await actors.admin.call('updateOrderStatus', { orderId: 'o1', status: 'cancelled' });
    expect((await adminDb.doc('orders/o1').get()).get('status')).toBe('cancelled');
    expect((await adminDb.doc('products/p1').get()).get('stock')).toBe(11);
    expect((await adminDb.doc('products/deleted-product').get()).exists).toBe(false);
  });

  it('does not touch stock on any other transition', async () => {
    await storedOrder('o1', { items: [orderItem('p1', 3)] });
    for (const status of ['processing', 'shipped', 'delivered'] as const) await actors.admin.call('updateOrderStatus', statusChange('o1', status));
    expect((await adminDb.doc('products/p1').get()).get('stock')).toBe(10);
  });

  it('restocks only once when two admins cancel the same order at the same time', async () => {
    await storedOrder('o1', { items: [orderItem('p1', 3)] });
    const results = await Promise.allSettled([
      actors.admin.call('updateOrderStatus', { orderId: 'o1', status: 'cancelled' }),
      actors.admin.call('updateOrderStatus', { orderId: 'o1', status: 'cancelled' }),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect((await adminDb.doc('products/p1').get()).get('stock')).toBe(13);
  });
});
