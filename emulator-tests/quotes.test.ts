/**
 * Quotes on the emulators: request → quote → accept placing exactly one order at the quoted
 * prices, every refused accept writing nothing, every quoteAction from every status by each side,
 * staff permissions, the conversation, the PDF, expiry and the reminder, and the queries the
 * buyer's and the back office's lists make. Numbers are read back from what is stored.
 */
import { randomUUID } from 'node:crypto';
import { collection, doc, getDoc, getDocs, orderBy, query, where } from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartItemFor, MAIL, QUOTE_STATUSES, quoteTotals, taxRateFor, type Orderable, type QuoteStatus } from '@harbor/domain';
import { expireQuotes } from '../functions/src/quotes';
import { adminClient } from './adminFixtures';
import { adminDb, approvedCompanyFields, callError, clearFirestore, webClient, type TestClient } from './harness';
import { attachedPdfText, mailTo, pdfText, waitForMail, waitForMailStatus } from './inbox';

const DAY = 24 * 60 * 60 * 1000;
/** $100.00 a sack, $95.00 from 20; the company's contract price is $90.00. */
const flour: Orderable = { id: 'flour-25', name: 'Bread Flour 25 kg', sku: 'FLR-25', unit: 'sack', imageUrl: '', price: 10_000, tiers: [{ minQty: 20, price: 9_500 }], minOrderQty: 1, packSize: 1, stock: 500, active: true };
const CONTRACT_PRICE = 9_000;
const QUOTED_PRICE = 8_000;
const COMPANY = 'co-quotes';
/** The address of the sales rep Quote Bakery is assigned to. */
const SALES_EMAIL = 'sal@quotes.test';
const texas = { line1: '1 Dock St', line2: '', city: 'Austin', region: 'TX', postalCode: '73301', country: 'United States' };
/** A day well ahead, as respondToQuote takes it. */
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

let owner: TestClient;
let dana: TestClient;
let stranger: TestClient;
let admin: TestClient;
let sales: TestClient;
let otherSales: TestClient;
let warehouse: TestClient;
let finance: TestClient;

beforeAll(async () => {
  [owner, dana, stranger, admin, sales, otherSales, warehouse, finance] = await Promise.all([webClient(), webClient(), webClient(), adminClient(), webClient(), webClient(), webClient(), webClient()]);
});
afterAll(async () => Promise.all([owner, dana, stranger, admin, sales, otherSales, warehouse, finance].map((client) => client.close())));

beforeEach(async () => {
  await clearFirestore();
  const { id, ...fields } = flour;
  const batch = adminDb.batch();
  batch.set(adminDb.doc(`products/${id}`), fields);
  batch.set(adminDb.doc(`companies/${COMPANY}`), {
    ...approvedCompanyFields,
    name: 'Quote Bakery',
    salesRepUid: sales.uid,
    shippingAddresses: [texas],
    members: { [owner.uid]: 'owner', [dana.uid]: 'buyer' },
    memberDetails: { [owner.uid]: { name: 'Olive Owner', email: 'olive@quotes.test' }, [dana.uid]: { name: 'Dana Reyes', email: 'dana@quotes.test' } },
    memberLimits: { [dana.uid]: { orderLimit: 50_000, monthlyLimit: null } },
  });
  batch.set(adminDb.doc(`companies/${COMPANY}/private/pricing`), { discountBasisPoints: 0, fixedPrices: { [flour.id]: CONTRACT_PRICE } });
  batch.set(adminDb.doc('companies/co-stranger'), { ...approvedCompanyFields, members: { [stranger.uid]: 'owner' } });
  batch.set(adminDb.doc(`users/${owner.uid}`), { name: 'Olive Owner', email: '', companyId: COMPANY });
  batch.set(adminDb.doc(`users/${dana.uid}`), { name: 'Dana Reyes', email: '', companyId: COMPANY });
  batch.set(adminDb.doc(`users/${stranger.uid}`), { name: 'Stan Stranger', email: '', companyId: 'co-stranger' });
  batch.set(adminDb.doc(`users/${admin.uid}`), { name: 'Test Admin', email: '', role: 'admin' });
  batch.set(adminDb.doc(`users/${sales.uid}`), { name: 'Sal Sales', email: SALES_EMAIL, role: 'sales' });
  batch.set(adminDb.doc(`users/${otherSales.uid}`), { name: 'Otto Other', email: 'otto@quotes.test', role: 'sales' });
  batch.set(adminDb.doc(`users/${warehouse.uid}`), { name: 'Wes Warehouse', email: '', role: 'warehouse' });
  batch.set(adminDb.doc(`users/${finance.uid}`), { name: 'Fin Finance', email: '', role: 'finance' });
  await batch.commit();
});

