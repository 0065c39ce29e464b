/**
 * Payments received from companies: recorded against their open invoices (oldest first unless
 * allocated), reversed by a new entry, never edited. Each write, with the invoices, the company's
 * balances and its ledger, happens in one transaction.
 */
import { Timestamp, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import { HttpsError, onCall } from 'firebase-functions/v2/https';
import {
  accountCredit,
  changedInvoices,
  storedInvoiceNumbers,
  sumInvoiceFigures,
  formatMoney,
  invoiceFigures,
  invoiceOpenAmount,
  invoicePaid,
  markOrderPaidInputSchema,
  orderPaymentStatus,
  paymentApplication,
  paymentFromData,
  PAYMENT_RECORD_METHOD_LABELS,
  recordPaymentInputSchema,
  reversePaymentInputSchema,
  type Account,
  type PaymentAllocation,
  type RecordPaymentRequest,
} from '@harbor/domain';
import { db } from './admin';
import { queueWebhookEvent } from './integrations/webhooks';
import { appendAudit } from './audit';
import { callableOptions, parseInput, requireStaff, type Staff } from './callable';
import { shopNow } from './clock';
import { companyRef, mailRecipientsOf } from './companies';
import { queueMail } from './mail/outbox';
import { prepareLedger, readCompanyAccount, type CompanyAccount, type LedgerOptions, type LedgerWrite } from './ledger';
import { requestDocumentId } from './requestIds';
import { CONTENDED_CALL_OPTIONS, readWithoutLock, runContendedTransaction } from './transactions';

/** Invoices with something still to pay. */
export const OPEN_INVOICE_STATUSES = ['open', 'partially-paid', 'overdue'];

/** A company's invoices with something open, oldest first. */
export const openInvoicesQuery = (companyId: string) => db.collection('invoices').where('companyId', '==', companyId).where('status', 'in', OPEN_INVOICE_STATUSES).orderBy('sequence');

export interface PaymentResult {
  paymentId: string;
  allocations: PaymentAllocation[];
  creditApplied: number;
  unallocated: number;
}

/**
 * A payment to record, as recordPayment's input reads it (markOrderPaid and online payments make
 * one too). `allocations: []` keeps it all as credit on account (a prepaid order paid before its
 * invoice); left out, it pays the oldest open invoices first.
 */
export type PaymentRequest = RecordPaymentRequest;

const busy = 'This customer\'s account is being changed right now. Please try again in a moment.';

/** What a payment did: the invoices it paid (with the credit on account applied with it), that credit, and what it left as credit. */
function paymentEffect(before: Account, after: Account, paymentId: string): Omit<PaymentResult, 'paymentId'> {
  const allocations = changedInvoices(before, after).map((invoiceNumber) => ({
    invoiceNumber,
    amount: invoicePaid(after.invoices.get(invoiceNumber)!) - invoicePaid(before.invoices.get(invoiceNumber)!),
  }));
  const { held } = paymentApplication(after, paymentId);
  const lot = after.lots.get(paymentId)!;
  const allocated = allocations.reduce((sum, entry) => sum + entry.amount, 0);
  return { allocations, creditApplied: allocated - (lot.amount - held), unallocated: held };
}

/** The ledger entry of a payment. */
function paymentEntry(paymentId: string, request: PaymentRequest): LedgerWrite {
  const method = PAYMENT_RECORD_METHOD_LABELS[request.method].toLowerCase();
  return { kind: 'payment', reference: paymentId, description: `Payment by ${method}${request.reference ? ` (${request.reference})` : ''}`, amount: -request.amount, allocations: request.allocations ?? null };
}

/** Writes `payments/{paymentId}` as its ledger entry applied, and queues the company's receipt. */
function createPayment(transaction: Transaction, paymentId: string, request: PaymentRequest, effect: Omit<PaymentResult, 'paymentId'>, recordedBy: string, now: number, company: DocumentSnapshot): void {
  transaction.create(db.doc(`payments/${paymentId}`), {
    companyId: request.companyId,
    requestId: request.requestId,
    amount: request.amount,
    receivedOn: Timestamp.fromMillis(request.receivedOn),
    method: request.method,
    reference: request.reference,
    ...effect,
    recordedBy,
    recordedAt: Timestamp.fromMillis(now),
    reversed: false,
    reversal: null,
  });
  queueWebhookEvent(transaction, 'payment.recorded', { paymentId, companyId: request.companyId, amount: request.amount, method: request.method, allocations: effect.allocations });
  const to = mailRecipientsOf('receipt', company);
  if (to.length) queueMail(transaction, { id: `${paymentId}-received`, to, template: 'paymentReceived', data: { paymentId } });
}

/**
 * Records a payment in `transaction`: the payment (its id derived from the company and the request
 * id, so a retry finds it and writes nothing), the ledger entry with every figure it implies (what
 * it pays of each invoice, oldest first unless named, with the company's credit on account used
 * first), the receipt and the audit entry. Refused whole when it cannot apply. `account`: the
 * company's account as the caller already read it.
 */
export async function recordPaymentIn(
  transaction: Transaction,
  staff: Staff,
  request: PaymentRequest,
  account?: CompanyAccount,
  ledgerOptions: Pick<LedgerOptions, 'invoiceFields' | 'invoicesRead'> = {},
): Promise<PaymentResult> {
  const paymentRef = db.doc(`payments/${requestDocumentId('PAY', request.companyId, request.requestId)}`);
  const [existing, now] = await Promise.all([transaction.get(paymentRef), shopNow()]);
  if (existing.exists) {
    const payment = paymentFromData(existing.id, existing.data()!);
    return { paymentId: payment.id, allocations: payment.allocations, creditApplied: payment.creditApplied, unallocated: payment.unallocated };
  }
  const [company] = account ? [account.company] : await readWithoutLock([companyRef(request.companyId)]);
  if (!company!.exists) throw new HttpsError('not-found', `There is no company ${request.companyId}.`);
  const current = account ?? (await readCompanyAccount(company!));
  const method = PAYMENT_RECORD_METHOD_LABELS[request.method].toLowerCase();
  const ledger = await prepareLedger(transaction, current, [paymentEntry(paymentRef.id, request)], now, { keepCredit: request.keepCredit, ...ledgerOptions });
  const effect = paymentEffect(current.account, ledger.account, paymentRef.id);
  ledger.write();
  createPayment(transaction, paymentRef.id, request, effect, staff.uid, now, company!);
  appendAudit(transaction, staff, {
    action: 'payment.record',
    target: `companies/${request.companyId}`,
    summary: `${String(company!.get('name') ?? request.companyId)}: payment of ${formatMoney(request.amount)} by ${method} recorded (${paymentRef.id})`,
    changes: effect.allocations.map((entry) => ({ field: entry.invoiceNumber, from: null, to: entry.amount })),
  });
  return { paymentId: paymentRef.id, ...effect };
}

/** Staff record a payment received from a company (see recordPaymentInputSchema). */
export const recordPayment = onCall(callableOptions(CONTENDED_CALL_OPTIONS), async (request): Promise<PaymentResult> => {
  const staff = await requireStaff(request, 'payments.record');
  const input = parseInput(recordPaymentInputSchema, request.data);
  // Staff name the invoices or let the payment pay the oldest first; they keep credit with keepCredit.
  const allocations = input.allocations?.length ? input.allocations : undefined;
  return runContendedTransaction((transaction) => recordPaymentIn(transaction, staff, { ...input, allocations }), busy);
});

/**
 * Reverses a payment (a bounced check, a payment recorded for the wrong company) with a new
 * ledger entry and the reason. The ledger takes its money out whole: every invoice it paid,
 * directly or through credit on account spent since, opens again by exactly that, and what it
 * still held as credit is gone. A payment already reversed is left as it is.
 */
export const reversePayment = onCall(callableOptions(CONTENDED_CALL_OPTIONS), async (request) => {
  const staff = await requireStaff(request, 'payments.record');
  const { paymentId, reason } = parseInput(reversePaymentInputSchema, request.data);
  return runContendedTransaction(async (transaction) => {
    const stored = await transaction.get(db.doc(`payments/${paymentId}`));
    if (!stored.exists) throw new HttpsError('not-found', `There is no payment ${paymentId}.`);
    await reversePaymentIn(transaction, staff, stored, reason);
    return { paymentId };
  }, busy);
});

/**
 * Reverses a stored payment in `transaction` (nothing when it is reversed already) and, with
 * `remainder`, records that part of it again as a new payment to the invoices it paid, in one
 * ledger write: a partial refund of an online payment. Answers the new payment's id, if any.
 */
export async function reversePaymentIn(
  transaction: Transaction,
  staff: Staff,
  stored: DocumentSnapshot,
  reason: string,
  remainder?: { requestId: string; amount: number },
): Promise<string | null> {
  const payment = paymentFromData(stored.id, stored.data()!);
  if (payment.reversed) return null;
  const [[company], now] = await Promise.all([readWithoutLock([companyRef(payment.companyId)]), shopNow()]);
  if (!company!.exists) throw new HttpsError('failed-precondition', `Payment ${payment.id} belongs to company ${payment.companyId}, which no longer exists.`);
  const current = await readCompanyAccount(company!);
  const again: PaymentRequest | null = remainder && remainder.amount > 0
    ? {
        companyId: payment.companyId,
        requestId: remainder.requestId,
        amount: remainder.amount,
        receivedOn: payment.receivedOn,
        method: payment.method,
        reference: payment.reference,
        // What the reversal opens again, in the order the payment paid it.
        allocations: capAllocations(payment.allocations, remainder.amount),
        keepCredit: true,
      }
    : null;
  const againId = again ? requestDocumentId('PAY', again.companyId, again.requestId) : null;
  const ledger = await prepareLedger(
    transaction,
    current,
    [
      { kind: 'payment-reversal', reference: payment.id, description: `Payment ${payment.id} of ${formatMoney(payment.amount)} reversed: ${reason}`, amount: payment.amount },
      ...(again && againId ? [paymentEntry(againId, again)] : []),
    ],
    now,
    { keepCredit: true },
  );
  ledger.write();
  transaction.update(stored.ref, { reversed: true, reversal: { reason, by: staff.uid, at: Timestamp.fromMillis(now) } });
  if (again && againId) createPayment(transaction, againId, again, paymentEffect(current.account, ledger.account, againId), staff.uid, now, company!);
  appendAudit(transaction, staff, {
    action: 'payment.reverse',
    target: `companies/${payment.companyId}`,
    summary: `${String(company!.get('name') ?? payment.companyId)}: payment ${payment.id} of ${formatMoney(payment.amount)} reversed (${reason})${again && againId ? `; ${formatMoney(again.amount)} of it recorded again as ${againId}` : ''}`,
    changes: [{ field: 'reversed', from: false, to: true }],
  });
  return againId;
}

/** `allocations` in their order, up to `amount` in all. */
function capAllocations(allocations: readonly PaymentAllocation[], amount: number): PaymentAllocation[] {
  let left = amount;
  return allocations.flatMap((allocation) => {
    const paid = Math.min(left, allocation.amount);
    left -= paid;
    return paid > 0 ? [{ invoiceNumber: allocation.invoiceNumber, amount: paid }] : [];
  });
}

/**
 * The order's invoices paid in full (the one named, or every open one: an order shipped in parts
 * has one per shipment), once per request id (the page makes one per click, so a retried call
 * records nothing twice and a new click after a reversal pays again): the company's credit on
 * account is used first and a payment of the rest is recorded like recordPayment's. Answers the
 * order's payment status as the ledger then has it. An order without an invoice yet is refused:
 * the invoice is issued when it ships, and money received before is recorded on the customer's
 * account as credit, which pays it then.
 */
export const markOrderPaid = onCall(callableOptions(CONTENDED_CALL_OPTIONS), async (request) => {
  const staff = await requireStaff(request, 'payments.record');
  const { orderId, requestId, invoiceNumber: named } = parseInput(markOrderPaidInputSchema, request.data);
  return runContendedTransaction(async (transaction) => {
    const order = await transaction.get(db.doc(`orders/${orderId}`));
    if (!order.exists) throw new HttpsError('not-found', `There is no order ${orderId}.`);
    const numbers = storedInvoiceNumbers(order.data()!);
    const companyId: unknown = order.get('companyId');
    if (!numbers.length || typeof companyId !== 'string' || !companyId) {
      throw new HttpsError('failed-precondition', `Order ${orderId} has no invoice yet: it is issued when the order ships. Record money received before that on the customer's account, as credit: it pays the invoice when the order ships.`);
    }
    if (named && !numbers.includes(named)) throw new HttpsError('not-found', `Order ${orderId} has no invoice ${named}.`);
    const paymentId = requestDocumentId('PAY', companyId, requestId);
    const [[company], now] = await Promise.all([readWithoutLock([companyRef(companyId)]), shopNow()]);
    if (!company!.exists) throw new HttpsError('failed-precondition', `Order ${orderId} belongs to company ${companyId}, which no longer exists.`);
    const current = await readCompanyAccount(company!);
    const missing = numbers.find((number) => !current.account.invoices.has(number));
    if (missing) throw new HttpsError('failed-precondition', `Invoice ${missing} of order ${orderId} is not on company ${companyId}'s account.`);
    const answer = (account: Account) => ({ orderId, invoiceNumbers: named ? [named] : numbers, paymentStatus: orderPaymentStatus(sumInvoiceFigures(numbers.map((number) => invoiceFigures(account.invoices.get(number)!)))) });
    // The same request again: what it did the first time.
    const earlier = current.entries.find((entry) => entry.reference === paymentId);
    if (earlier) return { ...answer(current.account), paymentId: earlier.kind === 'payment' ? paymentId : null };
    const allocations = (named ? [named] : numbers)
      .map((invoiceNumber) => ({ invoiceNumber, amount: invoiceOpenAmount(invoiceFigures(current.account.invoices.get(invoiceNumber)!)) }))
      .filter((allocation) => allocation.amount > 0);
    const open = allocations.reduce((sum, allocation) => sum + allocation.amount, 0);
    const which = named ? `Invoice ${named}` : numbers.length > 1 ? `The invoices ${numbers.join(', ')}` : `Invoice ${numbers[0]}`;
    if (!open) throw new HttpsError('failed-precondition', `${which} of order ${orderId} ${named || numbers.length === 1 ? 'has' : 'have'} nothing open: already paid. Nothing was recorded.`);
    const fromCredit = Math.min(accountCredit(current.account), open);
    // An invoice of the order not named here that is still open leaves the order unpaid.
    const othersOpen = numbers.some((number) => !allocations.some((allocation) => allocation.invoiceNumber === number) && invoiceOpenAmount(invoiceFigures(current.account.invoices.get(number)!)) > 0);
    if (fromCredit < open) {
      await recordPaymentIn(transaction, staff, { companyId, requestId, amount: open - fromCredit, receivedOn: now, method: 'other', reference: `Order ${orderId}`, allocations, keepCredit: false }, current);
      return { orderId, invoiceNumbers: allocations.map((allocation) => allocation.invoiceNumber), paymentStatus: othersOpen ? 'unpaid' : 'paid', paymentId };
    }
    const paid = allocations.map((allocation) => allocation.invoiceNumber).join(', ');
    const ledger = await prepareLedger(transaction, current, [{ kind: 'credit-applied', reference: paymentId, description: `Credit on account applied to ${paid}`, amount: 0, allocations, orderId }], now);
    ledger.write();
    appendAudit(transaction, staff, {
      action: 'payment.record',
      target: `companies/${companyId}`,
      summary: `${String(company!.get('name') ?? companyId)}: ${formatMoney(open)} of credit on account applied to ${paid} (order ${orderId})`,
      changes: allocations.map((allocation) => ({ field: allocation.invoiceNumber, from: null, to: allocation.amount })),
    });
    return { ...answer(ledger.account), paymentId: null };
  }, busy);
});
