import { randomUUID } from 'node:crypto';
import { doc, setDoc } from 'firebase/firestore';
import { getFunctions, httpsCallable } from 'firebase/functions';
import type { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  cartItemFor,
  expectedOrder,
  orderLinesFromCart,
  priceOrder,
  taxRateFor,
  type CartItem,
  type ExpectedOrder,
  type Orderable,
  type OrderChangedDetails,
  type PlaceOrderInput,
  type PlaceOrderResult,
} from '@harbor/domain';
import { adminDb, callError, clearFirestore, giveCompany, webClient, type TestClient } from './harness';

const water: Orderable = {
  id: 'bev-1001',
  name: 'Sparkling Water, Lime',
  sku: 'BEV-1001',
  unit: 'case of 24 x 12 oz cans',
  imageUrl: '/images/products/bev-1001.svg',
  price: 1899,
  tiers: [
    { minQty: 10, price: 1799 },
    { minQty: 40, price: 1699 },
  ],
  minOrderQty: 1,
  packSize: 1,
  stock: 640,
  active: true,
};
const boxes: Orderable = { ...water, id: 'pkg-1001', name: 'Shipping Boxes, Small', sku: 'PKG-1001', unit: 'bundle of 25', price: 2400, tiers: [], packSize: 2, minOrderQty: 6, stock: 500 };
const retired: Orderable = { ...water, id: 'snk-1099', name: 'Retired Crackers', sku: 'SNK-1099', price: 20000, tiers: [], active: false };
const scarce: Orderable = { ...water, id: 'kit-1001', name: 'Chef Knife', sku: 'KIT-1001', price: 12000, tiers: [], stock: 10 };
const products = [water, boxes, retired, scarce];

/** No state: taxed at the default rate (tax by state is tested in companies.test.ts). */
const address = { line1: '12 Harbor Way', line2: '', city: 'Portland', region: '', postalCode: '04101', country: 'United States' };

let shopper: TestClient;

beforeAll(async () => {
  shopper = await webClient();
});

afterAll(async () => {
  await shopper.close();
});

/** Stores a product as the admin callables do (the id is the document's). */
async function storeProduct({ id, ...fields }: Orderable): Promise<void> {
  await adminDb.doc(`products/${id}`).set(fields);
}

beforeEach(async () => {
  await clearFirestore();
  await Promise.all([...products.map(storeProduct), giveCompany(shopper.uid)]);
  lastCarts.clear();
});

/** What the checkout summary shows for `items` when the catalog is `catalog`: the order the buyer confirms. */
function confirmed(items: CartItem[], catalog: readonly Orderable[] = products): ExpectedOrder {
  return expectedOrder(priceOrder(orderLinesFromCart(items), new Map(catalog.map((product) => [product.id, product])), { contract: null, taxRateBasisPoints: taxRateFor(address.region) }));
}

/** The cart each client last put, so a call confirms what its checkout would show for it. */
const lastCarts = new Map<string, CartItem[]>();

/** Writes the cart as the browser does: the client SDK, through the security rules. */
async function putCart(client: TestClient, items: CartItem[]): Promise<void> {
  await setDoc(doc(client.db, 'carts', client.uid), { items });
  lastCarts.set(client.uid, items);
}

/**
 * Calls placeOrder as the web app does, confirming the lines and total its checkout shows for the
 * cart the test put (unless `input` says otherwise); `timeout` allows for a busy machine.
 */
async function placeOrder(client: TestClient, input: Partial<PlaceOrderInput> = {}, timeout = 70_000): Promise<PlaceOrderResult> {
  const call = httpsCallable<PlaceOrderInput, PlaceOrderResult>(getFunctions(client.app), 'placeOrder', { timeout });
  const order = {
    requestId: randomUUID(),
    shippingAddress: address,
    company: 'Seaside Café Ltd',
    paymentMethod: 'invoice-net30' as const,
    expected: confirmed(lastCarts.get(client.uid) ?? []),
    ...input,
  };
  return (await call(order)).data;
}

/** Every product, order and cart document, to show that a refused order wrote nothing. */
async function shopState(): Promise<Record<string, unknown>> {
  const state: Record<string, unknown> = {};
  for (const name of ['products', 'orders', 'carts']) {
    for (const snapshot of (await adminDb.collection(name).get()).docs) state[snapshot.ref.path] = snapshot.data();
  }
  return state;
}