const quoteOf = async (quoteId: string) => (await adminDb.doc(`quotes/${quoteId}`).get()).data()!;
const stock = async () => (await adminDb.doc(`products/${flour.id}`).get()).get('stock') as number;
const orderCount = async () => (await adminDb.collection('orders').get()).size;
const messagesOf = async (quoteId: string) => (await adminDb.collection(`quotes/${quoteId}/messages`).orderBy('at').get()).docs.map((message) => message.data());
// Each test makes several calls, each one a transaction on the emulators.
vi.setConfig({ testTimeout: 120_000 });

/** Moves the functions' clock (functions/src/clock.ts) to `at`. */
const setClock = (at: number) => adminDb.doc('testing/clock').set({ offsetMs: at - Date.now() });

async function requestQuote(client: TestClient = owner, quantity = 10, requestId = randomUUID(), fromCart = false): Promise<{ quoteId: string; number: string }> {
  return client.call('requestQuote', { requestId, lines: [{ productId: flour.id, quantity }], note: 'Weekly flour, please', fromCart });
}

async function respond(quoteId: string, { by = admin, quantity = 10, unitPrice = QUOTED_PRICE, validUntil = inDays(10) as string | number } = {}): Promise<{ quoteId: string; version: number }> {
  const version = (await quoteOf(quoteId)).version as number;
  return by.call('respondToQuote', { quoteId, version, lines: [{ productId: flour.id, quantity, unitPrice }], validUntil, message: 'Our best price' });
}

/** A requested and answered quote of `quantity` sacks at the quoted price. */
async function quoted(client: TestClient = owner, quantity = 10): Promise<string> {
  const { quoteId } = await requestQuote(client, quantity);
  await respond(quoteId, { quantity });
  return quoteId;
}

/** What the accept page sends: the quoted lines and the total for the chosen address. */
async function acceptInput(quoteId: string, extra: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const stored = await quoteOf(quoteId);
  const lines = (stored.lines as { productId: string; quantity: number; unitPrice: number }[]).map(({ productId, quantity, unitPrice }) => ({ productId, quantity, unitPrice }));
  return {
    quoteId,
    version: stored.version,
    requestId: randomUUID(),
    shippingAddress: texas,
    poNumber: 'PO-77',
    notes: '',
    paymentMethod: 'invoice-net30',
    expected: { lines, total: quoteTotals(lines, taxRateFor(texas.region)).total },
    ...extra,
  };
}

/** Nothing an accept could write: no order, the quote, stock and balance as they were. */
async function expectNothingWritten(quoteId: string, before: Record<string, unknown>, work: () => Promise<unknown>): Promise<void> {
  const [orders, units, company] = [await orderCount(), await stock(), (await adminDb.doc(`companies/${COMPANY}`).get()).get('openBalance')];
  await work();
  expect(await orderCount()).toBe(orders);
  expect(await stock()).toBe(units);
  expect((await adminDb.doc(`companies/${COMPANY}`).get()).get('openBalance')).toBe(company);
  expect(await quoteOf(quoteId)).toEqual(before);
}

