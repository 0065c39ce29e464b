/**
 * Online payments on the emulators with the local Stripe stand-in: startPayment asks Stripe for
 * exactly what is open (or less), with the metadata and the request id as idempotency key; signed
 * webhook events record the payment once however often they arrive; unsigned, wrongly signed or
 * stale events write nothing; an ACH debit shows as processing until it settles or fails; refunds
 * and disputes reverse the recorded payment; the daily check records what the webhook missed.
 */
import { randomUUID } from 'node:crypto';
import { doc, getDoc } from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatMoney, invoiceFromData, type Orderable, type StartPaymentResult } from '@harbor/domain';
import { reconcileOnlinePayments } from '../functions/src/onlinePayments';
import { remindOverdueInvoices } from '../functions/src/statements';
import { adminDb, callError, clearFirestore, type TestClient } from './harness';
import { waitForMail, type CaughtMail } from './inbox';
import { arrangeCompany, placeInvoiceOrder, shippedOrder, signInCompanyPeople, UPS, type CompanyPeople } from './orderFixtures';
import { confirmPayment, deliverWebhooks, requestsTo, sendEvent, settlePayment, standIn, stripe } from './stripeStandIn';

/** $100.00 a case, stock enough for every test. */
const water: Orderable = { id: 'water', name: 'Sparkling Water', sku: 'BEV-1', unit: 'case', imageUrl: '', price: 10_000, tiers: [], minOrderQty: 1, packSize: 1, stock: 1_000, active: true, backorderable: false, backordered: 0, restockDate: '' };
/** A company of its own per test: Stripe (and its stand-in) keeps every earlier test's payments. */
let COMPANY = '';
const buyerEmail = `buyer-${Date.now()}@online.test`;
const DAY_MS = 24 * 60 * 60 * 1000;

let people: CompanyPeople;
let owner: TestClient;
let buyer: TestClient;
let stranger: TestClient;
let warehouse: TestClient;

beforeAll(async () => {
  people = await signInCompanyPeople(buyerEmail);
  ({ owner, buyer, stranger, warehouse } = people);
});
afterAll(async () => Promise.all(Object.values(people).map((client) => client.close())));

beforeEach(async () => {
  await clearFirestore();
  COMPANY = `co-online-${randomUUID().slice(0, 8)}`;
  await arrangeCompany(people, COMPANY, buyerEmail, [water], { name: 'Online Co' });
  await Promise.all([adminDb.doc('testing/clock').set({ offsetMs: 0 }), deliverWebhooks(true)]);
});

const invoiceNow = async (number: string) => invoiceFromData(number, (await adminDb.doc(`invoices/${number}`).get()).data()!);
const companyNow = async () => (await adminDb.doc(`companies/${COMPANY}`).get()).data()!;
const onlineNow = async (id: string) => (await adminDb.doc(`onlinePayments/${id}`).get()).data()!;
const paymentsOf = async (reference: string) => (await adminDb.collection('payments').where('reference', '==', reference).get()).docs.map((payment) => payment.data());
const pay = (client: TestClient, fields: Record<string, unknown>, requestId = randomUUID()) =>
  client.call<StartPaymentResult>('startPayment', { companyId: COMPANY, requestId, method: 'card', ...fields });
const shipped = (client: TestClient, cases: number) => shippedOrder(client, warehouse, [[water, cases]]);