async function stockOf(productId: string): Promise<number> {
  return (await adminDb.doc(`products/${productId}`).get()).get('stock') as number;
}

/** The callable's refusal as the shopper reads it: code, message and, when there are any, details. */
const refusal = callError;

async function orderCount(): Promise<number> {
  return (await adminDb.collection('orders').count().get()).data().count;
}

async function expectRefusedWithNothingWritten(items: CartItem[], message: string): Promise<void> {
  await putCart(shopper, items);
  const before = await shopState();
  expect(await refusal(placeOrder(shopper))).toEqual({ code: 'failed-precondition', message });
  expect(await shopState()).toEqual(before);
}

describe('placeOrder pricing', () => {
  it('charges the catalog price for a cart whose prices were forged', async () => {
    await putCart(shopper, [{ ...cartItemFor(scarce, 2), price: 1, basePrice: 1, tiers: [] }]);
    const { orderId } = await placeOrder(shopper);
    const order = (await adminDb.doc(`orders/${orderId}`).get()).data()!;
    expect(order.items).toEqual([
      { productId: 'kit-1001', name: 'Chef Knife', sku: 'KIT-1001', unit: water.unit, imageUrl: water.imageUrl, unitPrice: 12000, quantity: 2, lineTotal: 24000, allocated: 2, shipped: 0, backordered: 0, cancelled: 0 },
    ]);
    expect(order).toMatchObject({ subtotal: 24000, shipping: 2500, tax: 1920, total: 28420, currency: 'USD', taxRateBasisPoints: 800 });
  });

  it('applies the volume tier each quantity reaches', async () => {
    await putCart(shopper, [cartItemFor(water, 40), { ...cartItemFor(boxes, 6), price: 1 }]);
    const { orderId } = await placeOrder(shopper);
    const order = (await adminDb.doc(`orders/${orderId}`).get()).data()!;
    expect(order.items.map((item: { unitPrice: number; lineTotal: number }) => [item.unitPrice, item.lineTotal])).toEqual([
      [1699, 67960],
      [2400, 14400],
    ]);
    expect(order).toMatchObject({ subtotal: 82360, shipping: 0, tax: 6589, total: 88949 });
  });
});

describe('placeOrder refusals (nothing written)', () => {
  it('refuses a quantity below the minimum order quantity', async () => {
    await expectRefusedWithNothingWritten([cartItemFor(boxes, 4)], 'Shipping Boxes, Small (PKG-1001) has a minimum order quantity of 6.');
  });

  it('refuses a quantity that is not a multiple of the pack size', async () => {
    await expectRefusedWithNothingWritten([cartItemFor(boxes, 7)], 'Shipping Boxes, Small (PKG-1001) is sold in packs of 2; please order a multiple of 2.');
  });


  it('refuses an order below the minimum order value', async () => {
    await expectRefusedWithNothingWritten([cartItemFor(water, 5)], 'The minimum order value is $100.00. Add $5.05 more to place this order.');
  });

  it('refuses more than is in stock, naming the product', async () => {
    await expectRefusedWithNothingWritten([cartItemFor(scarce, 11)], 'Only 10 of Chef Knife (KIT-1001) are in stock.');
  });

  it('refuses an empty cart', async () => {
    await expectRefusedWithNothingWritten([], 'Your cart is empty.');
  });

  it('refuses a signed-out caller and an incomplete address', async () => {
    const guest = await webClient(null);
    expect(await refusal(placeOrder(guest))).toEqual({ code: 'unauthenticated', message: 'Please sign in first.' });
    await guest.close();
    await putCart(shopper, [cartItemFor(scarce, 1)]);
    const error = await refusal(placeOrder(shopper, { shippingAddress: { ...address, city: ' ' } }));
    expect(error).toEqual({ code: 'invalid-argument', message: 'shippingAddress.city: City is required.' });
    expect(await orderCount()).toBe(0);
  });
});

