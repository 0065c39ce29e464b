/**
 * Online payments through Stripe. `startPayment` decides what a buyer pays (what is open, never
 * what the browser says) and creates the PaymentIntent; Stripe collects the money and tells the
 * shop through `stripeWebhook`, which records each event once, in the transaction of its effect:
 * the payment in the ledger, the processing marks of an ACH debit, a failure, a refund or a
 * dispute. A daily job records any succeeded payment the webhook missed.
 */
import { FieldValue, Timestamp, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions/logger';
import { defineSecret, defineString } from 'firebase-functions/params';
import { HttpsError, onCall, onRequest } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import type Stripe from 'stripe';
import {
  allocateOldestFirst,
  companyFromData,
  decidesApprovals,
  formatMoney,
  invoiceFromData,
  invoiceOpenAmount,
  invoiceSequence,
  onlinePaymentFromData,
  orderFromData,
  paymentMetadata,
  planInvoicePayment,
  planOrderPrepayment,
  readPaymentMetadata,
  RECORDED_METHOD,
  startPaymentInputSchema,
  storedInvoiceNumbers,
  STRIPE_CURRENCY,
  type Invoice,
  type OnlinePayment,
  type OnlinePaymentMethod,
  type PaymentPlan,
  type StartPaymentResult,
} from '@harbor/domain';
import { db } from './admin';
import { callableOptions, parseInput, requireUser, type Staff } from './callable';
import { shopNow } from './clock';
import { companyRef, mailRecipientsOf } from './companies';
import { invoiceRef } from './invoices';
import { readCompanyAccount } from './ledger';
import { queueMail } from './mail/outbox';
import { recordPaymentIn, reversePaymentIn } from './payments';
import { readWithoutLock, runContendedTransaction } from './transactions';

/** Stripe's secret API key (`sk_live_…`): `firebase functions:secrets:set STRIPE_SECRET_KEY`. */
const STRIPE_SECRET_KEY = defineSecret('STRIPE_SECRET_KEY');
/** The webhook endpoint's signing secret (`whsec_…`), shown by Stripe when the endpoint is created. */
const STRIPE_WEBHOOK_SECRET = defineSecret('STRIPE_WEBHOOK_SECRET');
/** Another host for the Stripe API (the emulators' stand-in); empty in production. */
const STRIPE_API_URL = defineString('STRIPE_API_URL', { default: '', description: 'Another address for the Stripe API, for tests (the local stand-in); leave empty in production.' });

/** Stripe's own limit: a signed event older than this is refused (replayed deliveries). */
const SIGNATURE_TOLERANCE_SECONDS = 300;
/** An ACH debit takes up to four business days: the daily check looks back a week. */
const RECONCILE_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Who the audit log names for what Stripe did. */
const STRIPE_ACTOR = (requestId: string): Staff => ({ uid: 'stripe', name: 'Stripe (online payment)', role: 'finance', requestId });

let client: { key: string; url: string; stripe: Stripe } | null = null;
/**
 * The SDK, pointed at STRIPE_API_URL when it is set (the SDK's host, port and protocol options).
 * Loaded on first use: it is nearly a third of the functions' bundle, and every function's cold start
 * would otherwise evaluate it, while three of them use it.
 */
async function stripeClient(): Promise<Stripe> {
  const key = STRIPE_SECRET_KEY.value();
  const url = STRIPE_API_URL.value();
  if (client?.key === key && client.url === url) return client.stripe;
  const target = url ? new URL(url) : null;
  const protocol = target?.protocol === 'http:' ? 'http' : 'https';
  const { default: StripeSdk } = await import('stripe');
  const stripe = new StripeSdk(key, {
    maxNetworkRetries: 2,
    ...(target ? { host: target.hostname, port: target.port || (protocol === 'http' ? 80 : 443), protocol } : {}),
  });
  client = { key, url, stripe };
  return stripe;
}

const onlinePaymentRef = (paymentIntentId: string) => db.doc(`onlinePayments/${paymentIntentId}`);

/** Stripe's error as a sentence for the buyer; the details go to the log. */
function stripeFailure(error: unknown): HttpsError {
  logger.error('Stripe refused a request', error);
  return new HttpsError('unavailable', 'Online payment is not available right now. Please try again in a few minutes, or pay by bank transfer.');
}

function refuse(plan: PaymentPlan): asserts plan is Extract<PaymentPlan, { ok: true }> {
  if (!plan.ok) throw new HttpsError(plan.code, plan.problem);
}

/**
 * What the caller may pay: invoices of its company (an owner or approver any, a buyer those of its
 * own orders), or an order it may pay for. Anything else reads as missing.
 */
async function planPayment(uid: string, input: ReturnType<typeof startPaymentInputSchema.parse>, company: DocumentSnapshot): Promise<{ plan: Extract<PaymentPlan, { ok: true }>; orderId: string }> {
  const role = company.exists ? companyFromData(company.id, company.data()!).members[uid] : undefined;
  const mayPay = (owner: string) => role !== undefined && (owner === uid || decidesApprovals(role));
  const payable = async (numbers: readonly string[], missing: (number: string) => string): Promise<Invoice[]> => {
    const stored = await db.getAll(...numbers.map(invoiceRef));
    return stored.map((snapshot, index) => {
      const invoice = snapshot.exists ? invoiceFromData(snapshot.id, snapshot.data()!) : null;
      if (!invoice || invoice.companyId !== company.id || !mayPay(invoice.userId)) throw new HttpsError('not-found', missing(numbers[index]!));
      return invoice;
    });
  };
  if (input.invoiceNumbers) {
    const plan = planInvoicePayment(await payable(input.invoiceNumbers, (number) => `There is no invoice ${number}.`), input.amount);
    refuse(plan);
    return { plan, orderId: '' };
  }
  const orderId = input.orderId!;
  const snapshot = await db.doc(`orders/${orderId}`).get();
  const order = snapshot.exists ? orderFromData(snapshot.id, snapshot.data()!) : null;
  if (!order || order.companyId !== company.id || !mayPay(order.userId)) throw new HttpsError('not-found', `There is no order ${orderId}.`);
  if (order.status === 'cancelled' || order.status === 'rejected') throw new HttpsError('failed-precondition', `Order ${orderId} is ${order.status}: there is nothing to pay.`);
  if (order.status === 'awaiting-approval') throw new HttpsError('failed-precondition', `Order ${orderId} waits for your company's approval; pay it once it is approved.`);
  const numbers = storedInvoiceNumbers(snapshot.data()!);
  if (numbers.length) {
    const open = (await payable(numbers, () => `There is no order ${orderId}.`)).filter((invoice) => invoiceOpenAmount(invoice) > 0);
    if (!open.length) throw new HttpsError('failed-precondition', `Order ${orderId} is paid. Nothing was charged.`);
    const plan = planInvoicePayment(open, input.amount);
    refuse(plan);
    return { plan, orderId };
  }
  if (order.paymentMethod !== 'bank-transfer') throw new HttpsError('failed-precondition', `Order ${orderId} is paid on its invoice, issued when it ships. Nothing was charged.`);
  if (order.prepayment?.status === 'received' || order.prepayment?.status === 'processing') {
    throw new HttpsError('failed-precondition', `Order ${orderId} is already paid${order.prepayment.status === 'processing' ? ' (the payment is processing)' : ''}. Nothing was charged.`);
  }
  const plan = planOrderPrepayment(order.total, input.amount);
  refuse(plan);
  return { plan, orderId };
}

/** The company's Stripe customer, created on its first online payment (once, however many start at once). */
async function stripeCustomer(stripe: Stripe, company: DocumentSnapshot): Promise<string> {
  const known: unknown = company.get('stripeCustomerId');
  if (typeof known === 'string' && known) return known;
  const data = companyFromData(company.id, company.data()!);
  const customer = await stripe.customers.create(
    { name: data.name, ...(data.billingEmail ? { email: data.billingEmail } : {}), metadata: { companyId: company.id } },
    { idempotencyKey: `customer-${company.id}` },
  );
  await company.ref.update({ stripeCustomerId: customer.id });
  return customer.id;
}

/**
 * A buyer starts paying (startPaymentInputSchema): the server finds what is open, creates the
 * PaymentIntent for exactly that (or the lower `amount`) with the request id as Stripe's
 * idempotency key, so a retried call answers the same PaymentIntent, and keeps
 * `onlinePayments/{paymentIntentId}` for the pages and the webhook.
 */
export const startPayment = onCall(callableOptions({ secrets: [STRIPE_SECRET_KEY] }), async (request): Promise<StartPaymentResult> => {
  const uid = requireUser(request);
  const input = parseInput(startPaymentInputSchema, request.data);
  const company = await companyRef(input.companyId).get();
  if (!company.exists || companyFromData(company.id, company.data()!).members[uid] === undefined) {
    throw new HttpsError('not-found', input.invoiceNumbers ? `There is no invoice ${input.invoiceNumbers[0]}.` : `There is no order ${input.orderId}.`);
  }
  const { plan, orderId } = await planPayment(uid, input, company);
  const stripe = await stripeClient();
  let intent: Stripe.PaymentIntent;
  try {
    intent = await stripe.paymentIntents.create(
      {
        amount: plan.amount,
        currency: STRIPE_CURRENCY,
        customer: await stripeCustomer(stripe, company),
        allowed_payment_method_types: [input.method],
        metadata: { ...paymentMetadata({ companyId: company.id, invoiceNumbers: plan.invoiceNumbers, orderId, requestId: input.requestId }) },
        description: plan.invoiceNumbers.length ? `Invoices ${plan.invoiceNumbers.join(', ')}` : `Order ${orderId}`,
      },
      { idempotencyKey: input.requestId },
    );
  } catch (error) {
    throw stripeFailure(error);
  }
  const now = await shopNow();
  await db.runTransaction(async (transaction) => {
    const stored = await transaction.get(onlinePaymentRef(intent.id));
    if (stored.exists) return;
    transaction.create(onlinePaymentRef(intent.id), {
      companyId: company.id,
      requestId: input.requestId,
      invoiceNumbers: plan.invoiceNumbers,
      orderId,
      amount: intent.amount,
      currency: intent.currency,
      method: input.method,
      status: 'started',
      startedBy: uid,
      startedByEmail: request.auth?.token.email ?? '',
      startedAt: Timestamp.fromMillis(now),
      updatedAt: Timestamp.fromMillis(now),
      paymentIds: [],
      problem: '',
    });
  });
  return { paymentIntentId: intent.id, clientSecret: intent.client_secret ?? '', amount: intent.amount, currency: intent.currency };
});

/** An event that cannot apply yet (a refund before its payment was recorded): Stripe delivers it again later. */
class NotYet extends Error {}

/** What one event did, kept with its id. */
type Outcome = string;

interface EventContext {
  transaction: Transaction;
  eventId: string;
  now: number;
}

/** The started payment and the ledger's view of its invoices and order, read before any write. */
interface PaymentState {
  online: DocumentSnapshot;
  payment: OnlinePayment | null;
  metadata: NonNullable<ReturnType<typeof readPaymentMetadata>>;
  invoices: DocumentSnapshot[];
  order: DocumentSnapshot | null;
}

async function readPaymentState(transaction: Transaction, intent: Pick<Stripe.PaymentIntent, 'id' | 'metadata'>): Promise<PaymentState | null> {
  const metadata = readPaymentMetadata(intent.metadata);
  if (!metadata) return null;
  const online = await transaction.get(onlinePaymentRef(intent.id));
  const payment = online.exists ? onlinePaymentFromData(online.id, online.data()!) : null;
  const order = metadata.orderId ? await transaction.get(db.doc(`orders/${metadata.orderId}`)) : null;
  // A prepaid order invoiced since its payment started (it shipped first): its invoices take the money.
  const named = metadata.invoiceNumbers.length || !order?.exists ? metadata.invoiceNumbers : storedInvoiceNumbers(order.data()!);
  const numbers = [...named].sort((a, b) => (invoiceSequence(a) ?? 0) - (invoiceSequence(b) ?? 0));
  const invoices = await Promise.all(numbers.map((number) => transaction.get(invoiceRef(number))));
  // Only the company's own documents, whatever the metadata says.
  return {
    online,
    payment,
    metadata,
    invoices: invoices.filter((invoice) => invoice.exists && invoice.get('companyId') === metadata.companyId),
    order: order?.exists && order.get('companyId') === metadata.companyId ? order : null,
  };
}

/** A prepaid order not yet invoiced, whose money this payment brings. */
const prepaidOrder = (state: PaymentState) => (state.order && !storedInvoiceNumbers(state.order.data()!).length ? state.order : null);
const recordedMethod = (state: PaymentState, intent: Stripe.PaymentIntent) =>
  RECORDED_METHOD[state.payment?.method ?? ((intent.payment_method_types[0] ?? 'card') as OnlinePaymentMethod)] ?? 'card';
const settled = (payment: OnlinePayment | null) => payment !== null && ['succeeded', 'refunded', 'disputed'].includes(payment.status);

/** `onlinePayments/{id}` as the event leaves it (created from the metadata when the payment was started elsewhere). */
function writeOnlinePayment(context: EventContext, state: PaymentState, intent: Stripe.PaymentIntent, fields: Record<string, unknown>): void {
  const at = Timestamp.fromMillis(context.now);
  if (state.online.exists) {
    context.transaction.update(state.online.ref, { ...fields, updatedAt: at });
    return;
  }
  context.transaction.set(state.online.ref, {
    companyId: state.metadata.companyId,
    requestId: state.metadata.requestId,
    invoiceNumbers: state.metadata.invoiceNumbers,
    orderId: state.metadata.orderId,
    amount: intent.amount,
    currency: intent.currency,
    method: intent.payment_method_types[0] ?? 'card',
    status: 'started',
    startedBy: '',
    startedByEmail: '',
    startedAt: at,
    paymentIds: [],
    problem: '',
    ...fields,
    updatedAt: at,
  });
}

/** Removes this payment's processing mark from the invoices that have one, except those the ledger writes anyway. */
function clearProcessing(context: EventContext, state: PaymentState, intentId: string, except: ReadonlySet<string> = new Set()): void {
  for (const invoice of state.invoices) {
    if (except.has(invoice.id) || invoice.get(`paymentsProcessing.${intentId}`) === undefined) continue;
    context.transaction.update(invoice.ref, { [`paymentsProcessing.${intentId}`]: FieldValue.delete() });
  }
}

/**
 * `payment_intent.succeeded`: the payment, recorded as staff record one, to the invoices of its
 * metadata oldest first, what is above them kept as credit on account (all of it for a prepaid
 * order not yet invoiced, which the order's invoice then uses); the receipt goes to the company.
 */
async function recordSucceeded(context: EventContext, intent: Stripe.PaymentIntent): Promise<Outcome> {
  const { transaction, now } = context;
  const state = await readPaymentState(transaction, intent);
  if (!state) return 'not a Harbor payment';
  if (settled(state.payment)) return 'already recorded';
  const [company] = await readWithoutLock([companyRef(state.metadata.companyId)]);
  if (!company!.exists) return `company ${state.metadata.companyId} no longer exists`;
  // Metadata names the company; the customer Stripe charged must be that company's too.
  if (intentIdOf(intent.customer) !== company!.get('stripeCustomerId')) return `not a payment of company ${company!.id}'s Stripe customer`;
  const amount = intent.amount_received || intent.amount;
  const invoices = state.invoices.map((invoice) => ({ ...invoiceFromData(invoice.id, invoice.data()!), paymentsProcessing: {} }));
  const allocations = allocateOldestFirst(invoices, amount);
  const paid = new Set(allocations.map((allocation) => allocation.invoiceNumber));
  const result = await recordPaymentIn(
    transaction,
    STRIPE_ACTOR(context.eventId),
    { companyId: company!.id, requestId: intent.id, amount, receivedOn: now, method: recordedMethod(state, intent), reference: intent.id, allocations, keepCredit: true },
    // The company just read, so recordPaymentIn does not read it again.
    await readCompanyAccount(company!),
    { invoiceFields: Object.fromEntries([...paid].map((number) => [number, { [`paymentsProcessing.${intent.id}`]: FieldValue.delete() }])), invoicesRead: state.invoices },
  );
  clearProcessing(context, state, intent.id, paid);
  writeOnlinePayment(context, state, intent, { status: 'succeeded', paymentIds: [result.paymentId], problem: '' });
  const order = prepaidOrder(state);
  if (order) transaction.update(order.ref, { prepayment: { status: 'received', amount, paymentIntentId: intent.id }, updatedAt: FieldValue.serverTimestamp() });
  return `recorded ${formatMoney(amount)} as ${result.paymentId}`;
}

/** `payment_intent.processing`: an ACH debit on its way; its invoices show it and get no reminder. */
async function markProcessing(context: EventContext, intent: Stripe.PaymentIntent): Promise<Outcome> {
  const state = await readPaymentState(context.transaction, intent);
  if (!state) return 'not a Harbor payment';
  if (state.payment && state.payment.status !== 'started') return `already ${state.payment.status}`;
  const invoices = state.invoices.map((invoice) => {
    const read = invoiceFromData(invoice.id, invoice.data()!);
    // This payment's own earlier mark does not hold its share back.
    const { [intent.id]: _own, ...others } = read.paymentsProcessing;
    return { ...read, paymentsProcessing: others };
  });
  for (const { invoiceNumber, amount } of allocateOldestFirst(invoices, intent.amount)) {
    context.transaction.update(invoiceRef(invoiceNumber), { [`paymentsProcessing.${intent.id}`]: amount });
  }
  writeOnlinePayment(context, state, intent, { status: 'processing' });
  const order = prepaidOrder(state);
  if (order) context.transaction.update(order.ref, { prepayment: { status: 'processing', amount: intent.amount, paymentIntentId: intent.id }, updatedAt: FieldValue.serverTimestamp() });
  return 'marked processing';
}

/** `payment_intent.payment_failed`: the processing marks go, and whoever started it is told. */
async function markFailed(context: EventContext, intent: Stripe.PaymentIntent): Promise<Outcome> {
  const state = await readPaymentState(context.transaction, intent);
  if (!state) return 'not a Harbor payment';
  if (settled(state.payment)) return `already ${state.payment!.status}`;
  const [company] = await readWithoutLock([companyRef(state.metadata.companyId)]);
  const problem = intent.last_payment_error?.message ?? 'The payment did not go through.';
  clearProcessing(context, state, intent.id);
  writeOnlinePayment(context, state, intent, { status: 'failed', problem });
  const order = prepaidOrder(state);
  if (order) context.transaction.update(order.ref, { prepayment: { status: 'failed', amount: intent.amount, paymentIntentId: intent.id }, updatedAt: FieldValue.serverTimestamp() });
  const to = state.payment?.startedByEmail ? [state.payment.startedByEmail] : mailRecipientsOf('receipt', company);
  if (to.length) queueMail(context.transaction, { id: `${intent.id}-failed-${context.eventId}`, to, template: 'onlinePaymentFailed', data: { paymentIntentId: intent.id } });
  return 'marked failed';
}

/**
 * `charge.refunded` and `charge.dispute.created`: what Stripe took back (`taken`, in all so far)
 * comes off the recorded payment: it is reversed, as reversePayment reverses one, and what is left
 * of it is recorded again. An event about a payment not recorded yet waits for Stripe's next delivery.
 */
async function takeBack(context: EventContext, intentId: string, taken: number, status: 'refunded' | 'disputed', reason: string): Promise<Outcome> {
  const online = await context.transaction.get(onlinePaymentRef(intentId));
  const payment = online.exists ? onlinePaymentFromData(online.id, online.data()!) : null;
  if (!payment) return 'not a Harbor payment';
  const current = payment.paymentIds.at(-1);
  if (!settled(payment) || !current) throw new NotYet(`Payment ${intentId} is not recorded yet.`);
  const already = storedTaken(online);
  if (taken <= already) return 'already taken back';
  const [stored, order] = await Promise.all([
    context.transaction.get(db.doc(`payments/${current}`)),
    payment.orderId ? context.transaction.get(db.doc(`orders/${payment.orderId}`)) : Promise.resolve(null),
  ]);
  if (!stored.exists) throw new NotYet(`Payment ${current} is not recorded yet.`);
  const left = Math.max(0, payment.amount - taken);
  const again = await reversePaymentIn(context.transaction, STRIPE_ACTOR(context.eventId), stored, reason, { requestId: `${intentId}-after-${taken}`, amount: left });
  context.transaction.update(online.ref, {
    status,
    taken,
    problem: reason,
    paymentIds: again ? FieldValue.arrayUnion(again) : payment.paymentIds,
    updatedAt: Timestamp.fromMillis(context.now),
  });
  if (order?.exists && !storedInvoiceNumbers(order.data()!).length && order.get('prepayment.paymentIntentId') === intentId) {
    context.transaction.update(order.ref, { prepayment: { status: left > 0 ? 'received' : 'reversed', amount: left || payment.amount, paymentIntentId: intentId }, updatedAt: FieldValue.serverTimestamp() });
  }
  return `${formatMoney(taken - already)} taken back; ${formatMoney(left)} stays recorded`;
}

const storedTaken = (online: DocumentSnapshot): number => {
  const taken: unknown = online.get('taken');
  return typeof taken === 'number' ? taken : 0;
};

const intentIdOf = (value: string | { id: string } | null | undefined): string => (typeof value === 'string' ? value : (value?.id ?? ''));

/** Applies one event, once: its id is kept in the same transaction as its effect. */
export async function applyStripeEvent(event: Pick<Stripe.Event, 'id' | 'type' | 'data'>): Promise<Outcome> {
  return runContendedTransaction(async (transaction) => {
    const seen = await transaction.get(db.doc(`stripeEvents/${event.id}`));
    if (seen.exists) return 'already applied';
    const context: EventContext = { transaction, eventId: event.id, now: await shopNow() };
    let outcome: Outcome;
    switch (event.type) {
      case 'payment_intent.succeeded':
        outcome = await recordSucceeded(context, event.data.object as Stripe.PaymentIntent);
        break;
      case 'payment_intent.processing':
        outcome = await markProcessing(context, event.data.object as Stripe.PaymentIntent);
        break;
      case 'payment_intent.payment_failed':
        outcome = await markFailed(context, event.data.object as Stripe.PaymentIntent);
        break;
      case 'charge.refunded': {
        const charge = event.data.object as Stripe.Charge;
        outcome = await takeBack(context, intentIdOf(charge.payment_intent), charge.amount_refunded, 'refunded', `Refunded through Stripe (${charge.id})`);
        break;
      }
      case 'charge.dispute.created': {
        const dispute = event.data.object as Stripe.Dispute;
        const online = (await transaction.get(onlinePaymentRef(intentIdOf(dispute.payment_intent)))).data();
        const takenBefore = typeof online?.taken === 'number' ? online.taken : 0;
        outcome = await takeBack(context, intentIdOf(dispute.payment_intent), takenBefore + dispute.amount, 'disputed', `Disputed by the cardholder (${dispute.reason}, ${dispute.id})`);
        break;
      }
      default:
        outcome = 'ignored';
    }
    transaction.create(seen.ref, { type: event.type, outcome, receivedAt: Timestamp.fromMillis(context.now) });
    return outcome;
  }, 'The payment is being recorded right now.');
}

/**
 * Stripe's webhook, at /stripe/webhook (a Hosting rewrite). The signature is checked on the raw
 * body with the endpoint's secret, and an event signed more than five minutes ago is refused:
 * nothing is written for either. Any other failure answers 500, and Stripe delivers it again.
 */
export const stripeWebhook = onRequest({ invoker: 'public', secrets: [STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET] }, async (request, response) => {
  if (request.method !== 'POST') {
    response.status(405).set('Allow', 'POST').end();
    return;
  }
  const stripe = await stripeClient();
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(request.rawBody, request.get('stripe-signature') ?? '', STRIPE_WEBHOOK_SECRET.value(), SIGNATURE_TOLERANCE_SECONDS);
  } catch (error) {
    response.status(400).json({ error: `The event was not accepted: ${(error as Error).message}` });
    return;
  }
  try {
    response.json({ received: true, outcome: await applyStripeEvent(event) });
  } catch (error) {
    if (error instanceof NotYet) {
      response.status(409).json({ error: error.message });
      return;
    }
    logger.error(`Stripe event ${event.id} (${event.type}) could not be recorded`, error);
    response.status(500).json({ error: 'The event could not be recorded now.' });
  }
});

