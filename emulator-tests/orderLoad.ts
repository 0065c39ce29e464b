/**
 * Many buyers placing orders at the same moment, for the emulator tests and `npm run bench`: each
 * buyer is a signed-in web client whose server cart holds one line, either of one product they all
 * order (contention on its stock) or of a product of its own (no document in common). Reports every
 * call's latency and refusal, and whether the stock adds up afterwards.
 */
import { randomUUID } from 'node:crypto';
import { cartItemFor, emptyAddress, expectedOrder, orderLinesFromCart, priceOrder, productFromData, type CartItem, type ExpectedOrder } from '@harbor/domain';
import { storedProduct } from './adminFixtures';
import { adminDb, callError, giveCompany, webClient, type TestClient } from './harness';

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

/** Products for a run: `count` of them, each with `stock`, and the one-line cart a buyer of each orders with what its checkout confirms. */
async function productsToOrder(prefix: string, count: number, stock: number) {
  const ids = Array.from({ length: count }, (_, index) => `${prefix}-${index + 1}`);
  await Promise.all(ids.map((id) => storedProduct(id, { stock, tiers: [], minOrderQty: 1, packSize: 1 })));
  const carts = await Promise.all(
    ids.map(async (id): Promise<{ cart: CartItem[]; expected: ExpectedOrder }> => {
      const product = productFromData(id, (await adminDb.doc(`products/${id}`).get()).data() ?? {});
      const cart = [cartItemFor(product, UNITS_PER_ORDER)];
      return { cart, expected: expectedOrder(priceOrder(orderLinesFromCart(cart), new Map([[id, product]]))) };
    }),
  );
  // Buyer i orders product i, or all the one product.
  return { ids, cartOf: (buyer: number) => carts[buyer % carts.length]! };
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
 * workers of the last one idle and starting WARM_UP_WAVE more.
 */
async function startWorkers(clients: TestClient[], call: (client: TestClient) => Promise<unknown>): Promise<void> {
  for (let size = WARM_UP_WAVE; size < clients.length + WARM_UP_WAVE; size += WARM_UP_WAVE) {
    await Promise.allSettled(clients.slice(0, size).map(call));
  }
}

/**
 * Places `rounds` x `buyers` orders, all of which the shop should accept: the stock is exactly what
 * they need. Before them, untimed, the emulator's workers are started (startWorkers) and every
 * buyer places one order of other products: refused calls end sooner than orders, so fewer of
 * them overlap and some workers the orders need may not exist yet, or not have made a first
 * (slow) call.
 */
export async function runOrderLoad({ buyers, sharedProduct, rounds, productPrefix = 'load' }: OrderLoadOptions): Promise<OrderLoadResult> {
  const count = sharedProduct ? 1 : buyers;
  const startingStock = ((rounds * buyers) / count) * UNITS_PER_ORDER;
  const measured = await productsToOrder(productPrefix, count, startingStock);
  const warmUp = await productsToOrder(`${productPrefix}-warm-up`, count, (buyers / count) * UNITS_PER_ORDER);
  const unitsBefore = await orderedUnits(new Set(measured.ids));

  const clients: TestClient[] = await Promise.all(Array.from({ length: buyers }, () => webClient()));
  // Each buyer owns its own approved company, so the buyers share no credit.
  await Promise.all(clients.map((client) => giveCompany(client.uid)));
  const place = (client: TestClient, expected: ExpectedOrder) =>
    client.call('placeOrder', { requestId: randomUUID(), shippingAddress: address, company: 'Load Test Ltd', paymentMethod: 'invoice-net30', expected });
  const orderRound = async ({ cartOf }: typeof measured, into: TimedCalls) => {
    await Promise.all(clients.map((client, index) => adminDb.doc(`carts/${client.uid}`).set({ items: cartOf(index).cart })));
    await timedCalls(clients, (client, index) => place(client, cartOf(index).expected), into);
  };
  const timed: TimedCalls = { latenciesMs: [], failures: [] };
  try {
    await startWorkers(clients, (client) => place(client, { lines: [], total: 0 }));
    await orderRound(warmUp, { latenciesMs: [], failures: [] });
    for (let round = 0; round < rounds; round++) await orderRound(measured, timed);
  } finally {
    await Promise.all(clients.map((client) => client.close()));
  }

  const stocks = await Promise.all(measured.ids.map(async (id) => Number((await adminDb.doc(`products/${id}`).get()).get('stock'))));
  const sold = (await orderedUnits(new Set(measured.ids))) - unitsBefore;
  const stockLeft = stocks.reduce((sum, stock) => sum + stock, 0);
  return {
    ...timed,
    calls: timed.latenciesMs.length,
    unaccountedUnits: stockLeft + sold - startingStock * count,
    stockLeft,
    lowestStock: Math.min(...stocks),
  };
}