describe('placeOrder effects', () => {
  it('creates a pending order, decrements the stock and empties the cart in one go', async () => {
    await putCart(shopper, [cartItemFor(water, 12), cartItemFor(scarce, 3)]);
    const requestId = randomUUID();
    const { orderId } = await placeOrder(shopper, { requestId, poNumber: 'PO-7731', notes: 'Deliver to the back door.', paymentMethod: 'bank-transfer' });

    expect(orderId).toMatch(/^HW-[0-9A-HJKMNP-TV-Z]{10}$/);
    expect(await stockOf('bev-1001')).toBe(640 - 12);
    expect(await stockOf('kit-1001')).toBe(10 - 3);
    expect((await adminDb.doc(`carts/${shopper.uid}`).get()).get('items')).toEqual([]);

    const order = (await adminDb.doc(`orders/${orderId}`).get()).data()!;
    expect(order).toMatchObject({
      userId: shopper.uid,
      status: 'pending',
      shippingAddress: address,
      company: 'Seaside Café Ltd',
      poNumber: 'PO-7731',
      notes: 'Deliver to the back door.',
      paymentMethod: 'bank-transfer',
      requestId,
      subtotal: 12 * 1799 + 3 * 12000,
    });
    const createdAt = (order.createdAt as Timestamp).toMillis();
    expect(Math.abs(createdAt - Date.now())).toBeLessThan(60_000);
    expect(order.statusHistory).toEqual([{ status: 'pending', at: createdAt, by: shopper.uid }]);
  });

  it('returns the first order for a repeated request id and creates no second one', async () => {
    await putCart(shopper, [cartItemFor(scarce, 2)]);
    const requestId = randomUUID();
    const first = await placeOrder(shopper, { requestId });
    // The cart is empty now and the price has changed: the retry still finds the order it made.
    await adminDb.doc('products/kit-1001').update({ price: 13000 });
    const again = await placeOrder(shopper, { requestId });
    expect(again).toEqual(first);
    expect((await adminDb.collection('orders').get()).size).toBe(1);
    expect(await stockOf('kit-1001')).toBe(8);
    expect((await adminDb.doc(`orders/${first.orderId}`).get()).get('total')).toBe(confirmed([cartItemFor(scarce, 2)]).total);
  });

  it('creates one order when the same request arrives twice at once', async () => {
    await putCart(shopper, [cartItemFor(scarce, 2)]);
    const requestId = randomUUID();
    const [first, second] = await Promise.all([placeOrder(shopper, { requestId }), placeOrder(shopper, { requestId })]);
    expect(second).toEqual(first);
    expect((await adminDb.collection('orders').get()).size).toBe(1);
    expect(await stockOf('kit-1001')).toBe(8);
  });

  it('saves the address and company to the profile only when asked', async () => {
    await putCart(shopper, [cartItemFor(scarce, 1)]);
    await placeOrder(shopper, { company: 'Not saved Ltd' });
    // The profile holds only the link to the buyer's company.
    expect((await adminDb.doc(`users/${shopper.uid}`).get()).data()).toEqual({ companyId: `co-${shopper.uid}` });

    await putCart(shopper, [cartItemFor(scarce, 1)]);
    await placeOrder(shopper, { saveToProfile: true, company: 'Saved Ltd' });
    expect((await adminDb.doc(`users/${shopper.uid}`).get()).data()).toMatchObject({ company: 'Saved Ltd', shippingAddress: address });
  });
});