describe('request → quote → accept', () => {
  it('places exactly one order at the quoted prices, below the contract price, recording the quote', async () => {
    const requestId = randomUUID();
    const { quoteId, number } = await requestQuote(owner, 10, requestId);
    expect(number).toBe('Q-000001');
    // A retry of the same request finds the same quote.
    expect(await requestQuote(owner, 10, requestId)).toEqual({ quoteId, number });
    expect((await adminDb.collection('quotes').get()).size).toBe(1);
    const requested = await quoteOf(quoteId);
    expect(requested).toMatchObject({ number, companyId: COMPANY, companyName: 'Quote Bakery', requestedBy: owner.uid, createdBy: 'buyer', status: 'requested', version: 1, note: 'Weekly flour, please', total: 0, validUntil: null, orderId: null });
    expect(requested.lines).toEqual([{ productId: flour.id, sku: 'FLR-25', name: 'Bread Flour 25 kg', unit: 'sack', imageUrl: '', quantity: 10, unitPrice: null, lineTotal: 0 }]);
    // The shop's order desk and the company's sales rep hear of it.
    expect((await adminDb.doc(`mail/${quoteId}-requested`).get()).get('to')).toEqual([MAIL.orderInbox, SALES_EMAIL]);

    expect(await respond(quoteId)).toEqual({ quoteId, version: 2 });
    const answer = await quoteOf(quoteId);
    const totals = quoteTotals([{ quantity: 10, unitPrice: QUOTED_PRICE }], taxRateFor('TX'));
    expect(answer).toMatchObject({ status: 'quoted', version: 2, ...totals, taxRateBasisPoints: taxRateFor('TX'), lastMessage: 'Our best price' });
    expect(answer.lines[0]).toMatchObject({ unitPrice: QUOTED_PRICE, lineTotal: 10 * QUOTED_PRICE });
    expect(answer.validUntil.toMillis() % DAY).toBe(DAY - 1);
    expect((await adminDb.doc(`mail/${quoteId}-v2-sent`).get()).get('template')).toBe('quoteSent');
    expect((await adminDb.collection('auditLog').where('action', '==', 'quote.respond').get()).size).toBe(1);

    const result = await owner.call<{ orderId: string; status: string }>('acceptQuote', await acceptInput(quoteId));
    expect(result.status).toBe('pending');
    const order = (await adminDb.doc(`orders/${result.orderId}`).get()).data()!;
    expect(order.items).toEqual([expect.objectContaining({ productId: flour.id, quantity: 10, unitPrice: QUOTED_PRICE, lineTotal: 10 * QUOTED_PRICE })]);
    expect(QUOTED_PRICE).toBeLessThan(CONTRACT_PRICE);
    expect(order).toMatchObject({ quoteId, quoteNumber: number, total: totals.total, companyId: COMPANY, company: 'Quote Bakery', poNumber: 'PO-77', status: 'pending' });
    expect(await orderCount()).toBe(1);
    expect(await stock()).toBe(flour.stock - 10);
    expect(await quoteOf(quoteId)).toMatchObject({ status: 'accepted', orderId: result.orderId });
    expect((await messagesOf(quoteId)).map((message) => message.kind)).toEqual(['request', 'quote', 'accept']);
    // The buyer reads its company's quote and messages; another company's member reads neither.
    expect((await getDoc(doc(dana.db, `quotes/${quoteId}`))).get('status')).toBe('accepted');
    await expect(getDoc(doc(stranger.db, `quotes/${quoteId}`))).rejects.toMatchObject({ code: 'permission-denied' });
  });

  it('answers a retry of the same accept with the same order, and refuses a second accept, writing nothing', async () => {
    const quoteId = await quoted();
    const input = await acceptInput(quoteId);
    const first = await owner.call<{ orderId: string }>('acceptQuote', input);
    expect(await owner.call('acceptQuote', input)).toEqual({ orderId: first.orderId, status: 'pending', takenFromCart: [] });
    const before = await quoteOf(quoteId);
    await expectNothingWritten(quoteId, before, async () => {
      expect(await callError(owner.call('acceptQuote', { ...input, requestId: randomUUID() }))).toMatchObject({ code: 'failed-precondition' });
      expect(await callError(dana.call('acceptQuote', { ...input, requestId: randomUUID() }))).toMatchObject({ code: 'failed-precondition' });
    });
    expect(await orderCount()).toBe(1);
  });

  it('refuses an accept after the quote’s day by the clock alone (no schedule ran), writing nothing', async () => {
    const quoteId = await quoted();
    const before = await quoteOf(quoteId);
    await setClock(before.validUntil.toMillis() + 1);
    await expectNothingWritten(quoteId, before, async () => {
      expect(await callError(owner.call('acceptQuote', await acceptInput(quoteId)))).toMatchObject({ code: 'failed-precondition', message: expect.stringContaining('expired') });
    });
    // To the last millisecond of the day it still holds.
    await setClock(before.validUntil.toMillis() - 1000);
    expect(await owner.call('acceptQuote', await acceptInput(quoteId))).toMatchObject({ status: 'pending' });
  });

  it('refuses an accept of an older version, writing nothing', async () => {
    const quoteId = await quoted();
    const old = await acceptInput(quoteId);
    await respond(quoteId, { unitPrice: 7_900 });
    const before = await quoteOf(quoteId);
    expect(before.version).toBe(3);
    await expectNothingWritten(quoteId, before, async () => {
      expect(await callError(owner.call('acceptQuote', old))).toMatchObject({ code: 'failed-precondition', message: expect.stringContaining('version 3') });
      // The old prices with the new version are a change the buyer has not seen.
      expect(await callError(owner.call('acceptQuote', { ...old, version: 3 }))).toMatchObject({ code: 'failed-precondition' });
    });
  });

  it('tells another company’s member, staff and a stranger the quote does not exist, writing nothing', async () => {
    const quoteId = await quoted();
    const before = await quoteOf(quoteId);
    const input = await acceptInput(quoteId);
    await expectNothingWritten(quoteId, before, async () => {
      for (const client of [stranger, admin, sales]) {
        expect(await callError(client.call('acceptQuote', { ...input, requestId: randomUUID() }))).toEqual({ code: 'not-found', message: `There is no quote ${quoteId}.` });
      }
      expect(await callError(stranger.call('acceptQuote', { ...input, quoteId: 'no-such-quote' }))).toEqual({ code: 'not-found', message: 'There is no quote no-such-quote.' });
    });
  });

  it('refuses an accept when a product is no longer sold, or the stock is short, writing nothing', async () => {
    const quoteId = await quoted();
    const before = await quoteOf(quoteId);
    await adminDb.doc(`products/${flour.id}`).update({ active: false });
    await expectNothingWritten(quoteId, before, async () => {
      expect(await callError(owner.call('acceptQuote', await acceptInput(quoteId)))).toMatchObject({ code: 'failed-precondition' });
    });
    await adminDb.doc(`products/${flour.id}`).update({ active: true, stock: 5 });
    await expectNothingWritten(quoteId, before, async () => {
      expect(await callError(owner.call('acceptQuote', await acceptInput(quoteId)))).toMatchObject({ code: 'failed-precondition', message: expect.stringContaining('Only 5') });
    });
  });

  it('refuses an accept whose expected total is not the total for the chosen address, or over the credit', async () => {
    const quoteId = await quoted();
    const before = await quoteOf(quoteId);
    const input = await acceptInput(quoteId);
    await expectNothingWritten(quoteId, before, async () => {
      expect(await callError(owner.call('acceptQuote', { ...input, shippingAddress: { ...texas, region: 'OR' } }))).toMatchObject({ code: 'failed-precondition' });
      await adminDb.doc(`companies/${COMPANY}`).update({ creditLimit: 1_000 });
      expect(await callError(owner.call('acceptQuote', input))).toMatchObject({ code: 'failed-precondition', message: expect.stringContaining('available credit') });
    });
  });

  it('takes the quoted units out of the cart the quote was asked from, in the accept, and leaves every other line', async () => {
    // Dana asks a price for 10 of the 14 sacks in her cart; the sugar beside them is not quoted.
    const sugar = cartItemFor({ ...flour, id: 'sugar-10', name: 'Sugar 10 kg', sku: 'SGR-10' }, 3);
    const cartRef = adminDb.doc(`carts/${dana.uid}`);
    await cartRef.set({ items: [cartItemFor(flour, 14), sugar], appliedOperations: ['op-1'] });
    const { quoteId } = await requestQuote(dana, 10, randomUUID(), true);
    expect(await quoteOf(quoteId)).toMatchObject({ fromCart: true });
    await respond(quoteId);
    // The owner accepts it: the units leave Dana's cart, whoever accepts.
    const input = await acceptInput(quoteId);
    const taken = [{ productId: flour.id, name: flour.name, quantity: 10 }];
    expect(await owner.call('acceptQuote', input)).toEqual({ orderId: expect.any(String), status: 'pending', takenFromCart: taken });
    const cart = (await cartRef.get()).data()!;
    expect(cart.items).toEqual([{ ...cartItemFor(flour, 14), quantity: 4 }, sugar]);
    expect(cart.appliedOperations).toEqual(['op-1']);
    expect(await quoteOf(quoteId)).toMatchObject({ status: 'accepted', takenFromCart: taken });
    // A retry answers the same and takes nothing more.
    expect(await owner.call('acceptQuote', input)).toMatchObject({ takenFromCart: taken });
    expect((await cartRef.get()).get('items')).toEqual(cart.items);
    // A quote asked from a saved list leaves the cart alone.
    const fromList = await quoted(dana);
    expect(await owner.call('acceptQuote', await acceptInput(fromList))).toMatchObject({ takenFromCart: [] });
    expect((await cartRef.get()).get('items')).toEqual(cart.items);
  });

  it('sends the order of a buyer over its limit to its company’s approval', async () => {
    const quoteId = await quoted(dana);
    const result = await dana.call<{ orderId: string; status: string }>('acceptQuote', await acceptInput(quoteId));
    expect(result.status).toBe('awaiting-approval');
    expect((await adminDb.doc(`orders/${result.orderId}`).get()).data()).toMatchObject({ status: 'awaiting-approval', quoteId, approval: { reason: 'order-limit' } });
    expect(await quoteOf(quoteId)).toMatchObject({ status: 'accepted', orderId: result.orderId });
  });
});