describe('starting a payment', () => {
  it('asks Stripe for exactly what is open, for the company\'s customer, with the metadata and the request id as idempotency key; a retry answers the same PaymentIntent', async () => {
    const first = await shipped(buyer, 2);
    const second = await shipped(buyer, 1);
    const open = (await invoiceNow(first.invoiceNumber)).total + (await invoiceNow(second.invoiceNumber)).total;
    const requestId = randomUUID();
    const started = await pay(owner, { invoiceNumbers: [second.invoiceNumber, first.invoiceNumber] }, requestId);
    expect(started).toMatchObject({ amount: open, currency: 'usd' });
    expect(started.clientSecret).toMatch(new RegExp(`^${started.paymentIntentId}_secret_`));

    const intent = await stripe.paymentIntents.retrieve(started.paymentIntentId);
    const customer = (await companyNow()).stripeCustomerId as string;
    expect(customer).toMatch(/^cus_/);
    expect(intent).toMatchObject({ amount: open, currency: 'usd', customer, metadata: { companyId: COMPANY, invoiceNumbers: `${first.invoiceNumber},${second.invoiceNumber}`, requestId } });
    expect(intent.payment_method_types).toEqual(['card']);
    const created = (await requestsTo('/v1/payment_intents')).filter((request) => request.method === 'POST');
    expect(created.at(-1)?.idempotencyKey).toBe(requestId);

    // The same request again (a lost answer retried): the same PaymentIntent, no second customer.
    expect(await pay(owner, { invoiceNumbers: [second.invoiceNumber, first.invoiceNumber] }, requestId)).toEqual(started);
    const customersOfCompany = (await requestsTo('/v1/customers')).filter((request) => request.method === 'POST' && (request.params.metadata as { companyId?: string } | undefined)?.companyId === COMPANY);
    expect(customersOfCompany).toHaveLength(1);
    expect(await onlineNow(started.paymentIntentId)).toMatchObject({ companyId: COMPANY, status: 'started', amount: open, invoiceNumbers: [first.invoiceNumber, second.invoiceNumber], startedBy: owner.uid });
  });

  it('takes a lower amount for a partial payment but never a higher one, and refuses a paid invoice, another company\'s and another buyer\'s', async () => {
    const { invoiceNumber } = await shipped(buyer, 2);
    const { total } = await invoiceNow(invoiceNumber);
    expect((await pay(buyer, { invoiceNumbers: [invoiceNumber], amount: 5_000, method: 'us_bank_account' })).amount).toBe(5_000);
    expect(await callError(pay(buyer, { invoiceNumbers: [invoiceNumber], amount: total + 1 }))).toMatchObject({ code: 'invalid-argument' });

    const ownersOrder = await shipped(owner, 1);
    // A buyer pays only its own orders' invoices; the company's owner any of them; a stranger none.
    expect(await callError(pay(buyer, { invoiceNumbers: [ownersOrder.invoiceNumber] }))).toEqual({ code: 'not-found', message: `There is no invoice ${ownersOrder.invoiceNumber}.` });
    expect(await callError(stranger.call('startPayment', { companyId: COMPANY, requestId: randomUUID(), method: 'card', invoiceNumbers: [invoiceNumber] }))).toEqual({
      code: 'not-found',
      message: `There is no invoice ${invoiceNumber}.`,
    });
    expect(await callError(stranger.call('startPayment', { companyId: 'co-other', requestId: randomUUID(), method: 'card', invoiceNumbers: [invoiceNumber] }))).toEqual({
      code: 'not-found',
      message: `There is no invoice ${invoiceNumber}.`,
    });
    expect((await pay(owner, { invoiceNumbers: [ownersOrder.invoiceNumber, invoiceNumber] })).amount).toBe(total + (await invoiceNow(ownersOrder.invoiceNumber)).total);

    const paid = await shipped(buyer, 1);
    await people.admin.call('markOrderPaid', { orderId: paid.orderId, requestId: randomUUID() });
    expect(await callError(pay(owner, { invoiceNumbers: [paid.invoiceNumber] }))).toEqual({ code: 'failed-precondition', message: `Invoice ${paid.invoiceNumber} is already paid. Nothing was charged.` });
    expect(await callError(pay(owner, { orderId: paid.orderId }))).toMatchObject({ code: 'failed-precondition' });
  });
});

