/**
 * Payments received from companies: recorded against their open invoices (oldest first unless
 * allocated), reversed by a new entry, never edited. Each write, with the invoices, the company's
 * balances and its ledger, happens in one transaction.
 */
import { FieldValue, Timestamp, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import { HttpsError, onCall } from 'firebase-functions/v2/https';
import {
  allocatePayment,
  formatInvoiceNumber,
  formatMoney,
  invoiceFromData,
  invoiceOpenAmount,
  invoiceStatus,
  markOrderPaidInputSchema,
  paymentFromData,
  PAYMENT_RECORD_METHOD_LABELS,
  recordPaymentInputSchema,
  reversePaymentInputSchema,
  storedNumber,
  type Invoice,
  type PaymentAllocation,
  type RecordPaymentRequest,
} from '@harbor/domain';
import { db } from './admin';
import { appendAudit } from './audit';
import { callableOptions, parseInput, requireStaff, type Staff } from './callable';
import { shopNow } from './clock';
import { companyRef, ownerEmailOf } from './companies';
import { queueMail } from './mail/outbox';
import { invoiceRef } from './invoices';
import { appendLedger } from './ledger';
import { requestDocumentId } from './requestIds';
import { CONTENDED_CALL_OPTIONS, runContendedTransaction } from './transactions';

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

/** A payment to record, as recordPayment's input reads it (markOrderPaid makes one too). */
type PaymentRequest = RecordPaymentRequest;

const busy = 'This customer\'s account is being changed right now. Please try again in a moment.';

/** Sets an invoice's paid amount and its status, and its order's payment status with it. */
function writeInvoicePaid(transaction: Transaction, invoice: Invoice, amountPaid: number, now: number): void {
  const status = invoiceStatus({ ...invoice, amountPaid }, now);
  transaction.update(invoiceRef(invoice.number), { amountPaid, status, updatedAt: FieldValue.serverTimestamp() });
  if (invoice.orderId) transaction.update(db.doc(`orders/${invoice.orderId}`), { paymentStatus: status === 'paid' ? 'paid' : 'unpaid', updatedAt: FieldValue.serverTimestamp() });
}

/**
 * Records a payment in `transaction`: the payment (its id derived from the company and the request
 * id, so a retry finds it and writes nothing), what it pays of each invoice, the company's open
 * balance, credit on account and ledger, and the audit entry. Refused whole when it cannot apply.
 */
async function recordPaymentIn(transaction: Transaction, staff: Staff, request: PaymentRequest): Promise<PaymentResult> {
  const paymentRef = db.doc(`payments/${requestDocumentId('PAY', request.companyId, request.requestId)}`);
  const [existing, company, openInvoices, now] = await Promise.all([transaction.get(paymentRef), transaction.get(companyRef(request.companyId)), transaction.get(openInvoicesQuery(request.companyId)), shopNow()]);
  if (existing.exists) {
    const payment = paymentFromData(existing.id, existing.data()!);
    return { paymentId: payment.id, allocations: payment.allocations, creditApplied: payment.creditApplied, unallocated: payment.unallocated };
  }
  if (!company.exists) throw new HttpsError('not-found', `There is no company ${request.companyId}.`);
  const invoices = openInvoices.docs.map((snapshot) => invoiceFromData(snapshot.id, snapshot.data()));
  const credit = storedNumber(company.get('unallocatedCredit'));
  const allocation = allocatePayment(invoices, { amount: request.amount, credit, requested: request.allocations, keepCredit: request.keepCredit }, formatMoney);
  if (!allocation.ok) throw new HttpsError('failed-precondition', allocation.problem);
  const { allocations, creditApplied, unallocated } = allocation;
  const byNumber = new Map(invoices.map((invoice) => [invoice.number, invoice]));
  for (const { invoiceNumber, amount } of allocations) {
    const invoice = byNumber.get(invoiceNumber)!;
    writeInvoicePaid(transaction, invoice, invoice.amountPaid + amount, now);
  }
  const allocated = allocations.reduce((sum, entry) => sum + entry.amount, 0);
  const method = PAYMENT_RECORD_METHOD_LABELS[request.method].toLowerCase();
  const balance = appendLedger(transaction, company, now, [
    {
      kind: 'payment',
      reference: paymentRef.id,
      description: `Payment by ${method}${request.reference ? ` (${request.reference})` : ''}${allocations.length ? `: ${allocations.map((entry) => entry.invoiceNumber).join(', ')}` : ''}${unallocated ? `, ${formatMoney(unallocated)} kept as credit` : ''}`,
      amount: -request.amount,
    },
  ]);
  transaction.update(company.ref, {
    ledgerBalance: balance,
    openBalance: FieldValue.increment(-allocated),
    unallocatedCredit: credit - creditApplied + unallocated,
    updatedAt: FieldValue.serverTimestamp(),
  });
  transaction.create(paymentRef, {
    companyId: request.companyId,
    requestId: request.requestId,
    amount: request.amount,
    receivedOn: Timestamp.fromMillis(request.receivedOn),
    method: request.method,
    reference: request.reference,
    allocations,
    creditApplied,
    unallocated,
    recordedBy: staff.uid,
    recordedAt: Timestamp.fromMillis(now),
    reversed: false,
    reversal: null,
  });
  const ownerEmail = ownerEmailOf(company);
  if (ownerEmail) queueMail(transaction, { id: `${paymentRef.id}-received`, to: [ownerEmail], template: 'paymentReceived', data: { paymentId: paymentRef.id } });
  appendAudit(transaction, staff, {
    action: 'payment.record',
    target: `companies/${request.companyId}`,
    summary: `${String(company.get('name') ?? request.companyId)}: payment of ${formatMoney(request.amount)} by ${method} recorded (${paymentRef.id})`,
    changes: allocations.map((entry) => ({ field: entry.invoiceNumber, from: null, to: entry.amount })),
  });
  return { paymentId: paymentRef.id, allocations, creditApplied, unallocated };
}

/** Staff record a payment received from a company (see recordPaymentInputSchema). */
export const recordPayment = onCall(callableOptions(CONTENDED_CALL_OPTIONS), async (request): Promise<PaymentResult> => {
  const staff = await requireStaff(request, 'payments.record');
  const input = parseInput(recordPaymentInputSchema, request.data);
  return runContendedTransaction((transaction) => recordPaymentIn(transaction, staff, input), busy);
});

/**
 * Reverses a payment (a bounced check, a payment recorded for the wrong company) with a new
 * ledger entry and the reason: the invoices it paid open again and its credit is taken back.
 * A payment already reversed is left as it is.
 */
export const reversePayment = onCall(callableOptions(CONTENDED_CALL_OPTIONS), async (request) => {
  const staff = await requireStaff(request, 'payments.record');
  const { paymentId, reason } = parseInput(reversePaymentInputSchema, request.data);
  return runContendedTransaction(async (transaction) => {
    const stored = await transaction.get(db.doc(`payments/${paymentId}`));
    if (!stored.exists) throw new HttpsError('not-found', `There is no payment ${paymentId}.`);
    const payment = paymentFromData(stored.id, stored.data()!);
    if (payment.reversed) return { paymentId };
    const [company, now, ...invoiceSnapshots] = await Promise.all([
      transaction.get(companyRef(payment.companyId)),
      shopNow(),
      ...payment.allocations.map((entry) => transaction.get(invoiceRef(entry.invoiceNumber))),
    ]) as [DocumentSnapshot, number, ...DocumentSnapshot[]];
    const credit = storedNumber(company.get('unallocatedCredit'));
    if (payment.unallocated > credit) {
      throw new HttpsError('failed-precondition', `Payment ${paymentId} left ${formatMoney(payment.unallocated)} as credit, of which ${formatMoney(payment.unallocated - credit)} has since paid invoices. Record a charge back on those first.`);
    }
    payment.allocations.forEach((entry, index) => {
      const invoice = invoiceFromData(entry.invoiceNumber, invoiceSnapshots[index]!.data() ?? {});
      writeInvoicePaid(transaction, invoice, Math.max(0, invoice.amountPaid - entry.amount), now);
    });
    const allocated = payment.allocations.reduce((sum, entry) => sum + entry.amount, 0);
    const balance = appendLedger(transaction, company, now, [
      { kind: 'payment-reversal', reference: paymentId, description: `Payment ${paymentId} of ${formatMoney(payment.amount)} reversed: ${reason}`, amount: payment.amount },
    ]);
    transaction.update(company.ref, {
      ledgerBalance: balance,
      openBalance: FieldValue.increment(allocated),
      unallocatedCredit: credit - payment.unallocated + payment.creditApplied,
      updatedAt: FieldValue.serverTimestamp(),
    });
    transaction.update(stored.ref, { reversed: true, reversal: { reason, by: staff.uid, at: Timestamp.fromMillis(now) } });
    appendAudit(transaction, staff, {
      action: 'payment.reverse',
      target: `companies/${payment.companyId}`,
      summary: `${String(company.get('name') ?? payment.companyId)}: payment ${paymentId} of ${formatMoney(payment.amount)} reversed (${reason})`,
      changes: [{ field: 'reversed', from: false, to: true }],
    });
    return { paymentId };
  }, busy);
});

/**
 * The order's invoice paid in full: a payment of its open amount, recorded like recordPayment's.
 * An order without an invoice yet is refused: the invoice is issued when it ships, and money
 * received before is recorded on the customer's account as credit, which pays it then.
 */
export const markOrderPaid = onCall(callableOptions(CONTENDED_CALL_OPTIONS), async (request) => {
  const staff = await requireStaff(request, 'payments.record');
  const { orderId } = parseInput(markOrderPaidInputSchema, request.data);
  await runContendedTransaction(async (transaction) => {
    const order = await transaction.get(db.doc(`orders/${orderId}`));
    if (!order.exists) throw new HttpsError('not-found', `There is no order ${orderId}.`);
    const sequence: unknown = order.get('invoiceNumber');
    const companyId: unknown = order.get('companyId');
    if (typeof sequence !== 'number' || typeof companyId !== 'string' || !companyId) {
      throw new HttpsError('failed-precondition', `Order ${orderId} has no invoice yet: it is issued when the order ships. Record money received before that on the customer's account, as credit: it pays the invoice when the order ships.`);
    }
    const number = formatInvoiceNumber(sequence);
    const invoice = await transaction.get(invoiceRef(number));
    const open = invoice.exists ? invoiceOpenAmount(invoiceFromData(number, invoice.data()!)) : 0;
    if (!open) return;
    await recordPaymentIn(transaction, staff, { companyId, requestId: `order-paid-${orderId}-${Number(invoice.get('amountPaid') ?? 0)}`, amount: open, receivedOn: await shopNow(), method: 'other', reference: `Order ${orderId}`, allocations: [{ invoiceNumber: number, amount: open }], keepCredit: false });
  }, busy);
  return { orderId, paymentStatus: 'paid' };
});
