/**
 * Online payments through Stripe: a buyer pays open invoices, or a prepaid order before it ships,
 * by card or ACH debit. The server decides what is paid (never the browser), Stripe collects it,
 * and its webhook records the payment in the ledger (functions/src/onlinePayments.ts).
 */
import { formatMoney } from './money';
import type { OrderPrepayment } from './orders';
import { invoiceOpenAmount, type Invoice, type PaymentAllocation, type PaymentRecordMethod } from './receivables';
import { millisOf, storedChoice, storedNumber, storedText, storedTexts, type StoredData } from './storedFields';

/** Stripe's payment method types the shop takes. */
export const ONLINE_PAYMENT_METHODS = ['card', 'us_bank_account'] as const;
export type OnlinePaymentMethod = (typeof ONLINE_PAYMENT_METHODS)[number];
export const ONLINE_PAYMENT_METHOD_LABELS: Record<OnlinePaymentMethod, string> = { card: 'Card', us_bank_account: 'Bank account (ACH debit)' };
/** How the ledger names money that came by each. */
export const RECORDED_METHOD: Record<OnlinePaymentMethod, PaymentRecordMethod> = { card: 'card', us_bank_account: 'ach' };

/** Stripe's smallest charge in US dollars. */
export const MIN_ONLINE_PAYMENT = 50;
/** The currency of the shop's prices, as Stripe writes it. */
export const STRIPE_CURRENCY = 'usd';

/**
 * Where a started payment stands: `started` (waiting for the buyer to confirm it), `processing`
 * (an ACH debit on its way), `succeeded` (recorded in the ledger), `failed` (nothing moved),
 * `refunded` and `disputed` (the recorded payment reversed, in part or whole).
 */
export const ONLINE_PAYMENT_STATUSES = ['started', 'processing', 'succeeded', 'failed', 'refunded', 'disputed'] as const;
export type OnlinePaymentStatus = (typeof ONLINE_PAYMENT_STATUSES)[number];
export const ONLINE_PAYMENT_STATUS_LABELS: Record<OnlinePaymentStatus, string> = {
  started: 'Started',
  processing: 'Payment processing',
  succeeded: 'Paid',
  failed: 'Failed',
  refunded: 'Refunded',
  disputed: 'Disputed',
};

/** `onlinePayments/{paymentIntentId}`: one payment a buyer started, written by the functions only. */
export interface OnlinePayment {
  /** The Stripe PaymentIntent id (`pi_…`). */
  id: string;
  companyId: string;
  requestId: string;
  /** The invoices it pays, oldest first (empty for a prepaid order not yet invoiced). */
  invoiceNumbers: string[];
  /** The order it pays, when started from an order's page. */
  orderId: string;
  amount: number;
  currency: string;
  method: OnlinePaymentMethod;
  status: OnlinePaymentStatus;
  /** Who started it: their uid and e-mail, told when it fails. */
  startedBy: string;
  startedByEmail: string;
  startedAt: number;
  updatedAt: number;
  /** The ledger payments it recorded (`payments/{id}`); a partial refund records what is left as a new one. */
  paymentIds: string[];
  /** Why it failed or was reversed, as Stripe put it. */
  problem: string;
}

export function onlinePaymentFromData(id: string, data: StoredData): OnlinePayment {
  return {
    id,
    companyId: storedText(data.companyId),
    requestId: storedText(data.requestId),
    invoiceNumbers: storedTexts(data.invoiceNumbers),
    orderId: storedText(data.orderId),
    amount: storedNumber(data.amount),
    currency: storedText(data.currency) || STRIPE_CURRENCY,
    method: storedChoice(ONLINE_PAYMENT_METHODS, data.method, 'card'),
    status: storedChoice(ONLINE_PAYMENT_STATUSES, data.status, 'started'),
    startedBy: storedText(data.startedBy),
    startedByEmail: storedText(data.startedByEmail),
    startedAt: millisOf(data.startedAt),
    updatedAt: millisOf(data.updatedAt),
    paymentIds: storedTexts(data.paymentIds),
    problem: storedText(data.problem),
  };
}

/** Invoices as a payment plan reads them. */
export type PayableInvoice = Pick<Invoice, 'number' | 'sequence' | 'total' | 'amountPaid' | 'amountCredited' | 'paymentsProcessing'>;

/** What is still open on an invoice that no payment under way already covers. */
export function payableAmount(invoice: Pick<PayableInvoice, 'total' | 'amountPaid' | 'amountCredited' | 'paymentsProcessing'>): number {
  const processing = Object.values(invoice.paymentsProcessing).reduce((sum, cents) => sum + cents, 0);
  return Math.max(0, invoiceOpenAmount(invoice) - processing);
}

export type PaymentPlan =
  | { ok: true; amount: number; invoiceNumbers: string[]; allocations: PaymentAllocation[] }
  | { ok: false; code: 'failed-precondition' | 'invalid-argument'; problem: string };

/**
 * What a payment of `invoices` (the caller's, already checked to be the company's) asks for: what
 * is open on them and not already on its way, or `amount` when that is less (a partial payment),
 * spread over them oldest first. A paid invoice, or one whose money is already on its way, is
 * refused, as is an amount above what is open or below Stripe's minimum.
 */
