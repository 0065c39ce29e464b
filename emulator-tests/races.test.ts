/**
 * Orders, cancellations and admin stock edits racing on one product. Whatever order Firestore
 * serialises them in, every unit is accounted for: stock on hand plus the units of live orders
 * equals the starting stock plus what the admins added, and stock never goes below zero.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItemFor, expectedOrder, orderLinesFromCart, priceOrder, productInputOf, productFromData, taxRateFor, type Orderable } from '@harbor/domain';
import { adminClient, productInput, shopperClient, storedOrder, orderItem } from './adminFixtures';
import { adminDb, clearFirestore, type TestClient } from './harness';

const PRODUCT_ID = 'race-1';
const STARTING_STOCK = 40;
const SHOPPERS = 10;
const UNITS_PER_ORDER = 8;
const CANCELLED_ORDERS = 3;
const UNITS_PER_CANCELLED_ORDER = 5;
const RESTOCKS = 2;
const UNITS_PER_RESTOCK = 10;

const address = { line1: '12 Harbor Way', line2: '', city: 'Portland', region: 'ME', postalCode: '04101', country: 'United States' };
const clients: TestClient[] = [];

async function productStock(): Promise<number> {
  return Number((await adminDb.doc(`products/${PRODUCT_ID}`).get()).get('stock'));
}

beforeAll(async () => {
  await clearFirestore();
  const fields = productInput({ sku: 'RACE-1', price: 3000, tiers: [], stock: STARTING_STOCK, minOrderQty: 1, packSize: 1 });
  await adminDb.doc(`products/${PRODUCT_ID}`).set({ ...fields, currency: 'USD', searchTokens: [] });
});

afterAll(async () => Promise.all(clients.map((client) => client.close())));

describe('placeOrder, cancellation and admin stock edits on one product', () => {
  it('keeps stock plus live ordered units equal to the units the shop received, never negative', async () => {
    const admin = await adminClient();
    const shoppers = await Promise.all(Array.from({ length: SHOPPERS }, () => shopperClient()));
    clients.push(admin, ...shoppers);

    // Orders placed earlier (their units already left stock) that the admin cancels during the race.
    const earlierUnits = CANCELLED_ORDERS * UNITS_PER_CANCELLED_ORDER;
    await adminDb.doc(`products/${PRODUCT_ID}`).update({ stock: STARTING_STOCK - earlierUnits });
    const cancelled = Array.from({ length: CANCELLED_ORDERS }, (_, index) => `earlier-${index}`);
    await Promise.all(cancelled.map((id) => storedOrder(id, { items: [orderItem(PRODUCT_ID, UNITS_PER_CANCELLED_ORDER, 3000)] })));

    const product = productFromData(PRODUCT_ID, (await adminDb.doc(`products/${PRODUCT_ID}`).get()).data() ?? {});
    const orderable: Orderable = product;
    const cart = [cartItemFor(orderable, UNITS_PER_ORDER)];
    await Promise.all(shoppers.map((shopper) => adminDb.doc(`carts/${shopper.uid}`).set({ items: cart })));
    // What each shopper's checkout shows and confirms; the race changes stock, never prices.
    const expected = expectedOrder(priceOrder(orderLinesFromCart(cart), new Map([[PRODUCT_ID, orderable]]), { contract: null, taxRateBasisPoints: taxRateFor(address.region) }));

    // The admin's edits start from the stock it saw when it opened the product.
    const restock = () => admin.call('saveProduct', { ...productInputOf(product), stock: product.stock + UNITS_PER_RESTOCK, id: PRODUCT_ID });
    const outcomes = await Promise.allSettled([
      ...shoppers.map((shopper) =>
        shopper.call('placeOrder', { requestId: randomUUID(), shippingAddress: address, company: 'Race Co', paymentMethod: 'invoice-net30', expected }),
      ),
      ...cancelled.map((orderId) => admin.call('updateOrderStatus', { orderId, status: 'cancelled' })),
      ...Array.from({ length: RESTOCKS }, restock),
    ]);

    // Every admin action succeeded; shoppers either bought or were told the product ran short.
    const adminOutcomes = outcomes.slice(SHOPPERS);
    expect(adminOutcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
    for (const outcome of outcomes.slice(0, SHOPPERS)) {
      if (outcome.status === 'rejected') expect(String((outcome.reason as { code?: string }).code)).toMatch(/failed-precondition|aborted/);
    }

    const orders = await adminDb.collection('orders').get();
    const liveUnits = orders.docs
      .filter((order) => order.get('status') !== 'cancelled')
      .flatMap((order) => order.get('items') as { productId: string; quantity: number }[])
      .filter((item) => item.productId === PRODUCT_ID)
      .reduce((sum, item) => sum + item.quantity, 0);
    const stock = await productStock();
    expect(stock).toBeGreaterThanOrEqual(0);
    expect(orders.docs.filter((order) => order.get('status') === 'cancelled').map((order) => order.id).sort()).toEqual(cancelled);
    expect(stock + liveUnits).toBe(STARTING_STOCK + RESTOCKS * UNITS_PER_RESTOCK);
    // Demand (10 x 8 = 80) exceeds what was ever available (40 + 20), so some shoppers were refused.
    const placed = orders.size - CANCELLED_ORDERS;
    expect(placed).toBeGreaterThan(0);
    expect(placed * UNITS_PER_ORDER).toBeLessThanOrEqual(STARTING_STOCK + RESTOCKS * UNITS_PER_RESTOCK);
  }, 180_000);
});
