/**
 * An order and a change of its company at the same moment: put on hold, a buyer removed, a
 * buyer's order limit lowered. Whatever the payment method, an order is never placed on the
 * company as it was before a change committed first: it is judged again on the company as it is.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { FieldValue } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cartItemFor, companyOrderingProblem, expectedOrder, orderLinesFromCart, priceOrder, taxRateFor, type Orderable, type PaymentMethodId, type PlaceOrderResult } from '@harbor/domain';
import { adminClient } from './adminFixtures';
import { adminDb, approvedCompanyFields, callError, clearFirestore, webClient, type TestClient } from './harness';

const COMPANY_ID = 'race-co';
const address = { line1: '12 Harbor Way', line2: '', city: 'Portland', region: 'ME', postalCode: '04101', country: 'United States' };
const product: Orderable = { id: 'race-water', name: 'Sparkling Water', sku: 'RACE-W', unit: 'case', imageUrl: '', price: 2500, tiers: [], minOrderQty: 1, packSize: 1, stock: 100_000, active: true };
const QUANTITY = 4;
const cart = [cartItemFor(product, QUANTITY)];
const expected = expectedOrder(priceOrder(orderLinesFromCart(cart), new Map([[product.id, product]]), { contract: null, taxRateBasisPoints: taxRateFor(address.region) }));
/**
 * How long a test holds a document the order commits, so that the order has read its company
 * before the change. Well under the emulator's lock wait (about 2 s), after which the order would
 * run again on its own and read the change anyway.
 */
const ORDER_READS_MS = 900;
/** Orders racing one on-hold in the concurrent test, and how many times it is tried. */
const RACING_BUYERS = 6;
const ROUNDS = 3;

let owner: TestClient;
let admin: TestClient;
const buyers: TestClient[] = [];

/** The company with `owner` as owner and every buyer as a buyer, approved on net-30, with `fields` over that. */
async function storeCompany(fields: Record<string, unknown> = {}): Promise<void> {
  const members = Object.fromEntries([[owner.uid, 'owner'], ...buyers.map((buyer) => [buyer.uid, 'buyer'])]);
  await adminDb.doc(`companies/${COMPANY_ID}`).set({ ...approvedCompanyFields, name: 'Race Co', members, memberLimits: {}, ...fields });
}

/** Places `buyer`'s order of the test cart, as the checkout confirms it. */
function placeOrder(buyer: TestClient, paymentMethod: PaymentMethodId): Promise<PlaceOrderResult> {
  return buyer.call<PlaceOrderResult>('placeOrder', { requestId: randomUUID(), shippingAddress: address, company: 'Race Co', paymentMethod, expected });
}

beforeAll(async () => {
  await clearFirestore();
  owner = await webClient();
  admin = await adminClient();
  for (let index = 0; index < RACING_BUYERS; index++) buyers.push(await webClient());
  await Promise.all([owner, ...buyers].map((client) => adminDb.doc(`users/${client.uid}`).set({ name: 'Race Buyer', companyId: COMPANY_ID })));
  const { id, ...fields } = product;
  await adminDb.doc(`products/${id}`).set(fields);
  // A first order starts the function, so the timed orders below spend their time in their own transaction.
  await storeCompany();
  await adminDb.doc(`carts/${owner.uid}`).set({ items: cart });
  await placeOrder(owner, 'bank-transfer');
}, 120_000);

afterAll(async () => Promise.all([owner, admin, ...buyers].map((client) => client.close())));

beforeEach(async () => {
  await storeCompany();
  await Promise.all(buyers.map((buyer) => adminDb.doc(`carts/${buyer.uid}`).set({ items: cart })));
});

/** What the buyer is told: the order placed, or the refusal's code and message. */
type Outcome = { placed: PlaceOrderResult } | { refused: Awaited<ReturnType<typeof callError>> };

async function outcomeOf(order: Promise<PlaceOrderResult>): Promise<Outcome> {
  return callError(order).then(
    (refused) => ({ refused }),
    async () => ({ placed: await order }),
  );
}

/**
 * Places `buyer`'s order while the company changes after the order has read it and before it
 * commits: a transaction of the test holds the buyer's cart, which the order empties as it
 * commits, so the commit waits until `change` is done.
 */
