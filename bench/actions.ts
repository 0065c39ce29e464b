/**
 * The actions people wait on, one call at a time as a person makes them: a buyer placing an order,
 * the shop sending a quote (answering a request, or starting one), the warehouse starting an
 * order's processing, finance issuing a credit note, and the owner downloading the statement PDF.
 * Each action's first call (the emulator starts the function's worker for it, as a cold instance
 * in production) is reported apart from the calls after it (their median and slowest).
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { cartItemFor, emptyAddress, expectedOrder, orderLinesFromCart, priceOrder, productFromData, type ExpectedOrder } from '../domain/src/index';
import { adminClient, storedProduct } from '../emulator-tests/adminFixtures';
import { adminDb, giveCompany, webClient, type TestClient } from '../emulator-tests/harness';
import { percentile } from '../emulator-tests/orderLoad';
import type { LatencyResult } from './results';

/** Calls of each action after its first. */
const RUNS = 7;
const PRODUCT_ID = 'bench-action-1';
const UNITS = 10;
const address = { ...emptyAddress, line1: '1 Pier St', city: 'Portland', region: 'ME', postalCode: '04101', country: 'United States' };
const DAY_MS = 24 * 60 * 60 * 1000;

const loadNow = () => Math.round(loadavg()[0]! * 10) / 10;

/** One action's calls: the first, then RUNS more, each prepared off the clock. */
async function timeAction(callable: string, call: (run: number) => Promise<() => Promise<unknown>>): Promise<LatencyResult[]> {
  const loadBefore = loadNow();
  const calls: { ms: number; failed: boolean }[] = [];
  for (let run = 0; run <= RUNS; run++) {
    const timed = await call(run);
    const started = performance.now();
    const failed = await timed().then(
      () => false,
      (error: unknown) => {
        console.warn(`  ${callable} failed: ${(error as Error).message}`);
        return true;
      },
    );
    calls.push({ ms: performance.now() - started, failed });
  }
  const loadAverage: [number, number] = [loadBefore, loadNow()];
  const row = (load: string, some: typeof calls): LatencyResult => {
    const latencies = some.map(({ ms }) => ms);
    return { callable, load, calls: some.length, failures: some.filter(({ failed }) => failed).length, p50Ms: Math.round(percentile(latencies, 0.5)), p95Ms: Math.round(percentile(latencies, 0.95)), loadAverage };
  };
  return [row(FIRST, calls.slice(0, 1)), row(LATER, calls.slice(1))];
}

export const FIRST = 'one person, first call (new worker)';
export const LATER = `one person, ${RUNS} calls after the first`;

/** The order a buyer's checkout confirms for its cart of UNITS of the bench product. */
async function cartAndExpected(): Promise<{ cart: ReturnType<typeof cartItemFor>[]; expected: ExpectedOrder }> {
  const product = productFromData(PRODUCT_ID, (await adminDb.doc(`products/${PRODUCT_ID}`).get()).data() ?? {});
  const cart = [cartItemFor(product, UNITS)];
  return { cart, expected: expectedOrder(priceOrder(orderLinesFromCart(cart), new Map([[PRODUCT_ID, product]]), { contract: null, taxRateBasisPoints: 0 })) };
}

/**
 * Measures the actions against the running emulators: a buyer (owner of an approved company on
 * net 30) and an admin made for the run, and a product with stock for every order.
 */
export async function measureActions(): Promise<LatencyResult[]> {
  await storedProduct(PRODUCT_ID, { stock: 1_000_000, tiers: [], minOrderQty: 1, packSize: 1, price: 1450 });
  const [buyer, staff] = await Promise.all([webClient(`bench-buyer-${Date.now()}@harbor.test`), adminClient()]);
  const companyId = await giveCompany(buyer.uid, { taxExempt: true, billingAddress: address, shippingAddresses: [address] });
  await adminDb.doc(`users/${buyer.uid}`).set({ name: 'Bench Buyer', companyId }, { merge: true });
  const placed: string[] = [];
  const placeOrder = async (client: TestClient) => {
    const { cart, expected } = await cartAndExpected();
    await adminDb.doc(`carts/${client.uid}`).set({ items: cart });
    return () =>
      client.call<{ orderId: string }>('placeOrder', { requestId: randomUUID(), shippingAddress: address, company: 'Bench Co', paymentMethod: 'invoice-net30', expected }).then(({ orderId }) => placed.push(orderId));
  };
  const requested = async () => (await buyer.call<{ quoteId: string }>('requestQuote', { requestId: randomUUID(), lines: [{ productId: PRODUCT_ID, quantity: UNITS }], note: 'Our weekly order' })).quoteId;
  const quoteAnswer = { lines: [{ productId: PRODUCT_ID, quantity: UNITS, unitPrice: 1300 }], validUntil: Date.now() + 14 * DAY_MS, message: 'Our best price' };
  try {
    const rows = [
      ...(await timeAction('placeOrder', () => placeOrder(buyer))),
      ...(await timeAction('respondToQuote', async () => {
        const quoteId = await requested();
        return () => staff.call('respondToQuote', { quoteId, version: 1, ...quoteAnswer });
      })),
      ...(await timeAction('createQuote', async () => () => staff.call('createQuote', { companyId, requestId: randomUUID(), ...quoteAnswer }))),
      ...(await timeAction('updateOrderStatus', async (run) => {
        const orderId = placed[run]!;
        return () => staff.call('updateOrderStatus', { orderId, status: 'processing' });
      })),
      ...(await timeAction('issueCreditNote', async (run) => {
        const orderId = placed[run]!;
        // Processing already (above): shipping issues its invoice.
        await staff.call('updateOrderStatus', { orderId, status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
        return () => staff.call('issueCreditNote', { orderId, requestId: randomUUID(), amount: 500, reason: 'A damaged case' });
      })),
      ...(await timeAction('getStatement', async () => () => buyer.call('getStatement', { companyId }))),
    ];
    return rows;
  } finally {
    await Promise.all([buyer.close(), staff.close()]);
  }
}