describe('quoteAction', () => {
  /** The state table, written out: action -> [side, statuses it starts from, status it leads to]. */
  const TABLE = {
    'ask-changes': ['buyer', ['quoted'], 'requested'],
    decline: ['buyer', ['quoted'], 'declined'],
    withdraw: ['buyer', ['requested'], 'withdrawn'],
    reject: ['staff', ['requested', 'quoted'], 'rejected'],
  } as const;

  it('is allowed or refused from every status, by each side, as the state table says', async () => {
    const quoteId = await quoted();
    const base = await quoteOf(quoteId);
    for (const status of QUOTE_STATUSES) {
      for (const [action, [side, from, to]] of Object.entries(TABLE)) {
        for (const [caller, callerSide] of [
          [owner, 'buyer'],
          [admin, 'staff'],
        ] as const) {
          await adminDb.doc(`quotes/${quoteId}`).set({ ...base, status });
          const before = await quoteOf(quoteId);
          const messages = (await messagesOf(quoteId)).length;
          const outcome = await caller.call('quoteAction', { quoteId, action, message: 'Because' }).catch((error: { code: string }) => error.code.replace('functions/', ''));
          const expected = callerSide !== side ? 'permission-denied' : (from as readonly QuoteStatus[]).includes(status) ? { quoteId, status: to } : 'failed-precondition';
          expect(outcome, `${action} by ${callerSide} from ${status}`).toEqual(expected);
          if (typeof expected === 'string') {
            expect(await quoteOf(quoteId)).toEqual(before);
            expect((await messagesOf(quoteId)).length).toBe(messages);
          } else {
            expect((await quoteOf(quoteId)).status).toBe(to);
            expect((await messagesOf(quoteId)).at(-1)).toMatchObject({ kind: action, side: callerSide, text: 'Because', by: caller.uid });
          }
        }
      }
    }
    expect((await adminDb.collection('auditLog').where('action', '==', 'quote.reject').get()).size).toBe(2);
    // 56 calls, each a transaction on a busy machine.
  }, 300_000);

  it('needs a reason for a rejection, and tells outsiders the quote does not exist', async () => {
    const { quoteId } = await requestQuote();
    expect(await callError(admin.call('quoteAction', { quoteId, action: 'reject' }))).toMatchObject({ code: 'invalid-argument' });
    for (const client of [stranger, otherSales, warehouse, finance]) {
      expect(await callError(client.call('quoteAction', { quoteId, action: 'withdraw' }))).toEqual({ code: 'not-found', message: `There is no quote ${quoteId}.` });
    }
    expect((await quoteOf(quoteId)).status).toBe('requested');
  });

  it('lets the buyer ask for changes and staff send a revision with a new version', async () => {
    const quoteId = await quoted();
    expect(await owner.call('quoteAction', { quoteId, action: 'ask-changes', message: 'Can you do 20?' })).toEqual({ quoteId, status: 'requested' });
    expect(await respond(quoteId, { quantity: 20, unitPrice: 7_500 })).toEqual({ quoteId, version: 3 });
    expect(await quoteOf(quoteId)).toMatchObject({ status: 'quoted', version: 3, lines: [expect.objectContaining({ quantity: 20, unitPrice: 7_500 })] });
    // An answer to a version since replaced is refused.
    expect(await callError(admin.call('respondToQuote', { quoteId, version: 2, lines: [{ productId: flour.id, quantity: 20, unitPrice: 7_000 }], validUntil: inDays(5) }))).toMatchObject({ code: 'failed-precondition' });
  });
});