export function planInvoicePayment(invoices: readonly PayableInvoice[], amount?: number): PaymentPlan {
  const oldestFirst = [...invoices].sort((a, b) => a.sequence - b.sequence);
  for (const invoice of oldestFirst) {
    if (invoiceOpenAmount(invoice) === 0) return { ok: false, code: 'failed-precondition', problem: `Invoice ${invoice.number} is already paid. Nothing was charged.` };
    if (payableAmount(invoice) === 0) return { ok: false, code: 'failed-precondition', problem: `A payment of invoice ${invoice.number} is already processing. Nothing was charged.` };
  }
  const open = oldestFirst.reduce((sum, invoice) => sum + payableAmount(invoice), 0);
  return planAmount(open, amount, oldestFirst);
}

/** What a prepaid order not yet invoiced asks for: its total, in full (it ships once paid). */
export function planOrderPrepayment(orderTotal: number, amount?: number): PaymentPlan {
  if (amount !== undefined && amount !== orderTotal) return { ok: false, code: 'invalid-argument', problem: `A prepaid order is paid in full: ${formatMoney(orderTotal)}.` };
  return planAmount(orderTotal, amount, []);
}

function planAmount(open: number, amount: number | undefined, oldestFirst: readonly PayableInvoice[]): PaymentPlan {
  if (amount !== undefined && amount > open) {
    return { ok: false, code: 'invalid-argument', problem: `${formatMoney(amount)} is more than the ${formatMoney(open)} open. Pay at most what is open.` };
  }
  const charged = amount ?? open;
  if (charged < MIN_ONLINE_PAYMENT) return { ok: false, code: 'invalid-argument', problem: `An online payment must be at least ${formatMoney(MIN_ONLINE_PAYMENT)}.` };
  return { ok: true, amount: charged, invoiceNumbers: oldestFirst.map((invoice) => invoice.number), allocations: allocateOldestFirst(oldestFirst, charged) };
}

/** `amount` spread over `invoices` in their order, each up to what is open and not on its way. */
export function allocateOldestFirst(invoices: readonly Pick<PayableInvoice, 'number' | 'total' | 'amountPaid' | 'amountCredited' | 'paymentsProcessing'>[], amount: number): PaymentAllocation[] {
  const allocations: PaymentAllocation[] = [];
  let left = amount;
  for (const invoice of invoices) {
    const paid = Math.min(left, payableAmount(invoice));
    if (paid > 0) allocations.push({ invoiceNumber: invoice.number, amount: paid });
    left -= paid;
  }
  return allocations;
}

/** The PaymentIntent's metadata (Stripe keeps strings): what the webhook records the payment against. */
export interface OnlinePaymentMetadata {
  companyId: string;
  /** Comma separated, oldest first: `INV-000001,INV-000002`; absent for a prepaid order not yet invoiced. */
  invoiceNumbers?: string;
  orderId?: string;
  requestId: string;
}

export function paymentMetadata(payment: { companyId: string; invoiceNumbers: readonly string[]; orderId: string; requestId: string }): OnlinePaymentMetadata {
  return {
    companyId: payment.companyId,
    ...(payment.invoiceNumbers.length ? { invoiceNumbers: payment.invoiceNumbers.join(',') } : {}),
    ...(payment.orderId ? { orderId: payment.orderId } : {}),
    requestId: payment.requestId,
  };
}

/** The metadata back from Stripe, or null when it is not one of ours. */
export function readPaymentMetadata(metadata: Record<string, string> | null | undefined): { companyId: string; invoiceNumbers: string[]; orderId: string; requestId: string } | null {
  const companyId = metadata?.companyId ?? '';
  if (!/^[A-Za-z0-9_-]{1,128}$/.test(companyId)) return null;
  const invoiceNumbers = (metadata?.invoiceNumbers ?? '').split(',').map((number) => number.trim()).filter((number) => /^INV-\d{6,12}$/.test(number));
  const orderId = metadata?.orderId ?? '';
  return { companyId, invoiceNumbers, orderId: /^[A-Za-z0-9_-]{1,128}$/.test(orderId) ? orderId : '', requestId: metadata?.requestId ?? '' };
}

/** What a buyer reads of a prepaid order's money. */
export function prepaymentText(prepayment: OrderPrepayment | null): string | null {
  if (!prepayment) return null;
  switch (prepayment.status) {
    case 'processing':
      return `Your payment of ${formatMoney(prepayment.amount)} is processing. We ship as soon as it arrives.`;
    case 'received':
      return `Payment of ${formatMoney(prepayment.amount)} received. We ship your order as soon as it is ready.`;
    case 'failed':
      return 'Your online payment did not go through. Please pay again or by bank transfer.';
    case 'reversed':
      return `Your payment of ${formatMoney(prepayment.amount)} was refunded or disputed. Please pay again or by bank transfer.`;
  }
}

/** What the invoice's reader sees of money on its way. */
export function processingText(invoice: Pick<Invoice, 'paymentsProcessing'>): string | null {
  const processing = Object.values(invoice.paymentsProcessing).reduce((sum, cents) => sum + cents, 0);
  return processing > 0 ? `Payment processing: ${formatMoney(processing)}` : null;
}
