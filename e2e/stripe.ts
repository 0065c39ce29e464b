/**
 * The journeys' side of the local Stripe stand-in (scripts/stripe/standIn.ts), as the emulator
 * tests drive it: Stripe's own steps (the buyer confirming in the Payment Element, which cannot
 * load here, and a bank settling an ACH debit), and what the shop asked of Stripe.
 */
import type Stripe from 'stripe';
import { standIn } from '../emulator-tests/stripeStandIn';

export { confirmPayment, settlePayment } from '../emulator-tests/stripeStandIn';

/** The PaymentIntents the shop created for a Stripe customer, newest first. */
export async function paymentIntentsOf(customerId: string): Promise<Stripe.PaymentIntent[]> {
  return (await standIn<Stripe.ApiList<Stripe.PaymentIntent>>('/v1/payment_intents', { customer: customerId }, 'GET')).data;
}