describe('the webhook', () => {
  it('records a succeeded payment once, even delivered twice, pays the invoices oldest first and e-mails the receipt', async () => {
    const first = await shipped(buyer, 1);
    const second = await shipped(buyer, 1);
    const firstTotal = (await invoiceNow(first.invoiceNumber)).total;
    const started = await pay(owner, { invoiceNumbers: [first.invoiceNumber, second.invoiceNumber], amount: firstTotal + 1_000 });
    const intent = await confirmPayment(started.paymentIntentId);
    expect(intent.status).toBe('succeeded');

    // Stripe delivers the same event again (a retry after a timeout), and an old copy of it arrives later.
    const again = await sendEvent('payment_intent.succeeded', intent, { id: 'evt_duplicate' });
    expect(again.status).toBe(200);
    expect((await sendEvent('payment_intent.succeeded', intent, { id: 'evt_duplicate' })).body).toMatchObject({ outcome: 'already applied' });

    const payments = await paymentsOf(started.paymentIntentId);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ companyId: COMPANY, amount: firstTotal + 1_000, method: 'card', recordedBy: 'stripe', allocations: [{ invoiceNumber: first.invoiceNumber, amount: firstTotal }, { invoiceNumber: second.invoiceNumber, amount: 1_000 }] });
    expect(await invoiceNow(first.invoiceNumber)).toMatchObject({ status: 'paid', amountPaid: firstTotal });
    expect(await invoiceNow(second.invoiceNumber)).toMatchObject({ status: 'partially-paid', amountPaid: 1_000 });
    expect(await onlineNow(started.paymentIntentId)).toMatchObject({ status: 'succeeded' });
    const isReceipt = (mail: CaughtMail) => mail.subject.startsWith('We received your payment') && mail.text.includes(started.paymentIntentId);
    expect((await waitForMail(`olive@${COMPANY}.test`, 1, 60_000, isReceipt)).filter(isReceipt)).toHaveLength(1);
    // Its own wait for the e-mail allows a minute; it is also the file's first call of each function.
  }, 90_000);

  it('keeps what is above the open amount as credit on account', async () => {
    const { invoiceNumber, orderId } = await shipped(buyer, 1);
    const { total } = await invoiceNow(invoiceNumber);
    const started = await pay(owner, { invoiceNumbers: [invoiceNumber] });
    // Finance records a cheque for part of it before the card payment goes through.
    await people.admin.call('recordPayment', { companyId: COMPANY, requestId: randomUUID(), amount: 4_000, receivedOn: new Date().toISOString().slice(0, 10), method: 'check', reference: 'Cheque 118' });
    await confirmPayment(started.paymentIntentId);
    expect(await invoiceNow(invoiceNumber)).toMatchObject({ status: 'paid', amountPaid: total });
    expect(await companyNow()).toMatchObject({ unallocatedCredit: 4_000, openBalance: 0 });
    expect((await adminDb.doc(`orders/${orderId}`).get()).get('paymentStatus')).toBe('paid');
  });

  it('refuses an event that is unsigned, signed with another secret or older than five minutes, and writes nothing', async () => {
    const { invoiceNumber } = await shipped(buyer, 1);
    const started = await pay(owner, { invoiceNumbers: [invoiceNumber] });
    const intent = { ...(await stripe.paymentIntents.retrieve(started.paymentIntentId)), status: 'succeeded', amount_received: started.amount };
    const forged = await sendEvent('payment_intent.succeeded', intent, { secret: 'whsec_someone_else' });
    const stale = await sendEvent('payment_intent.succeeded', intent, { timestamp: Math.floor(Date.now() / 1000) - 6 * 60 });
    const unsigned = await fetch(`${process.env.HARBOR_SHOP_URL}/stripe/webhook`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ id: 'evt_x', type: 'payment_intent.succeeded', data: { object: intent } }) });
    expect([forged.status, stale.status, unsigned.status]).toEqual([400, 400, 400]);
    expect(await paymentsOf(started.paymentIntentId)).toEqual([]);
    expect((await adminDb.collection('stripeEvents').count().get()).data().count).toBe(0);
    expect((await invoiceNow(invoiceNumber)).amountPaid).toBe(0);
  });

  it('shows an ACH debit as processing, counts nothing paid and sends no reminder meanwhile; a failure clears it and tells the buyer', async () => {
    const { invoiceNumber } = await shipped(buyer, 1);
    const { total, dueAt } = await invoiceNow(invoiceNumber);
    const started = await pay(buyer, { invoiceNumbers: [invoiceNumber], method: 'us_bank_account' });
    await confirmPayment(started.paymentIntentId, 'pm_usBankAccount_success');
    expect(await invoiceNow(invoiceNumber)).toMatchObject({ paymentsProcessing: { [started.paymentIntentId]: total }, amountPaid: 0, status: 'open' });
    // The buyer reads the mark on its own invoice.
    expect((await getDoc(doc(buyer.db, 'invoices', invoiceNumber))).get(`paymentsProcessing`)).toEqual({ [started.paymentIntentId]: total });
    // Overdue while the debit is on its way: marked, but not chased.
    expect(await remindOverdueInvoices(dueAt + DAY_MS)).toBe(0);
    // A second payment of what is already on its way is refused.
    expect(await callError(pay(buyer, { invoiceNumbers: [invoiceNumber] }))).toMatchObject({ code: 'failed-precondition' });

    await settlePayment(started.paymentIntentId, 'failed');
    expect((await invoiceNow(invoiceNumber)).paymentsProcessing).toEqual({});
    expect(await onlineNow(started.paymentIntentId)).toMatchObject({ status: 'failed' });
    expect(await paymentsOf(started.paymentIntentId)).toEqual([]);
    const isFailure = (mail: CaughtMail) => mail.subject.includes('did not go through') && mail.text.includes(invoiceNumber);
    expect((await waitForMail(buyerEmail, 1, 60_000, isFailure)).filter(isFailure)).toHaveLength(1);
  });

  it('records an ACH debit when it settles, and a late processing event changes nothing', async () => {
    const { invoiceNumber } = await shipped(buyer, 1);
    const started = await pay(buyer, { invoiceNumbers: [invoiceNumber], method: 'us_bank_account' });
    const processing = await confirmPayment(started.paymentIntentId, 'pm_usBankAccount_success');
    await settlePayment(started.paymentIntentId, 'succeeded');
    expect(await invoiceNow(invoiceNumber)).toMatchObject({ status: 'paid', paymentsProcessing: {} });
    expect((await paymentsOf(started.paymentIntentId))[0]).toMatchObject({ method: 'ach' });
    // The processing event delivered again after the success: out of order, it marks nothing.
    await sendEvent('payment_intent.processing', processing);
    expect((await invoiceNow(invoiceNumber)).paymentsProcessing).toEqual({});
  });

  it('reverses the payment for a partial refund and records what is left; a dispute takes the rest back', async () => {
    const { invoiceNumber } = await shipped(buyer, 2);
    const { total } = await invoiceNow(invoiceNumber);
    const started = await pay(owner, { invoiceNumbers: [invoiceNumber] });
    await confirmPayment(started.paymentIntentId);
    await standIn('/v1/refunds', { payment_intent: started.paymentIntentId, amount: '5000' });
    const afterRefund = await paymentsOf(started.paymentIntentId);
    expect(afterRefund.map(({ amount, reversed }) => ({ amount, reversed })).sort((a, b) => a.amount - b.amount)).toEqual([
      { amount: total - 5_000, reversed: false },
      { amount: total, reversed: true },
    ]);
    expect(await invoiceNow(invoiceNumber)).toMatchObject({ amountPaid: total - 5_000, status: 'partially-paid' });
    expect(await onlineNow(started.paymentIntentId)).toMatchObject({ status: 'refunded', taken: 5_000 });

    await standIn(`/_standin/payment_intents/${started.paymentIntentId}/dispute`, { amount: String(total - 5_000), reason: 'fraudulent' });
    expect(await invoiceNow(invoiceNumber)).toMatchObject({ amountPaid: 0, status: 'open' });
    expect((await paymentsOf(started.paymentIntentId)).every((payment) => payment.reversed)).toBe(true);
    expect(await onlineNow(started.paymentIntentId)).toMatchObject({ status: 'disputed' });
    expect((await companyNow()).openBalance).toBe(total);
  });
});

