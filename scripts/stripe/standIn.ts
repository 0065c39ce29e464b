/**
 * A local stand-in of the Stripe API, for the emulators: these machines cannot reach Stripe. It
 * answers the endpoints the functions call (customers, payment intents, refunds) with Stripe's
 * documented request and response shapes, typed with the `stripe` package's own types, so the real
 * SDK talks to it through STRIPE_API_URL. Like Stripe, it replays the answer of a request whose
 * Idempotency-Key it has seen, and tells the shop what happened by signed webhook events.
 *
 * What only Stripe does is played by a few calls of its own: confirming a payment intent with one
 * of Stripe's test payment methods (`pm_card_visa` succeeds, `pm_card_chargeDeclined` fails,
 * `pm_usBankAccount_success` starts an ACH debit), `POST /_standin/payment_intents/{id}/settle`
 * (`outcome=succeeded|failed`: the bank's answer days later) and `…/dispute`. Each answers once the
 * shop has answered the events it caused. `GET /_standin/requests` lists what it was asked, and
 * `POST /_standin/webhooks` with `enabled=false` plays an outage of the webhook (events are lost).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import Stripe from 'stripe';

export const STAND_IN_SECRET_KEY = 'sk_test_harbor_local';
export const STAND_IN_WEBHOOK_SECRET = 'whsec_harbor_local';
export const STAND_IN_PUBLISHABLE_KEY = 'pk_test_harbor_local';

/** What the stand-in was asked: the tests read it to see what the shop sent Stripe. */
export interface StandInRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  params: Record<string, unknown>;
}

type Params = Record<string, unknown>;

/** Stripe's form encoding (`metadata[companyId]=…`, `payment_method_types[0]=card`) read back into objects. */
function parseForm(body: string): Params {
  const params: Params = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split('[').map((part) => part.replace(/]$/, ''));
    let node = params;
    path.forEach((part, index) => {
      if (index === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Params;
    });
  }
  return params;
}

/** `{ '0': 'card' }` as Stripe's lists arrive, read as an array. */
const listOf = (value: unknown): string[] => (value && typeof value === 'object' ? Object.values(value as Record<string, string>) : typeof value === 'string' ? [value] : []);
const now = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

export interface StandInOptions {
  port: number;
  /** Where events go: the shop's `/stripe/webhook`. */
  webhookUrl: string;
}

export interface StandIn {
  url: string;
  server: Server;
  close(): Promise<void>;
}

type StoredIntent = Pick<
  Stripe.PaymentIntent,
  'id' | 'object' | 'amount' | 'amount_received' | 'currency' | 'customer' | 'metadata' | 'payment_method_types' | 'allowed_payment_method_types' | 'status' | 'client_secret' | 'created' | 'livemode' | 'latest_charge' | 'last_payment_error' | 'description'
>;
type StoredCustomer = Pick<Stripe.Customer, 'id' | 'object' | 'name' | 'email' | 'metadata' | 'created' | 'livemode'>;
type StoredCharge = Pick<Stripe.Charge, 'id' | 'object' | 'amount' | 'amount_refunded' | 'refunded' | 'currency' | 'payment_intent' | 'customer' | 'metadata' | 'status' | 'created' | 'livemode' | 'disputed'>;

