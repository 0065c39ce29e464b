import { FieldValue, Timestamp, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import { billingContact, companyFromData, formatInvoiceNumber, invoiceDueAt, invoiceFigures, invoiceStatus, orderFromData, orderPaymentFields, type Invoice } from '@harbor/domain';
import { db } from './admin';
import { creditHeldBy, mailRecipientsOf } from './companies';
import { prepareLedger, readCompanyAccount } from './ledger';
import { queueMail } from './mail/outbox';
import { shopNow } from './clock';
import { readWithoutLock, updateIfUnchanged } from './transactions';

/** The next invoice number to give: `counters/invoices.next`. */
export const invoiceCounterRef = () => db.doc('counters/invoices');
export const invoiceRef = (number: string) => db.doc(`invoices/${number}`);

/** The next number of a gapless sequence kept in `counter.next`. */
export function nextInSequence(counter: DocumentSnapshot): number {
  const next: unknown = counter.get('next');
  return typeof next === 'number' && Number.isInteger(next) && next > 0 ? next : 1;
}

/**
 * Prepares the invoice of an order being shipped, in the shipping transaction, before its first
 * write: the counter and the company are read without a lock (written only if unchanged since: a
 * locked read of the counter would let every shipment of a busy moment hold it at once and wait on
 * each other's commits), then the company's ledger. `issue` then writes the next number of the
 * gapless sequence (two shipments never share a number and none is skipped), `invoices/{number}`
 * with the order's lines and amounts, the number on the order, and the company's ledger entry with
 * the balances it implies: the company's credit on account pays it first, and a bank-transfer
 * order's amount now counts against the credit limit (an invoice-terms order already did).
 */
export async function prepareInvoice(transaction: Transaction, order: DocumentSnapshot): Promise<{ issue: () => Invoice }> {
  const placed = orderFromData(order.id, order.data()!);
  const hasCompany = placed.companyId !== '';
  const [[counter, company], now] = await Promise.all([readWithoutLock([invoiceCounterRef(), ...(hasCompany ? [db.doc(`companies/${placed.companyId}`)] : [])]), shopNow()]);
  const buyer = company?.exists ? companyFromData(company.id, company.data()!) : null;
  const sequence = nextInSequence(counter!);
  const number = formatInvoiceNumber(sequence);
  // Paid before it was invoiced (orders marked paid before invoices were issued at shipment).
  const paidBefore = placed.paymentStatus === 'paid' ? placed.total : 0;
  const ledger = buyer && company
    ? await prepareLedger(
        transaction,
        await readCompanyAccount(company),
        [
          { kind: 'invoice', reference: number, description: `Invoice ${number} for order ${placed.id}`, amount: placed.total, orderId: placed.id },
          // The money paid for it before arrives with it: it pays what credit on account left open.
          ...(paidBefore ? [{ kind: 'payment' as const, reference: number, description: `Paid before invoice ${number} was issued`, amount: -paidBefore, orderId: placed.id }] : []),
        ],
        now,
        // Its order's amount moves from orders on credit to open invoices (an order paid before holds none).
        { keepCredit: true, openBalanceChange: -creditHeldBy(order) },
      )
    : null;
  const amountPaid = ledger ? invoiceFigures(ledger.account.invoices.get(number)!).amountPaid : paidBefore;
  const dueAt = invoiceDueAt(placed.paymentMethod, now);
  const invoice: Invoice = {
    number,
    sequence,
    orderId: placed.id,
    companyId: placed.companyId,
    userId: placed.userId,
    // Addressed to whom the company pays its bills through, as its e-mail is (a buyer without a company: itself).
    buyer: { name: buyer?.name || placed.company, email: (buyer && billingContact(buyer)) || placed.userEmail, taxId: buyer?.taxId ?? '', billingAddress: buyer?.billingAddress ?? null },
    shippingAddress: placed.shippingAddress,
    poNumber: placed.poNumber,
    paymentMethod: placed.paymentMethod,
    currency: placed.currency,
    lines: placed.items.map(({ productId, sku, name, unit, quantity, unitPrice, lineTotal }) => ({ productId, sku, name, unit, quantity, unitPrice, lineTotal })),
    subtotal: placed.subtotal,
    shipping: placed.shipping,
    tax: placed.tax,
    taxRateBasisPoints: placed.taxRateBasisPoints,
    taxRegion: placed.shippingAddress.region,
    taxExempt: buyer?.taxExempt === true && placed.taxRateBasisPoints === 0,
    taxCertificateId: buyer?.taxExempt ? buyer.taxCertificateId : '',
    total: placed.total,
    issuedAt: now,
    dueAt,
    amountPaid,
    amountCredited: 0,
    status: invoiceStatus({ total: placed.total, amountPaid, amountCredited: 0, dueAt }, now),
    creditNotes: [],
  };
  return {
    issue: () => {
      const nextNumber = { next: sequence + 1, updatedAt: FieldValue.serverTimestamp() };
      if (counter!.exists) updateIfUnchanged(transaction, counter!, nextNumber);
      else transaction.create(counter!.ref, nextNumber);
      transaction.create(invoiceRef(number), { ...invoice, issuedAt: Timestamp.fromMillis(now), dueAt: Timestamp.fromMillis(dueAt), returned: {}, createdAt: FieldValue.serverTimestamp() });
      // What credit on account (or money paid before) paid of it shows on the order at once.
      transaction.update(order.ref, { invoiceNumber: sequence, invoicedAt: Timestamp.fromMillis(now), ...orderPaymentFields({ total: placed.total, amountPaid, amountCredited: 0 }) });
      ledger?.write();
      // The buyer's copy is attached to its shipped e-mail (queueStatusMail); the others get their own.
      const to = mailRecipientsOf('invoice', company, placed.userEmail).filter((email) => email.toLowerCase() !== placed.userEmail.toLowerCase());
      if (to.length) queueMail(transaction, { id: `${number}-issued`, to, template: 'invoiceIssued', data: { invoiceNumber: number } });
      return invoice;
    },
  };
}