describe('placeOrder at the order the buyer confirmed', () => {
  /** Puts `items` in the cart, lets `meanwhile` change the shop, then orders what the buyer saw before: refused, nothing written. */
  async function refusedAfterChange(items: CartItem[], meanwhile: () => Promise<unknown>, input: Partial<PlaceOrderInput> = {}) {
    const expected = confirmed(items);
    await putCart(shopper, items);
    await meanwhile();
    const before = await shopState();
    const answer = await refusal(placeOrder(shopper, { expected, ...input }));
    expect(await shopState()).toEqual(before);
    expect(answer.code).toBe('failed-precondition');
    return answer as { code: string; message: string; details: OrderChangedDetails };
  }

  it('refuses a price an administrator changed after the buyer saw it, listing the change, and writes nothing', async () => {
    const answer = await refusedAfterChange([cartItemFor(scarce, 2)], () => adminDb.doc('products/kit-1001').update({ price: 12500 }));
    expect(answer).toEqual({
      code: 'failed-precondition',
      message:
        'Your order changed since you confirmed it. The price of Chef Knife (KIT-1001) changed from $120.00 to $125.00. ' +
        'The order total changed from $284.20 to $295.00. Please review your order and confirm it again.',
      details: {
        changes: [
          { kind: 'price', productId: 'kit-1001', name: 'Chef Knife', from: 12000, to: 12500, message: 'The price of Chef Knife (KIT-1001) changed from $120.00 to $125.00.' },
          { kind: 'total', from: 28420, to: 29500, message: 'The order total changed from $284.20 to $295.00.' },
        ],
      },
    });
    expect(await orderCount()).toBe(0);
    expect(await stockOf('kit-1001')).toBe(10);
  });

  it('places the order when the buyer confirms again at the new price, under the same request id', async () => {
    const requestId = randomUUID();
    await refusedAfterChange([cartItemFor(scarce, 2)], () => adminDb.doc('products/kit-1001').update({ price: 12500 }), { requestId });
    const seenNow = confirmed([cartItemFor(scarce, 2)], [{ ...scarce, price: 12500 }]);
    const { orderId } = await placeOrder(shopper, { requestId, expected: seenNow });
    const order = (await adminDb.doc(`orders/${orderId}`).get()).data()!;
    expect(order.items.map((item: { unitPrice: number; quantity: number }) => [item.unitPrice, item.quantity])).toEqual([[12500, 2]]);
    expect(order.total).toBe(seenNow.total);
    expect(await stockOf('kit-1001')).toBe(8);
  });

  it('lists a quantity changed in another tab, and the tier price and total it brings', async () => {
    const answer = await refusedAfterChange([cartItemFor(water, 12)], () => putCart(shopper, [cartItemFor(water, 40)]));
    expect(answer.details.changes).toEqual([
      { kind: 'quantity', productId: 'bev-1001', name: 'Sparkling Water, Lime', from: 12, to: 40, message: 'The quantity of Sparkling Water, Lime (BEV-1001) in your cart changed from 12 to 40.' },
      { kind: 'price', productId: 'bev-1001', name: 'Sparkling Water, Lime', from: 1799, to: 1699, message: 'The price of Sparkling Water, Lime (BEV-1001) changed from $17.99 to $16.99.' },
      { kind: 'total', from: 25815, to: 73397, message: 'The order total changed from $258.15 to $733.97.' },
    ]);
  });

  it('lists lines added to and removed from the cart since the buyer confirmed', async () => {
    const answer = await refusedAfterChange([cartItemFor(water, 10), cartItemFor(scarce, 1)], () => putCart(shopper, [cartItemFor(water, 10), cartItemFor(boxes, 6)]));
    expect(answer.details.changes.map((change) => change.kind)).toEqual(['removed', 'added', 'total']);
    expect(answer.details.changes.slice(0, 2)).toEqual([
      { kind: 'removed', productId: 'kit-1001', quantity: 1, message: 'An item you confirmed (quantity 1) is no longer in your cart.' },
      { kind: 'added', productId: 'pkg-1001', name: 'Shipping Boxes, Small', quantity: 6, message: 'Your cart now also holds 6 of Shipping Boxes, Small (PKG-1001).' },
    ]);
  });

  it('lists every confirmed line as removed when the cart was emptied meanwhile', async () => {
    const items = [cartItemFor(scarce, 2)];
    const answer = await refusedAfterChange(items, () => putCart(shopper, []));
    expect(answer.details.changes).toEqual([
      { kind: 'removed', productId: 'kit-1001', quantity: 2, message: 'An item you confirmed (quantity 2) is no longer in your cart.' },
      { kind: 'total', from: 28420, to: 0, message: 'The order total changed from $284.20 to $0.00.' },
    ]);
  });

  it('refuses a total other than the one the lines add up to', async () => {
    const items = [cartItemFor(scarce, 2)];
    const answer = await refusedAfterChange(items, async () => {}, { expected: { ...confirmed(items), total: 24000 } });
    expect(answer.details.changes).toEqual([{ kind: 'total', from: 24000, to: 28420, message: 'The order total changed from $240.00 to $284.20.' }]);
  });

  it('refuses an inactive product the checkout could not show, even with other valid lines', async () => {
    // The web cannot read an inactive product, so its summary holds only the water.
    const items = [cartItemFor(water, 10), cartItemFor(retired, 1)];
    const answer = await refusedAfterChange(items, async () => {});
    expect(answer.details.changes).toEqual([{ kind: 'unavailable', productId: 'snk-1099', message: 'An item in your cart is no longer available.' }]);
    expect(answer.message).toBe('Your order changed since you confirmed it. An item in your cart is no longer available. Please review your order and confirm it again.');
  });

  it('answers byte for byte alike whether a confirmed product was made inactive or deleted', async () => {
    const onSale = { ...retired, active: true };
    const items = [cartItemFor(water, 10), cartItemFor(onSale, 1)];
    const seen = confirmed(items, [water, onSale]);
    const retire = {
      inactive: () => adminDb.doc('products/snk-1099').update({ active: false }),
      missing: () => adminDb.doc('products/snk-1099').delete(),
    };
    const answers: unknown[] = [];
    for (const meanwhile of [retire.inactive, retire.missing]) {
      await storeProduct(onSale);
      answers.push(await refusedAfterChange(items, meanwhile, { expected: seen }));
    }
    expect(JSON.stringify(answers[1])).toBe(JSON.stringify(answers[0]));
    expect(answers[0]).toEqual({
      code: 'failed-precondition',
      message:
        'Your order changed since you confirmed it. An item in your cart is no longer available. ' +
        'The order total changed from $435.29 to $219.29. Please review your order and confirm it again.',
      details: {
        changes: [
          { kind: 'unavailable', productId: 'snk-1099', message: 'An item in your cart is no longer available.' },
          { kind: 'total', from: 43529, to: 21929, message: 'The order total changed from $435.29 to $219.29.' },
        ],
      },
    });
    // Nothing of the product's own document is told: not its name, SKU or price.
    expect(JSON.stringify(answers[0])).not.toMatch(/Retired|SNK-1099|\$200\.00/);
  });

  it('refuses a call without the confirmed order as invalid-argument, writing nothing', async () => {
    await putCart(shopper, [cartItemFor(scarce, 2)]);
    const before = await shopState();
    const call = httpsCallable(getFunctions(shopper.app), 'placeOrder');
    const answer = await refusal(call({ requestId: randomUUID(), shippingAddress: address, company: 'Seaside Café Ltd', paymentMethod: 'invoice-net30' }));
    expect(answer).toEqual({ code: 'invalid-argument', message: 'expected is required.' });
    expect(await shopState()).toEqual(before);
  });
});

