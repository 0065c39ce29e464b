/**
 * Credit notes: credits against an issued invoice, for returned goods (restocked if asked) or an
 * allowance. Numbered from their own gapless sequence; the invoice itself is never changed but
 * for the amount credited.
 */
import { FieldValue, Timestamp, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import { HttpsError, onCall } from 'firebase-functions/v2/https';
import {
  formatCreditNoteNumber,
  storedInvoiceNumbers,
  formatMoney,
  invoiceFromData,
  invoiceOpenAmount,
  invoiceStatus,
  returnCreditAmount,
  invoiceUncredited,
  issueCreditNoteInputSchema,
  isRecord,
  storedNumber,
  storedText,
  type CreditNote,
  type InvoiceLine,
} from '@harbor/domain';
import { db } from './admin';
import { appendAudit } from './audit';
import { queueWebhookEvent } from './integrations/webhooks';
import { callableOptions, parseInput, staffFrom, staffProfileRef } from './callable';
import { shopNow } from './clock';
import { companyRef, mailRecipientsOf } from './companies';
import { invoiceRef, nextInSequence } from './invoices';
import { prepareLedger, readCompanyAccount, type LedgerWrite } from './ledger';
import { queueMail } from './mail/outbox';
import { CONTENDED_CALL_OPTIONS, readWithoutLock, runContendedTransaction, updateIfUnchanged } from './transactions';

export const creditNoteCounterRef = () => db.doc('counters/creditNotes');

/** Returned lines at the invoice's prices; refused beyond what was invoiced less what came back before. */
function returnedLines(invoiceLines: InvoiceLine[], returnedBefore: Record<string, number>, requested: readonly { productId: string; quantity: number }[]): InvoiceLine[] {
  const wanted = new Map<string, number>();
  for (const { productId, quantity } of requested) wanted.set(productId, (wanted.get(productId) ?? 0) + quantity);
  return [...wanted].map(([productId, quantity]) => {
    const line = invoiceLines.find((candidate) => candidate.productId === productId);
    if (!line) throw new HttpsError('invalid-argument', `Product ${productId} is not on this invoice.`);
    const left = line.quantity - (returnedBefore[productId] ?? 0);
    if (quantity > left) throw new HttpsError('failed-precondition', `Only ${left} of ${line.name} (${line.sku}) can still be returned on this invoice.`);
    return { ...line, quantity, lineTotal: line.unitPrice * quantity };
  });
}

/** One credit note to issue: returned units of the invoice (at its prices and tax rate) or an allowance. */
export interface CreditNoteRequest {
  /** The invoice, read in the transaction. */
  invoice: DocumentSnapshot;
  requestId: string;
  returned: readonly { productId: string; quantity: number }[];
  /** An allowance without goods, when nothing is returned. */
  allowance?: number;
  reason: string;
  restocked: boolean;
  restockingFeeBasisPoints?: number;
  /** The return whose receipt issues it. */
  returnNumber?: string;
}

export interface PreparedCreditNotes {
  notes: CreditNote[];
  /** Writes the notes, the counter, the ledger (or the invoices of a company-less order) and the e-mails; after the transaction's last read. */
  write(): void;
}

/**
 * Credit notes against invoices of one company, numbered in turn from the gapless sequence: each
 * refused (the whole call) beyond what its invoice has not had credited or returned. Reads the
 * ledger, so call it before the transaction's first write. `company` and `counter` are read by the
 * caller; e-mails go to the order's buyer and the company's payers.
 */
export async function prepareCreditNotes(
  transaction: Transaction,
  { company, counter, buyerEmail, issuedBy, now }: { company: DocumentSnapshot | null; counter: DocumentSnapshot; buyerEmail: unknown; issuedBy: string; now: number },
  requests: readonly CreditNoteRequest[],
): Promise<PreparedCreditNotes> {
  const first = nextInSequence(counter);
  const notes: CreditNote[] = [];
  const invoiceFields: Record<string, Record<string, unknown>> = {};
  const ledgerEntries: LedgerWrite[] = [];
  const unledgered: { ref: DocumentSnapshot['ref']; fields: Record<string, unknown> }[] = [];
  requests.forEach((request, index) => {
    const invoice = invoiceFromData(request.invoice.id, request.invoice.data()!);
    const returnedBefore = (isRecord(request.invoice.get('returned')) ? request.invoice.get('returned') : {}) as Record<string, number>;
    const lines = request.returned.length ? returnedLines(invoice.lines, returnedBefore, request.returned) : [];
    const goods = lines.reduce((sum, line) => sum + line.lineTotal, 0);
    const credit = lines.length ? returnCreditAmount(goods, invoice.taxRateBasisPoints, request.restockingFeeBasisPoints ?? 0) : { fee: 0, amount: request.allowance! };
    const uncredited = invoiceUncredited(invoice);
    if (credit.amount > uncredited) {
      throw new HttpsError('failed-precondition', `A credit of ${formatMoney(credit.amount)} is more than the ${formatMoney(uncredited)} of invoice ${invoice.number} not yet credited.`);
    }
    const sequence = first + index;
    const number = formatCreditNoteNumber(sequence);
    const returned = { ...returnedBefore, ...Object.fromEntries(lines.map((line) => [line.productId, (returnedBefore[line.productId] ?? 0) + line.quantity])) };
    invoiceFields[invoice.number] = { creditNotes: FieldValue.arrayUnion(number), returned };
    ledgerEntries.push({ kind: 'credit-note', reference: number, description: `Credit note ${number} on invoice ${invoice.number}: ${request.reason}`, amount: -credit.amount, invoiceNumber: invoice.number, orderId: invoice.orderId });
    const amountCredited = invoice.amountCredited + credit.amount;
    unledgered.push({ ref: request.invoice.ref, fields: { ...invoiceFields[invoice.number], amountCredited, status: invoiceStatus({ ...invoice, amountCredited }, now), updatedAt: FieldValue.serverTimestamp() } });
    notes.push({
      number,
      sequence,
      invoiceNumber: invoice.number,
      orderId: invoice.orderId,
      companyId: invoice.companyId,
      userId: invoice.userId,
      buyer: invoice.buyer,
      currency: invoice.currency,
      lines,
      restocked: request.restocked && lines.length > 0,
      amount: credit.amount,
      reason: request.reason,
      issuedAt: now,
      issuedBy,
      appliedToInvoice: Math.min(credit.amount, invoiceOpenAmount(invoice)),
      restockingFee: credit.fee,
      returnNumber: request.returnNumber ?? '',
    });
  });
  // The ledger credits each invoice (a payment it displaces holds its money again as credit on
  // account), its order's payment status and the company's figures; orders from before company
  // accounts have no ledger and are credited here alone.
  const ledger = company?.exists
    ? await prepareLedger(transaction, await readCompanyAccount(company), ledgerEntries, now, { invoiceFields, invoicesRead: requests.map((request) => request.invoice) })
    : null;
  return {
    notes,
    write() {
      transaction.set(counter.ref, { next: first + notes.length, updatedAt: FieldValue.serverTimestamp() });
      notes.forEach((note, index) => transaction.create(db.doc(`creditNotes/${note.number}`), { ...note, requestId: requests[index]!.requestId, issuedAt: Timestamp.fromMillis(now) }));
      for (const note of notes) queueWebhookEvent(transaction, 'credit_note.issued', { creditNoteNumber: note.number, invoiceNumber: note.invoiceNumber, orderId: note.orderId, companyId: note.companyId, amount: note.amount });
      if (ledger) ledger.write();
      else for (const { ref, fields } of unledgered) transaction.update(ref, fields);
      const to = mailRecipientsOf('credit-note', company, buyerEmail);
      if (to.length) for (const note of notes) queueMail(transaction, { id: `${note.number}-issued`, to, template: 'creditNoteIssued', data: { creditNoteNumber: note.number } });
    },
  };
}

/** Staff issue a credit note against an order's invoice (see issueCreditNoteInputSchema). */
export const issueCreditNote = onCall(callableOptions(CONTENDED_CALL_OPTIONS), async (request) => {
  const profileRef = staffProfileRef(request);
  const input = parseInput(issueCreditNoteInputSchema, request.data);
  return runContendedTransaction(async (transaction) => {
    // The caller's role and the order in one request; nothing is told of the order before the role is checked.
    const [profile, order] = (await transaction.getAll(profileRef, db.doc(`orders/${input.orderId}`))) as [DocumentSnapshot, DocumentSnapshot];
    const staff = staffFrom(profile, 'payments.record');
    if (!order.exists) throw new HttpsError('not-found', `There is no order ${input.orderId}.`);
    const numbers = storedInvoiceNumbers(order.data()!);
    if (!numbers.length) throw new HttpsError('failed-precondition', `Order ${input.orderId} has no invoice: invoices are issued when an order ships, and an order cancelled before that needs no credit note.`);
    if (input.invoiceNumber && !numbers.includes(input.invoiceNumber)) throw new HttpsError('not-found', `Order ${input.orderId} has no invoice ${input.invoiceNumber}.`);
    if (!input.invoiceNumber && numbers.length > 1) {
      throw new HttpsError('invalid-argument', `Order ${input.orderId} was invoiced per shipment (${numbers.join(', ')}): say which invoice to credit.`);
    }
    const invoiceNumber = input.invoiceNumber ?? numbers[0]!;
    // Everything else the note needs in one round: its invoice (issued from this order, for the
    // order's company), a note this request already issued, the counter, the shop's time, and,
    // without a lock, the company and the products a return may restock.
    const companyId = storedText(order.get('companyId'));
    const returning = input.restock ? [...new Set((input.lines ?? []).map((line) => line.productId))] : [];
    const [stored, repeated, counter, now, [company, ...products]] = await Promise.all([
      transaction.get(invoiceRef(invoiceNumber)),
      transaction.get(db.collection('creditNotes').where('orderId', '==', input.orderId).where('requestId', '==', input.requestId).limit(1)),
      transaction.get(creditNoteCounterRef()),
      shopNow(),
      readWithoutLock([companyRef(companyId || '-'), ...returning.map((productId) => db.doc(`products/${productId}`))]),
    ]);
    if (!repeated.empty) {
      const note = repeated.docs[0]!;
      return { number: note.id, amount: storedNumber(note.get('amount')) };
    }
    if (!stored.exists) throw new HttpsError('failed-precondition', `Invoice ${invoiceNumber} of order ${input.orderId} is missing.`);
    const prepared = await prepareCreditNotes(transaction, { company: company!, counter, buyerEmail: order.get('userEmail'), issuedBy: staff.uid, now }, [
      { invoice: stored, requestId: input.requestId, returned: input.lines ?? [], ...(input.amount !== undefined ? { allowance: input.amount } : {}), reason: input.reason, restocked: input.restock },
    ]);
    const note = prepared.notes[0]!;
    prepared.write();
    for (const product of products) {
      const line = note.lines.find((candidate) => candidate.productId === product!.id)!;
      if (product!.exists) updateIfUnchanged(transaction, product!, { stock: FieldValue.increment(line.quantity), updatedAt: FieldValue.serverTimestamp() });
    }
    appendAudit(transaction, staff, {
      action: 'creditNote.issue',
      target: `orders/${input.orderId}`,
      summary: `Credit note ${note.number} of ${formatMoney(note.amount)} on invoice ${invoiceNumber}${note.restocked ? ', goods restocked' : ''}: ${input.reason}`,
      changes: [{ field: 'amountCredited', from: storedNumber(stored.get('amountCredited')), to: storedNumber(stored.get('amountCredited')) + note.amount }],
    });
    return { number: note.number, amount: note.amount };
  }, 'This order is being changed right now. Please try again in a moment.');
});