async function orderAcrossChange(buyer: TestClient, paymentMethod: PaymentMethodId, change: () => Promise<unknown>): Promise<Outcome> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let holding!: () => void;
  const holds = new Promise<void>((resolve) => (holding = resolve));
  const holder = adminDb.runTransaction(async (transaction) => {
    await transaction.get(adminDb.doc(`carts/${buyer.uid}`));
    holding();
    await released;
  });
  await holds;
  const order = outcomeOf(placeOrder(buyer, paymentMethod));
  await sleep(ORDER_READS_MS);
  await change();
  release();
  await holder;
  return order;
}

const onHoldRefusal = { refused: { code: 'failed-precondition', message: companyOrderingProblem('on-hold') } };

describe('an order and a change of its company at the same moment', () => {
  it('refuses a bank-transfer order of a company put on hold before the order commits', async () => {
    const outcome = await orderAcrossChange(buyers[0]!, 'bank-transfer', () => admin.call('updateCompany', { companyId: COMPANY_ID, status: 'on-hold' }));
    expect(outcome).toEqual(onHoldRefusal);
    expect((await adminDb.collection('orders').where('userId', '==', buyers[0]!.uid).get()).size).toBe(0);
  });

  it('refuses the order of a buyer removed before the order commits, as it refuses the next one', async () => {
    const buyer = buyers[1]!;
    const outcome = await orderAcrossChange(buyer, 'bank-transfer', () => adminDb.doc(`companies/${COMPANY_ID}`).update({ [`members.${buyer.uid}`]: FieldValue.delete() }));
    expect(outcome).toEqual(await outcomeOf(placeOrder(buyer, 'bank-transfer')));
    expect(outcome).toMatchObject({ refused: { code: 'failed-precondition' } });
    expect((await adminDb.collection('orders').where('userId', '==', buyer.uid).get()).size).toBe(0);
  });

  it('holds for approval the order of a buyer whose order limit was lowered below it before the order commits', async () => {
    const buyer = buyers[2]!;
    const outcome = await orderAcrossChange(buyer, 'bank-transfer', () => adminDb.doc(`companies/${COMPANY_ID}`).update({ [`memberLimits.${buyer.uid}`]: { orderLimit: expected.total - 1, monthlyLimit: null } }));
    expect(outcome).toEqual({ placed: { orderId: expect.any(String), status: 'awaiting-approval' } });
  });

  it('refuses an invoice order over a credit limit lowered before the order commits', async () => {
    const outcome = await orderAcrossChange(buyers[3]!, 'invoice-net30', () => admin.call('updateCompany', { companyId: COMPANY_ID, creditLimit: expected.total - 1 }));
    expect(outcome).toMatchObject({ refused: { code: 'failed-precondition', message: expect.stringContaining('credit') } });
  });

  it('never places an order after an on-hold has committed, whatever the order pays with', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      await storeCompany();
      await Promise.all(buyers.map((buyer) => adminDb.doc(`carts/${buyer.uid}`).set({ items: cart })));
      const orders = buyers.map((buyer, index) => outcomeOf(placeOrder(buyer, index % 2 ? 'invoice-net30' : 'bank-transfer')));
      // The hold lands among the orders: some have read the company, some not yet.
      await sleep(50 * round);
      await admin.call('updateCompany', { companyId: COMPANY_ID, status: 'on-hold' });
      const outcomes = await Promise.all(orders);
      const holds = await adminDb.collection(`companies/${COMPANY_ID}/history`).where('to', '==', 'on-hold').get();
      // Commit times, to the microsecond (a Timestamp's string value sorts by time).
      const heldAt = holds.docs.map((entry) => entry.createTime.valueOf()).sort().at(-1)!;
      const placed = await Promise.all(outcomes.flatMap((outcome) => ('placed' in outcome ? [adminDb.doc(`orders/${outcome.placed.orderId}`).get()] : [])));
      expect(placed.filter((order) => order.createTime!.valueOf() > heldAt).map((order) => order.id), `round ${round}`).toEqual([]);
      for (const outcome of outcomes) if ('refused' in outcome) expect(outcome, `round ${round}`).toEqual(onHoldRefusal);
    }
  }, 180_000);
});
