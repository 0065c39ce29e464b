/**
 * Credit notes: credits against an issued invoice, for returned goods (restocked if asked) or an
 * allowance. Numbered from their own gapless sequence; the invoice itself is never changed but
 * for the amount credited.
 */
import { FieldValue, Timestamp, type DocumentSnapshot } from 'firebase-admin/firestore';
import { HttpsError, onCall } from 'firebase-functions/v2/https';
import {
  formatCreditNoteNumber,
  storedInvoiceNumbers,
  formatMoney,
  invoiceFromData,
  invoiceOpenAmount,
  invoiceStatus,
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
import { callableOptions, parseInput, staffFrom, staffProfileRef } from './callable';
import { shopNow } from './clock';
import { companyRef, mailRecipientsOf } from './companies';
import { invoiceRef, nextInSequence } from './invoices';
import { prepareLedger, readCompanyAccount } from './ledger';
import { queueMail } from './mail/outbox';
import { CONTENDED_CALL_OPTIONS, readWithoutLock, runContendedTransaction, updateIfUnchanged } from './transactions';

const counterRef = () => db.doc('counters/creditNotes');

/** Returned lines at the invoice's prices; refused beyond what was invoiced less what came back before. */
function returnedLines(invoiceLines: InvoiceLine[], returnedBefore: Record<string, number>, requested: { productId: string; quantity: number }[]): InvoiceLine[] {
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
      transaction.get(counterRef()),
      shopNow(),
      readWithoutLock([companyRef(companyId || '-'), ...returning.map((productId) => db.doc(`products/${productId}`))]),
    ]);
    if (!repeated.empty) {
      const note = repeated.docs[0]!;
      return { number: note.id, amount: storedNumber(note.get('amount')) };
    }
    if (!stored.exists) throw new HttpsError('failed-precondition', `Invoice ${invoiceNumber} of order ${input.orderId} is missing.`);
    const invoice = invoiceFromData(invoiceNumber, stored.data()!);
    const returnedBefore = (isRecord(stored.get('returned')) ? stored.get('returned') : {}) as Record<string, number>;
    const lines = input.lines?.length ? returnedLines(invoice.lines, returnedBefore, input.lines) : [];
    const goods = lines.reduce((sum, line) => sum + line.lineTotal, 0);
    const amount = lines.length ? goods + Math.round((goods * invoice.taxRateBasisPoints) / 10_000) : input.amount!;
    const uncredited = invoiceUncredited(invoice);
    if (amount > uncredited) {
      throw new HttpsError('failed-precondition', `A credit of ${formatMoney(amount)} is more than the ${formatMoney(uncredited)} of invoice ${invoiceNumber} not yet credited.`);
    }
    const restock = input.restock && lines.length > 0;
    const noteSequence = nextInSequence(counter);
    const number = formatCreditNoteNumber(noteSequence);
    const returned = { ...returnedBefore, ...Object.fromEntries(lines.map((line) => [line.productId, (returnedBefore[line.productId] ?? 0) + line.quantity])) };
    const invoiceFields = { creditNotes: FieldValue.arrayUnion(number), returned };
    // The ledger credits the invoice (a payment it displaces holds its money again as credit on
    // account), its order's payment status and the company's figures; orders from before company
    // accounts have no ledger and are credited here alone.
    const ledger = company!.exists
      ? await prepareLedger(
          transaction,
          await readCompanyAccount(company!),
          [{ kind: 'credit-note', reference: number, description: `Credit note ${number} on invoice ${invoiceNumber}: ${input.reason}`, amount: -amount, invoiceNumber, orderId: invoice.orderId }],
          now,
          { invoiceFields: { [invoiceNumber]: invoiceFields }, invoicesRead: [stored] },
        )
      : null;
    const appliedToInvoice = Math.min(amount, invoiceOpenAmount(invoice));
    const note: CreditNote = {
      number,
      sequence: noteSequence,
      invoiceNumber,
      orderId: invoice.orderId,
      companyId: invoice.companyId,
      userId: invoice.userId,
      buyer: invoice.buyer,
      currency: invoice.currency,
      lines,
      restocked: restock,
      amount,
      reason: input.reason,
      issuedAt: now,
      issuedBy: staff.uid,
      appliedToInvoice,
    };
    transaction.set(counter.ref, { next: noteSequence + 1, updatedAt: FieldValue.serverTimestamp() });
    transaction.create(db.doc(`creditNotes/${number}`), { ...note, requestId: input.requestId, issuedAt: Timestamp.fromMillis(now) });
    const amountCredited = invoice.amountCredited + amount;
    if (ledger) ledger.write();
    else transaction.update(stored.ref, { ...invoiceFields, amountCredited, status: invoiceStatus({ ...invoice, amountCredited }, now), updatedAt: FieldValue.serverTimestamp() });
    for (const product of products) {
      const line = lines.find((candidate) => candidate.productId === product!.id)!;
      if (product!.exists) updateIfUnchanged(transaction, product!, { stock: FieldValue.increment(line.quantity), updatedAt: FieldValue.serverTimestamp() });
    }
    const to = mailRecipientsOf('credit-note', company, order.get('userEmail'));
    if (to.length) queueMail(transaction, { id: `${number}-issued`, to, template: 'creditNoteIssued', data: { creditNoteNumber: number } });
    appendAudit(transaction, staff, {
      action: 'creditNote.issue',
      target: `orders/${input.orderId}`,
      summary: `Credit note ${number} of ${formatMoney(amount)} on invoice ${invoiceNumber}${restock ? ', goods restocked' : ''}: ${input.reason}`,
      changes: [{ field: 'amountCredited', from: invoice.amountCredited, to: amountCredited }],
    });
    return { number, amount };
  }, 'This order is being changed right now. Please try again in a moment.');
});