const dayOf = (millis: number) => new Date(millis).toISOString().slice(0, 10);

/**
 * Compares the succeeded PaymentIntents of the last week with the recorded payments, records any
 * the webhook missed (as its event would have) and keeps the report in `paymentReconciliations/{day}`.
 */
export async function reconcileOnlinePayments(now: number): Promise<{ checked: number; missed: { paymentIntentId: string; companyId: string; amount: number }[] }> {
  const stripe = await stripeClient();
  const missed: { paymentIntentId: string; companyId: string; amount: number }[] = [];
  let checked = 0;
  for await (const intent of stripe.paymentIntents.list({ created: { gte: Math.floor((now - RECONCILE_DAYS * DAY_MS) / 1000) }, limit: 100 })) {
    const metadata = readPaymentMetadata(intent.metadata);
    if (intent.status !== 'succeeded' || !metadata) continue;
    checked++;
    const online = await onlinePaymentRef(intent.id).get();
    if (settled(online.exists ? onlinePaymentFromData(online.id, online.data()!) : null)) continue;
    const outcome = await applyStripeEvent({ id: `reconciled-${intent.id}`, type: 'payment_intent.succeeded', data: { object: intent } });
    if (outcome.startsWith('recorded')) missed.push({ paymentIntentId: intent.id, companyId: metadata.companyId, amount: intent.amount_received || intent.amount });
  }
  const day = dayOf(now);
  await db.doc(`paymentReconciliations/${day}`).set({ day, checkedAt: Timestamp.fromMillis(now), checked, missed });
  if (missed.length) logger.warn(`Reconciliation ${day}: ${missed.length} online payments were recorded that the webhook had missed`, missed);
  return { checked, missed };
}

/** Every morning, before finance starts: yesterday's online payments against the ledger. */
export const reconcileOnlinePaymentsDaily = onSchedule({ schedule: 'every day 06:00', timeZone: 'America/New_York', timeoutSeconds: 540, secrets: [STRIPE_SECRET_KEY] }, async () => {
  await reconcileOnlinePayments(await shopNow());
});