describe('staff', () => {
  it('lets the sales rep of the company respond, and tells another sales rep the quote does not exist', async () => {
    const { quoteId } = await requestQuote();
    expect(await callError(respond(quoteId, { by: otherSales }))).toEqual({ code: 'not-found', message: `There is no quote ${quoteId}.` });
    expect(await respond(quoteId, { by: sales })).toEqual({ quoteId, version: 2 });
    expect((await getDoc(doc(sales.db, `quotes/${quoteId}`))).get('status')).toBe('quoted');
    await expect(getDoc(doc(otherSales.db, `quotes/${quoteId}`))).rejects.toMatchObject({ code: 'permission-denied' });
  });

  it('refuses warehouse and finance with permission-denied', async () => {
    const { quoteId } = await requestQuote();
    for (const client of [warehouse, finance, owner]) {
      expect(await callError(respond(quoteId, { by: client }))).toMatchObject({ code: 'permission-denied' });
      expect(await callError(client.call('createQuote', { companyId: COMPANY, lines: [{ productId: flour.id, quantity: 10, unitPrice: 1 }], validUntil: inDays(5) }))).toMatchObject({ code: 'permission-denied' });
    }
    expect((await quoteOf(quoteId)).status).toBe('requested');
  });

  it('refuses a validity day that has passed and a product not sold', async () => {
    const { quoteId } = await requestQuote();
    expect(await callError(respond(quoteId, { validUntil: '2020-01-01' }))).toMatchObject({ code: 'invalid-argument' });
    await adminDb.doc(`products/${flour.id}`).update({ active: false });
    expect(await callError(respond(quoteId))).toMatchObject({ code: 'failed-precondition', message: `Product ${flour.id} is not available.` });
    expect((await quoteOf(quoteId)).version).toBe(1);
  });

  it('creates a quote for a company, quoted at once and addressed to its owner; a retry finds it', async () => {
    const input = { companyId: COMPANY, requestId: randomUUID(), lines: [{ productId: flour.id, quantity: 30, unitPrice: 8_500 }], validUntil: inDays(7), message: 'For the season' };
    const { quoteId, number } = await sales.call<{ quoteId: string; number: string }>('createQuote', input);
    expect(await sales.call('createQuote', input)).toEqual({ quoteId, number });
    expect(await quoteOf(quoteId)).toMatchObject({ number: 'Q-000001', status: 'quoted', version: 1, createdBy: 'staff', requestedBy: sales.uid, requestedByEmail: 'olive@quotes.test', total: quoteTotals([{ quantity: 30, unitPrice: 8_500 }], taxRateFor('TX')).total });
    expect((await adminDb.doc(`mail/${quoteId}-v1-sent`).get()).get('to')).toEqual(['olive@quotes.test']);
    expect(await callError(otherSales.call('createQuote', { ...input, requestId: randomUUID() }))).toEqual({ code: 'not-found', message: `There is no company ${COMPANY}.` });
    // The owner accepts it like any quote.
    expect(await owner.call('acceptQuote', await acceptInput(quoteId))).toMatchObject({ status: 'pending' });
  });
});

