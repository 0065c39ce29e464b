/**
 * The tests' side of the Stripe stand-in (scripts/stripe/standIn.ts): what the shop asked Stripe,
 * Stripe's own steps (a buyer confirming, a bank settling, a refund), and events signed as Stripe
 * signs them, sent to the shop's /stripe/webhook with the SDK's generateTestHeaderString.
 */
import Stripe from 'stripe';
import { shopUrl, stripeStandInUrl } from '../scripts/emulators';
import { STAND_IN_SECRET_KEY, STAND_IN_WEBHOOK_SECRET, type StandInRequest } from '../scripts/stripe/standIn';

export const stripe = new Stripe(STAND_IN_SECRET_KEY, { host: '127.0.0.1', port: new URL(stripeStandInUrl).port, protocol: 'http' });

/** A stand-in call: Stripe's own endpoints or its `/_standin/…` steps. */
export async function standIn<Answer>(path: string, params: Record<string, string> = {}, method = 'POST'): Promise<Answer> {
  const body = new URLSearchParams(params).toString();
  const response = await fetch(`${stripeStandInUrl}${path}${method === 'GET' && body ? `?${body}` : ''}`, {
    method,
    headers: { Authorization: `Bearer ${STAND_IN_SECRET_KEY}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    ...(method === 'GET' ? {} : { body }),
  });
  const answer = (await response.json()) as Answer & { error?: { message: string } };
  if (!response.ok) throw new Error(`The Stripe stand-in refused ${method} ${path}: ${answer.error?.message ?? response.status}`);
  return answer;
}

/** What the shop asked of Stripe at `path` since the stand-in started. */
export async function requestsTo(path: string): Promise<StandInRequest[]> {
  return (await standIn<{ data: StandInRequest[] }>('/_standin/requests', {}, 'GET')).data.filter((request) => request.path === path);
}

/** The buyer confirms in the Payment Element: Stripe's test payment methods decide the outcome. */
export const confirmPayment = (paymentIntentId: string, paymentMethod: 'pm_card_visa' | 'pm_card_chargeDeclined' | 'pm_usBankAccount_success' = 'pm_card_visa') =>
  standIn<Stripe.PaymentIntent>(`/v1/payment_intents/${paymentIntentId}/confirm`, { payment_method: paymentMethod });

/** The bank's answer to an ACH debit, days later. */
export const settlePayment = (paymentIntentId: string, outcome: 'succeeded' | 'failed') => standIn<Stripe.PaymentIntent>(`/_standin/payment_intents/${paymentIntentId}/settle`, { outcome });

/** Turns the stand-in's webhook deliveries off (a lost event) or on again. */
export const deliverWebhooks = (enabled: boolean) => standIn('/_standin/webhooks', { enabled: String(enabled) });

/** An event as Stripe would send it, signed with `secret` at `timestamp` (seconds), and the shop's answer. */
export async function sendEvent(
  type: string,
  object: object,
  { id = `evt_test_${Math.random().toString(36).slice(2)}`, secret = STAND_IN_WEBHOOK_SECRET, timestamp = Math.floor(Date.now() / 1000) }: { id?: string; secret?: string; timestamp?: number } = {},
): Promise<{ status: number; body: unknown }> {
  const payload = JSON.stringify({ id, object: 'event', api_version: Stripe.API_VERSION, created: timestamp, livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, type, data: { object } });
  const signature = stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
  const response = await fetch(`${shopUrl}/stripe/webhook`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature }, body: payload });
  return { status: response.status, body: await response.json().catch(() => null) };
}