describe('placeOrder under concurrency', () => {
  it('sells exactly the stock when 15 shoppers order the last 10 units at once', async () => {
    const shoppers = await Promise.all(Array.from({ length: 15 }, () => webClient()));
    await Promise.all(shoppers.map((client) => giveCompany(client.uid)));
    try {
      // The functions emulator starts one worker process per simultaneous request, and gives up on
      // a worker that takes over 30 s to start (as on a busy machine). Empty carts are refused at
      // once, so these calls just start the 15 workers the orders below then run on at the same time.
      await Promise.allSettled(shoppers.map((client) => placeOrder(client, {}, 60_000)));
      await Promise.all(shoppers.map((client) => putCart(client, [cartItemFor(scarce, 1)])));
      const results = await Promise.allSettled(shoppers.map((client) => placeOrder(client, {}, 180_000)));

      const placed = results.filter((result) => result.status === 'fulfilled');
      expect(placed).toHaveLength(10);
      expect((await adminDb.collection('orders').get()).size).toBe(10);
      expect(await stockOf('kit-1001')).toBe(0);
      const refusals = await Promise.all(results.map((result) => (result.status === 'rejected' ? refusal(Promise.reject(result.reason)) : null)));
      const cartsStillFull = await Promise.all(shoppers.map(async (client) => ((await adminDb.doc(`carts/${client.uid}`).get()).get('items') as unknown[]).length));
      expect(cartsStillFull.filter((lines) => lines === 1)).toHaveLength(5);
      expect(refusals.filter(Boolean)).toEqual(Array(5).fill({ code: 'failed-precondition', message: 'Chef Knife (KIT-1001) is out of stock.' }));
    } finally {
      await Promise.all(shoppers.map((client) => client.close()));
    }
  }, 300_000);
});