describe('the sales rep of the company', () => {
  const recipients = async (mailId: string) => (await adminDb.doc(`mail/${mailId}`).get()).get('to') as string[];

  it('is e-mailed each request and each move of the buyer, with the order desk; the buyer hears of the shop’s', async () => {
    const { quoteId, number } = await requestQuote();
    const [request] = await waitForMail(SALES_EMAIL, 1, 60_000, (mail) => mail.subject === `Quote request ${number} from Quote Bakery`);
    expect(request?.text).toContain('Olive Owner of Quote Bakery');
    const { messageId } = await owner.call<{ messageId: string }>('addQuoteMessage', { quoteId, text: 'Any news?' });
    expect(await recipients(`${quoteId}-${messageId}`)).toEqual([MAIL.orderInbox, SALES_EMAIL]);
    const { messageId: answer } = await sales.call<{ messageId: string }>('addQuoteMessage', { quoteId, text: 'Tomorrow.' });
    expect(await recipients(`${quoteId}-${answer}`)).toEqual([(await quoteOf(quoteId)).requestedByEmail]);
    await respond(quoteId, { by: sales });
    await owner.call('acceptQuote', await acceptInput(quoteId));
    const accepted = (await adminDb.collection(`quotes/${quoteId}/messages`).where('kind', '==', 'accept').get()).docs[0]!;
    expect(await recipients(`${quoteId}-${accepted.id}`)).toEqual([MAIL.orderInbox, SALES_EMAIL]);
  });

  it('is the one assigned now, and no longer one whose role was taken', async () => {
    await admin.call('updateCompany', { companyId: COMPANY, salesRepUid: otherSales.uid });
    const { quoteId } = await requestQuote();
    expect(await recipients(`${quoteId}-requested`)).toEqual([MAIL.orderInbox, 'otto@quotes.test']);
    await adminDb.doc(`users/${otherSales.uid}`).update({ role: 'warehouse' });
    const { quoteId: later } = await requestQuote();
    expect(await recipients(`${later}-requested`)).toEqual([MAIL.orderInbox]);
  });
});