export async function startStripeStandIn({ port, webhookUrl }: StandInOptions): Promise<StandIn> {
  const customers = new Map<string, StoredCustomer>();
  const intents = new Map<string, StoredIntent>();
  const charges = new Map<string, StoredCharge>();
  const replays = new Map<string, { status: number; body: unknown }>();
  const requests: StandInRequest[] = [];
  const signer = new Stripe(STAND_IN_SECRET_KEY);

  // Off while a test plays a webhook outage (`POST /_standin/webhooks` with `enabled=false`).
  let delivering = true;

  /** Sends one event, signed as Stripe signs it, and waits for the shop's answer. */
  async function send(type: string, object: object): Promise<void> {
    if (!delivering) return;
    const event = { id: newId('evt'), object: 'event', api_version: Stripe.API_VERSION, created: now(), livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, type, data: { object } };
    const payload = JSON.stringify(event);
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: STAND_IN_WEBHOOK_SECRET });
    const response = await fetch(webhookUrl, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature }, body: payload }).catch((error: unknown) => {
      console.error(`Stripe stand-in: ${type} could not be delivered to ${webhookUrl}:`, error);
      return null;
    });
    if (response && !response.ok) console.error(`Stripe stand-in: ${webhookUrl} answered ${type} with ${response.status}: ${await response.text()}`);
  }

  function intentOf(id: string): StoredIntent {
    const intent = intents.get(id);
    if (!intent) throw new StripeError(404, 'invalid_request_error', `No such payment_intent: '${id}'`, 'resource_missing');
    return intent;
  }

  function chargeFor(intent: StoredIntent): StoredCharge {
    const charge: StoredCharge = { id: newId('ch'), object: 'charge', amount: intent.amount, amount_refunded: 0, refunded: false, currency: intent.currency, payment_intent: intent.id, customer: intent.customer, metadata: intent.metadata, status: 'succeeded', created: now(), livemode: false, disputed: false };
    charges.set(charge.id, charge);
    intent.latest_charge = charge.id;
    return charge;
  }

  async function succeed(intent: StoredIntent): Promise<void> {
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    if (!intent.latest_charge) chargeFor(intent);
    await send('payment_intent.succeeded', intent);
  }

  async function fail(intent: StoredIntent, message: string, code: string): Promise<void> {
    intent.status = 'requires_payment_method';
    intent.last_payment_error = { type: 'card_error', code, message } as Stripe.PaymentIntent.LastPaymentError;
    await send('payment_intent.payment_failed', intent);
  }

  async function handle(method: string, path: string, params: Params): Promise<unknown> {
    const parts = path.split('/').filter(Boolean);
    // POST /v1/customers, GET /v1/customers/{id}
    if (parts[0] === 'v1' && parts[1] === 'customers') {
      if (method === 'POST' && parts.length === 2) {
        const customer: StoredCustomer = { id: newId('cus'), object: 'customer', name: (params.name as string) ?? null, email: (params.email as string) ?? null, metadata: (params.metadata as Stripe.Metadata) ?? {}, created: now(), livemode: false };
        customers.set(customer.id, customer);
        return customer;
      }
      const customer = customers.get(parts[2] ?? '');
      if (method === 'GET' && customer) return customer;
      throw new StripeError(404, 'invalid_request_error', `No such customer: '${parts[2] ?? ''}'`, 'resource_missing');
    }
    if (parts[0] === 'v1' && parts[1] === 'payment_intents') {
      if (method === 'POST' && parts.length === 2) {
        const amount = Number(params.amount);
        if (!Number.isInteger(amount) || amount < 50) throw new StripeError(400, 'invalid_request_error', 'Amount must be at least $0.50 usd', 'amount_too_small');
        if (params.currency !== 'usd') throw new StripeError(400, 'invalid_request_error', 'Invalid currency.', 'parameter_invalid_string');
        const customer = params.customer as string | undefined;
        if (customer && !customers.has(customer)) throw new StripeError(400, 'invalid_request_error', `No such customer: '${customer}'`, 'resource_missing');
        // `allowed_payment_method_types` since the 2026 API versions; `payment_method_types` before.
        const types = listOf(params.allowed_payment_method_types ?? params.payment_method_types);
        const id = newId('pi');
        const intent: StoredIntent = {
          id,
          object: 'payment_intent',
          amount,
          amount_received: 0,
          currency: 'usd',
          customer: customer ?? null,
          metadata: (params.metadata as Stripe.Metadata) ?? {},
          payment_method_types: types.length ? types : ['card'],
          allowed_payment_method_types: (types.length ? types : ['card']) as Stripe.PaymentIntent['allowed_payment_method_types'],
          status: 'requires_payment_method',
          client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
          created: now(),
          livemode: false,
          latest_charge: null,
          last_payment_error: null,
          description: (params.description as string) ?? null,
        };
        intents.set(id, intent);
        return intent;
      }
      if (method === 'GET' && parts.length === 2) {
        const createdAfter = Number((params.created as Params | undefined)?.gte ?? 0);
        const limit = Math.min(100, Number(params.limit ?? 10));
        // Newest first, as Stripe lists them; `starting_after` continues after an id.
        let list = [...intents.values()].filter((intent) => intent.created >= createdAfter && (!params.customer || intent.customer === params.customer)).reverse();
        if (params.starting_after) list = list.slice(list.findIndex((intent) => intent.id === params.starting_after) + 1);
        return { object: 'list', url: '/v1/payment_intents', has_more: list.length > limit, data: list.slice(0, limit) };
      }
      const intent = intentOf(parts[2] ?? '');
      if (method === 'GET' && parts.length === 3) return intent;
      if (method === 'POST' && parts[3] === 'confirm') {
        if (intent.status !== 'requires_payment_method' && intent.status !== 'requires_confirmation') {
          throw new StripeError(400, 'invalid_request_error', `This PaymentIntent's status is ${intent.status}; it cannot be confirmed.`, 'payment_intent_unexpected_state');
        }
        const paymentMethod = String(params.payment_method ?? 'pm_card_visa');
        if (paymentMethod.startsWith('pm_usBankAccount')) {
          intent.status = 'processing';
          await send('payment_intent.processing', intent);
        } else if (paymentMethod === 'pm_card_chargeDeclined') await fail(intent, 'Your card was declined.', 'card_declined');
        else await succeed(intent);
        return intent;
      }
    }
    if (method === 'POST' && parts[0] === '_standin' && parts[1] === 'payment_intents') {
      const intent = intentOf(parts[2] ?? '');
      if (parts[3] === 'settle') {
        if (intent.status !== 'processing') throw new StripeError(400, 'invalid_request_error', `This PaymentIntent's status is ${intent.status}, not processing.`);
        if (params.outcome === 'failed') await fail(intent, 'The customer\'s bank account could not be debited.', 'insufficient_funds');
        else await succeed(intent);
        return intent;
      }
      if (parts[3] === 'dispute') {
        const charge = charges.get(String(intent.latest_charge ?? ''));
        if (!charge) throw new StripeError(400, 'invalid_request_error', 'This PaymentIntent has no charge to dispute.');
        charge.disputed = true;
        const dispute: Pick<Stripe.Dispute, 'id' | 'object' | 'amount' | 'charge' | 'currency' | 'payment_intent' | 'reason' | 'status' | 'created' | 'livemode'> = {
          id: newId('dp'),
          object: 'dispute',
          amount: Number(params.amount ?? charge.amount),
          charge: charge.id,
          currency: charge.currency,
          payment_intent: intent.id,
          reason: (params.reason as Stripe.Dispute['reason']) ?? 'fraudulent',
          status: 'needs_response',
          created: now(),
          livemode: false,
        };
        await send('charge.dispute.created', dispute);
        return dispute;
      }
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = intentOf(String(params.payment_intent ?? ''));
      const charge = charges.get(String(intent.latest_charge ?? ''));
      if (!charge || intent.status !== 'succeeded') throw new StripeError(400, 'invalid_request_error', `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, 'charge_not_refundable');
      const amount = Number(params.amount ?? charge.amount - charge.amount_refunded);
      if (!Number.isInteger(amount) || amount <= 0 || amount > charge.amount - charge.amount_refunded) throw new StripeError(400, 'invalid_request_error', 'Refund amount is greater than unrefunded amount on charge.', 'amount_too_large');
      charge.amount_refunded += amount;
      charge.refunded = charge.amount_refunded === charge.amount;
      const refund: Pick<Stripe.Refund, 'id' | 'object' | 'amount' | 'charge' | 'currency' | 'payment_intent' | 'status' | 'created' | 'metadata'> = { id: newId('re'), object: 'refund', amount, charge: charge.id, currency: charge.currency, payment_intent: intent.id, status: 'succeeded', created: now(), metadata: {} };
      await send('charge.refunded', charge);
      return refund;
    }
    if (method === 'GET' && path === '/_standin/requests') return { data: requests };
    if (method === 'POST' && path === '/_standin/webhooks') {
      delivering = params.enabled !== 'false';
      return { delivering };
    }
    throw new StripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const method = request.method ?? 'GET';
    const params = method === 'GET' ? parseForm(url.searchParams.toString()) : parseForm(Buffer.concat(chunks).toString());
    const key = typeof request.headers['idempotency-key'] === 'string' ? request.headers['idempotency-key'] : null;
    const reply = (status: number, body: unknown, replayed = false) => {
      response.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': newId('req'), ...(replayed ? { 'Idempotent-Replayed': 'true' } : {}) });
      response.end(JSON.stringify(body));
    };
    if (request.headers.authorization !== `Bearer ${STAND_IN_SECRET_KEY}`) {
      reply(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
      return;
    }
    if (url.pathname !== '/_standin/requests') requests.push({ method, path: url.pathname, idempotencyKey: key, params });
    const replay = key && method === 'POST' ? replays.get(key) : undefined;
    if (replay) {
      reply(replay.status, replay.body, true);
      return;
    }
    let status = 200;
    let body: unknown;
    try {
      body = await handle(method, url.pathname, params);
    } catch (error) {
      if (!(error instanceof StripeError)) throw error;
      status = error.status;
      body = { error: { type: error.type, message: error.message, ...(error.code ? { code: error.code } : {}) } };
    }
    if (key && method === 'POST') replays.set(key, { status, body });
    reply(status, body);
  }

  const server = createServer((request, response) => {
    answer(request, response).catch((error: unknown) => {
      console.error('Stripe stand-in:', error);
      response.writeHead(500, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return { url: `http://127.0.0.1:${port}`, server, close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // The SDK keeps its connections open; they would hold the close.
        server.closeAllConnections();
      }),
  };
}
