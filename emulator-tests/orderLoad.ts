/**
 * Many buyers placing orders at the same moment, for the emulator tests and `npm run bench`: each
 * buyer is a signed-in web client whose server cart holds one line, either of one product they all
 * order (contention on its stock) or of a product of its own (no document in common). Reports every
 * call's latency and refusal, and whether the stock adds up afterwards.
 */
import { randomUUID } from 'node:crypto';
import { cartItemFor, emptyAddress, expectedOrder, orderLinesFromCart, priceOrder, productFromData, type CartItem, type ExpectedOrder } from '@harbor/domain';
import { storedProduct } from './adminFixtures';
import { adminDb, callError, webClient, type TestClient } from './harness';

export interface OrderLoadOptions {
  buyers: number;
  /** One product every buyer orders, or one product per buyer. */
  sharedProduct: boolean;
  /** Rounds in which every buyer places one order at the same moment. */
  rounds: number;
  /** Prefix of the product ids, so a run leaves the rest of the catalog alone. */
  productPrefix?: string;
}

/** Calls made at the same moment: how long each took, and the refusals. */
export interface TimedCalls {
  /** Milliseconds from call to answer, every call. */
  latenciesMs: number[];
  /** Each refused or failed call: its code and message. */
  failures: { code: string; message: string }[];
}

export interface OrderLoadResult extends TimedCalls {
  calls: number;
  /** Stock of the products after the run plus the units of the orders placed, minus the stock they started with (0 when every unit is accounted for). */
  unaccountedUnits: number;
  /** The stock of the products afterwards, in all and the lowest (never negative). */
  stockLeft: number;
  lowestStock: number;
}

/** Units per order: at the fixture's price (14.50) just above the shop's minimum order of 100.00. */
const UNITS_PER_ORDER = 8;
const address = { ...emptyAddress, line1: '1 Pier St', city: 'Portland', postalCode: '04101', country: 'United States' };

/** The value below which `fraction` of the values lie (nearest rank). */
export function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}

/** Calls `call` for every client at the same moment, adding each call's time and any refusal to `into`. */
export async function timedCalls(clients: TestClient[], call: (client: TestClient, index: number) => Promise<unknown>, into: TimedCalls): Promise<void> {
  await Promise.all(
    clients.map(async (client, index) => {
      const start = performance.now();
      try {
        await call(client, index);
      } catch (error) {
        into.failures.push(await callError(Promise.reject(error)));
      } finally {
        into.latenciesMs.push(performance.now() - start);
      }
    }),
  );
}

async function cartFor(productId: string): Promise<{ cart: CartItem[]; expected: ExpectedOrder }> {
  const product = productFromData(productId, (await adminDb.doc(`products/${productId}`).get()).data() ?? {});
  const cart = [cartItemFor(product, UNITS_PER_ORDER)];
  return { cart, expected: expectedOrder(priceOrder(orderLinesFromCart(cart), new Map([[productId, product]]))) };
}

async function orderedUnits(productIds: ReadonlySet<string>): Promise<number> {
  const orders = await adminDb.collection('orders').get();
  return orders.docs
    .flatMap((order) => order.get('items') as { productId: string; quantity: number }[])
    .filter((item) => productIds.has(item.productId))
    .reduce((sum, item) => sum + item.quantity, 0);
}

/** Worker processes started at once while warming up (each takes about a second of CPU). */
const WARM_UP_WAVE = 25;

/**
 * The functions emulator runs one worker process per simultaneous call, and fails a call whose
 * worker takes over 30 s to start (as when a hundred start at once on a busy machine). Calls with
 * an empty cart, refused at once, start them beforehand: waves of growing size, each finding the
 * workers of the last one idle and starting WARM_UP_WAVE more. The last size runs twice: a call
 * that waited for a new worker runs on whichever worker is idle first, so the newest workers may
 * not have served a call yet, and a worker's first call is slow (it connects to Firestore).
 */
async function startWorkers(clients: TestClient[], call: (client: TestClient) => Promise<unknown>): Promise<void> {
  const sizes: number[] = [];
  for (let size = WARM_UP_WAVE; size < clients.length; size += WARM_UP_WAVE) sizes.push(size);
  for (const size of [...sizes, clients.length, clients.length]) await Promise.allSettled(clients.slice(0, size).map(call));
}

/**
 * Places `rounds` x `buyers` orders, all of which the shop should accept: the stock is exactly what
 * they need. The emulator's workers are started before the orders race (see startWorkers).
 */
export async function runOrderLoad({ buyers, sharedProduct, rounds, productPrefix = 'load' }: OrderLoadOptions): Promise<OrderLoadResult> {
  const productIds = Array.from({ length: sharedProduct ? 1 : buyers }, (_, index) => `${productPrefix}-${index + 1}`);
  const ordersPerProduct = (rounds * buyers) / productIds.length;
  const startingStock = ordersPerProduct * UNITS_PER_ORDER;
  await Promise.all(productIds.map((id) => storedProduct(id, { stock: startingStock, tiers: [], minOrderQty: 1, packSize: 1 })));
  const carts = await Promise.all(productIds.map(cartFor));
  const cartOf = (index: number) => carts[index % carts.length]!;
  const unitsBefore = await orderedUnits(new Set(productIds));

  const clients: TestClient[] = await Promise.all(Array.from({ length: buyers }, () => webClient()));
  const timed: TimedCalls = { latenciesMs: [], failures: [] };
  const place = (client: TestClient, expected: ExpectedOrder) =>
    client.call('placeOrder', { requestId: randomUUID(), shippingAddress: address, company: 'Load Test Ltd', paymentMethod: 'invoice-net30', expected });
  try {
    await startWorkers(clients, (client) => place(client, { lines: [], total: 0 }));
    for (let round = 0; round < rounds; round++) {
      await Promise.all(clients.map((client, index) => adminDb.doc(`carts/${client.uid}`).set({ items: cartOf(index).cart })));
      await timedCalls(clients, (client, index) => place(client, cartOf(index).expected), timed);
    }
  } finally {
    await Promise.all(clients.map((client) => client.close()));
  }

  const stocks = await Promise.all(productIds.map(async (id) => Number((await adminDb.doc(`products/${id}`).get()).get('stock'))));
  const sold = (await orderedUnits(new Set(productIds))) - unitsBefore;
  const stockLeft = stocks.reduce((sum, stock) => sum + stock, 0);
  return {
    ...timed,
    calls: timed.latenciesMs.length,
    unaccountedUnits: stockLeft + sold - startingStock * productIds.length,
    stockLeft,
    lowestStock: Math.min(...stocks),
  };
}