describe('a company handed to another sales rep', () => {
  it('takes its quotes and their conversation along: the former rep can no longer read, list or answer them, the new rep can', async () => {
    const quoteId = await quoted();
    const { messageId } = await sales.call<{ messageId: string }>('addQuoteMessage', { quoteId, text: 'Any questions?' });
    const quoteRead = (client: TestClient) => getDoc(doc(client.db, `quotes/${quoteId}`));
    const listRead = (client: TestClient) => getDocs(query(collection(client.db, 'quotes'), where('companyId', '==', COMPANY), orderBy('updatedAt', 'desc')));
    const conversationRead = (client: TestClient) => getDocs(query(collection(client.db, `quotes/${quoteId}/messages`), orderBy('at')));
    const messageRead = (client: TestClient) => getDoc(doc(client.db, `quotes/${quoteId}/messages/${messageId}`));
    await expect(quoteRead(otherSales)).rejects.toMatchObject({ code: 'permission-denied' });

    await admin.call('updateCompany', { companyId: COMPANY, salesRepUid: otherSales.uid });

    for (const read of [quoteRead, listRead, conversationRead, messageRead]) await expect(read(sales)).rejects.toMatchObject({ code: 'permission-denied' });
    const missing = { code: 'not-found', message: `There is no quote ${quoteId}.` };
    expect(await callError(sales.call('addQuoteMessage', { quoteId, text: 'Still me' }))).toEqual(missing);
    expect(await callError(respond(quoteId, { by: sales }))).toEqual(missing);
    expect(await callError(sales.call('quoteAction', { quoteId, action: 'reject', message: 'No longer' }))).toEqual(missing);
    expect(await callError(sales.call('getQuoteDocument', { quoteId }))).toEqual(missing);
    expect(await callError(sales.call('createQuote', { companyId: COMPANY, lines: [{ productId: flour.id, quantity: 10, unitPrice: 8_000 }], validUntil: inDays(5), message: 'Mine' }))).toMatchObject({ code: 'not-found' });

    expect((await quoteRead(otherSales)).get('status')).toBe('quoted');
    expect((await listRead(otherSales)).docs.map((quote) => quote.id)).toEqual([quoteId]);
    expect((await conversationRead(otherSales)).docs.map((message) => message.get('text'))).toEqual(['Weekly flour, please', 'Our best price', 'Any questions?']);
    expect((await messageRead(otherSales)).exists()).toBe(true);
    expect(await respond(quoteId, { by: otherSales })).toEqual({ quoteId, version: 3 });
    await otherSales.call('addQuoteMessage', { quoteId, text: 'I look after you now.' });
    await otherSales.call('getQuoteDocument', { quoteId });
    expect((await messagesOf(quoteId)).map(({ by, text }) => ({ by, text })).slice(-2)).toEqual([
      { by: otherSales.uid, text: 'Our best price' },
      { by: otherSales.uid, text: 'I look after you now.' },
    ]);
  });
});

describe('the conversation and the PDF', () => {
  it('takes messages from both sides until the quote is closed', async () => {
    const { quoteId } = await requestQuote();
    await owner.call('addQuoteMessage', { quoteId, text: 'Any news?' });
    await sales.call('addQuoteMessage', { quoteId, text: 'Tomorrow.' });
    expect((await messagesOf(quoteId)).map(({ side, text, kind }) => ({ side, text, kind }))).toEqual([
      { side: 'buyer', text: 'Weekly flour, please', kind: 'request' },
      { side: 'buyer', text: 'Any news?', kind: 'message' },
      { side: 'staff', text: 'Tomorrow.', kind: 'message' },
    ]);
    // The company's members read the messages; another company's do not.
    expect((await getDocs(query(collection(dana.db, `quotes/${quoteId}/messages`), orderBy('at')))).size).toBe(3);
    await expect(getDocs(collection(stranger.db, `quotes/${quoteId}/messages`))).rejects.toMatchObject({ code: 'permission-denied' });
    expect(await callError(stranger.call('addQuoteMessage', { quoteId, text: 'Hi' }))).toMatchObject({ code: 'not-found' });
    await owner.call('quoteAction', { quoteId, action: 'withdraw' });
    expect(await callError(owner.call('addQuoteMessage', { quoteId, text: 'Oops' }))).toMatchObject({ code: 'failed-precondition' });
  });

  it('gives the quote PDF to the buyer and its staff, and to no one else', async () => {
    const quoteId = await quoted();
    const { fileName, pdf } = await owner.call<{ fileName: string; pdf: string }>('getQuoteDocument', { quoteId });
    expect(fileName).toBe('Q-000001-v2.pdf');
    const text = await pdfText(new Uint8Array(Buffer.from(pdf, 'base64')));
    for (const expected of ['Q-000001', 'Quote Bakery', 'FLR-25', '$80.00', '$800.00', 'Valid until']) expect(text).toContain(expected);
    await sales.call('getQuoteDocument', { quoteId });
    for (const client of [stranger, otherSales, warehouse]) expect(await callError(client.call('getQuoteDocument', { quoteId }))).toMatchObject({ code: 'not-found' });
    // The buyer's e-mail carries the same PDF.
    expect(await waitForMailStatus(`${quoteId}-v2-sent`, ['sent', 'failed'])).toMatchObject({ status: 'sent' });
    const [sent] = (await mailTo((await quoteOf(quoteId)).requestedByEmail as string)).filter((message) => message.subject.includes('Q-000001'));
    expect(await attachedPdfText(sent!, fileName)).toContain('Q-000001');
  });
});