describe('a prepaid order', () => {
  it('is paid before it ships: the money is credit on account, the order shows it received, and its invoice is paid when it ships', async () => {
    await adminDb.doc(`companies/${COMPANY}`).update({ paymentTerms: 'prepaid', creditLimit: 0 });
    const orderId = await placeInvoiceOrder(buyer, [[water, 2]], { paymentMethod: 'bank-transfer' });
    const { total } = (await adminDb.doc(`orders/${orderId}`).get()).data()!;
    expect(await callError(pay(buyer, { orderId, amount: 5_000 }))).toEqual({ code: 'invalid-argument', message: `A prepaid order is paid in full: ${formatMoney(total)}.` });
    const started = await pay(buyer, { orderId });
    expect(started.amount).toBe(total);
    expect((await stripe.paymentIntents.retrieve(started.paymentIntentId)).metadata).toEqual({ companyId: COMPANY, orderId, requestId: expect.any(String) });
    await confirmPayment(started.paymentIntentId);
    expect((await adminDb.doc(`orders/${orderId}`).get()).get('prepayment')).toEqual({ status: 'received', amount: total, paymentIntentId: started.paymentIntentId });
    expect(await companyNow()).toMatchObject({ unallocatedCredit: total });
    expect(await callError(pay(buyer, { orderId }))).toMatchObject({ code: 'failed-precondition' });

    const { invoiceNumber } = await warehouse.call<{ invoiceNumber: string }>('createShipment', { orderId, requestId: randomUUID(), lines: [{ productId: water.id, quantity: 2 }], ...UPS });
    expect(await invoiceNow(invoiceNumber)).toMatchObject({ status: 'paid', amountPaid: total });
    expect(await companyNow()).toMatchObject({ unallocatedCredit: 0 });
  });
});

describe('the daily reconciliation', () => {
  it('records a succeeded payment whose event never arrived, once, and reports it', async () => {
    const { invoiceNumber } = await shipped(buyer, 1);
    const started = await pay(owner, { invoiceNumbers: [invoiceNumber] });
    await deliverWebhooks(false);
    await confirmPayment(started.paymentIntentId);
    await deliverWebhooks(true);
    expect(await paymentsOf(started.paymentIntentId)).toEqual([]);

    const now = Date.now();
    const report = await reconcileOnlinePayments(now);
    expect(report.missed).toEqual([{ paymentIntentId: started.paymentIntentId, companyId: COMPANY, amount: started.amount }]);
    expect(await invoiceNow(invoiceNumber)).toMatchObject({ status: 'paid' });
    expect((await adminDb.doc(`paymentReconciliations/${new Date(now).toISOString().slice(0, 10)}`).get()).data()).toMatchObject({ missed: report.missed });
    // Run again (a retried job): nothing more is recorded.
    expect((await reconcileOnlinePayments(now)).missed).toEqual([]);
    expect(await paymentsOf(started.paymentIntentId)).toHaveLength(1);
  });
});