describe('expiry', () => {
  it('reminds the buyer once two days before, then expires the quote after its day', async () => {
    const quoteId = await quoted();
    const validUntil = (await quoteOf(quoteId)).validUntil.toMillis() as number;
    expect(await expireQuotes(validUntil - 3 * DAY)).toEqual({ expired: 0, reminded: 0 });
    expect(await expireQuotes(validUntil - DAY)).toEqual({ expired: 0, reminded: 1 });
    expect((await adminDb.doc(`mail/${quoteId}-v2-expiring`).get()).get('template')).toBe('quoteExpiring');
    expect(await expireQuotes(validUntil - DAY / 2)).toEqual({ expired: 0, reminded: 0 });
    expect((await quoteOf(quoteId)).status).toBe('quoted');
    expect(await expireQuotes(validUntil + 1)).toEqual({ expired: 1, reminded: 0 });
    expect((await quoteOf(quoteId)).status).toBe('expired');
    // Expired, it is final.
    expect(await callError(owner.call('acceptQuote', await acceptInput(quoteId)))).toMatchObject({ code: 'failed-precondition' });
  });
});

describe('the lists', () => {
  it('show the buyer its company’s quotes, the admin all by status, a sales rep its own', async () => {
    const first = await quoted();
    const { quoteId: second } = await requestQuote();
    const { quoteId: others } = await requestQuote(stranger);
    const ids = (snapshot: { docs: { id: string }[] }) => snapshot.docs.map((entry) => entry.id);
    expect(ids(await getDocs(query(collection(owner.db, 'quotes'), where('companyId', '==', COMPANY), orderBy('updatedAt', 'desc'))))).toEqual([second, first]);
    expect(ids(await getDocs(query(collection(admin.db, 'quotes'), orderBy('updatedAt', 'desc'))))).toEqual([others, second, first]);
    expect(ids(await getDocs(query(collection(admin.db, 'quotes'), where('status', '==', 'quoted'), orderBy('updatedAt', 'desc'))))).toEqual([first]);
    // A sales rep asks by the companies assigned to it (as the back office's list does, a few at a time).
    const assigned = (await getDocs(query(collection(sales.db, 'companies'), where('salesRepUid', '==', sales.uid)))).docs.map((company) => company.id);
    expect(assigned).toEqual([COMPANY]);
    expect(ids(await getDocs(query(collection(sales.db, 'quotes'), where('companyId', 'in', assigned), orderBy('updatedAt', 'desc'))))).toEqual([second, first]);
    expect(ids(await getDocs(query(collection(sales.db, 'quotes'), where('companyId', 'in', assigned), where('status', '==', 'requested'), orderBy('updatedAt', 'desc'))))).toEqual([second]);
    // Naming a company not assigned to it is refused.
    await expect(getDocs(query(collection(sales.db, 'quotes'), where('companyId', 'in', [COMPANY, 'co-stranger']), orderBy('updatedAt', 'desc')))).rejects.toMatchObject({ code: 'permission-denied' });
    // Another company's quotes, and the whole list, are refused to a buyer.
    await expect(getDocs(query(collection(stranger.db, 'quotes'), where('companyId', '==', COMPANY)))).rejects.toMatchObject({ code: 'permission-denied' });
    await expect(getDocs(query(collection(owner.db, 'quotes'), orderBy('updatedAt', 'desc')))).rejects.toMatchObject({ code: 'permission-denied' });
  });
});
