import { FieldValue, Timestamp, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import { billingContact, companyFromData, formatInvoiceNumber, invoiceDueAt, invoiceFigures, invoiceStatus, orderFromData, orderPaymentFields, type Invoice, type ShipmentCharge } from '@harbor/domain';
import { db } from './admin';
import { queueWebhookEvent } from './integrations/webhooks';
import { mailRecipientsOf } from './companies';
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
 * Prepares the invoice of one shipment of an order, in the shipping transaction, before its first
 * write: the counter and the company are read without a lock (written only if unchanged since: a
 * locked read of the counter would let every shipment of a busy moment hold it at once and wait on
 * each other's commits), then the company's ledger. `issue` then writes the next number of the
 * gapless sequence (two shipments never share a number and none is skipped), `invoices/{number}`
 * with exactly the shipment's lines and amounts, the number on the order, and the company's ledger
 * entry with the balances it implies: the company's credit on account pays it first, what the
 * order held of the credit limit for these units (`creditReleased`) moves to the open invoice, and
 * a bank-transfer order's amount now counts against the credit limit.
 */
export async function prepareInvoice(
  transaction: Transaction,
  order: DocumentSnapshot,
  shipment: { number: string; charge: ShipmentCharge; creditReleased: number },
): Promise<{ number: string; issue: () => Invoice }> {
  const placed = orderFromData(order.id, order.data()!);
  const { charge } = shipment;
  const hasCompany = placed.companyId !== '';
  const [[counter, company], now] = await Promise.all([readWithoutLock([invoiceCounterRef(), ...(hasCompany ? [db.doc(`companies/${placed.companyId}`)] : [])]), shopNow()]);
  const buyer = company?.exists ? companyFromData(company.id, company.data()!) : null;
  const sequence = nextInSequence(counter!);
  const number = formatInvoiceNumber(sequence);
  // Paid before anything was invoiced (orders marked paid before invoices were issued at
  // shipment): the payment arrives with the first invoice, and what it leaves over is kept as
  // credit on account, which pays the order's later invoices as they are issued.
  const paidBefore = placed.paymentStatus === 'paid' && placed.invoiceNumbers.length === 0 ? placed.total : 0;
  const ledger = buyer && company
    ? await prepareLedger(
        transaction,
        await readCompanyAccount(company),
        [
          { kind: 'invoice', reference: number, description: `Invoice ${number} for shipment ${shipment.number} of order ${placed.id}`, amount: charge.total, orderId: placed.id },
          ...(paidBefore ? [{ kind: 'payment' as const, reference: number, description: `Paid before invoice ${number} was issued`, amount: -paidBefore, orderId: placed.id }] : []),
        ],
        now,
        { keepCredit: true, openBalanceChange: -shipment.creditReleased },
      )
    : null;
  const amountPaid = ledger ? invoiceFigures(ledger.account.invoices.get(number)!).amountPaid : Math.min(paidBefore, charge.total);
  const dueAt = invoiceDueAt(placed.paymentMethod, now);
  const invoice: Invoice = {
    number,
    sequence,
    orderId: placed.id,
    shipmentNumber: shipment.number,
    companyId: placed.companyId,
    userId: placed.userId,
    // Addressed to whom the company pays its bills through, as its e-mail is (a buyer without a company: itself).
    buyer: { name: buyer?.name || placed.company, email: (buyer && billingContact(buyer)) || placed.userEmail, taxId: buyer?.taxId ?? '', billingAddress: buyer?.billingAddress ?? null },
    shippingAddress: placed.shippingAddress,
    poNumber: placed.poNumber,
    paymentMethod: placed.paymentMethod,
    currency: placed.currency,
    lines: charge.lines,
    subtotal: charge.subtotal,
    shipping: charge.shipping,
    tax: charge.tax,
    taxRateBasisPoints: placed.taxRateBasisPoints,
    taxRegion: placed.shippingAddress.region,
    taxExempt: buyer?.taxExempt === true && placed.taxRateBasisPoints === 0,
    taxCertificateId: buyer?.taxExempt ? buyer.taxCertificateId : '',
    total: charge.total,
    issuedAt: now,
    dueAt,
    amountPaid,
    amountCredited: 0,
    status: invoiceStatus({ total: charge.total, amountPaid, amountCredited: 0, dueAt }, now),
    creditNotes: [],
    paymentsProcessing: {},
  };
  return {
    number,
    issue: () => {
      const nextNumber = { next: sequence + 1, updatedAt: FieldValue.serverTimestamp() };
      if (counter!.exists) updateIfUnchanged(transaction, counter!, nextNumber);
      else transaction.create(counter!.ref, nextNumber);
      transaction.create(invoiceRef(number), { ...invoice, issuedAt: Timestamp.fromMillis(now), dueAt: Timestamp.fromMillis(dueAt), returned: {}, createdAt: FieldValue.serverTimestamp() });
      transaction.update(order.ref, {
        invoiceNumbers: FieldValue.arrayUnion(sequence),
        ...(placed.invoiceNumbers.length ? {} : { invoicedAt: Timestamp.fromMillis(now) }),
        // The ledger writes what is paid of the order's invoices; an order without a company has only this one to go by.
        ...(ledger ? {} : orderPaymentFields({ total: charge.total, amountPaid, amountCredited: 0 })),
      });
      ledger?.write();
      queueWebhookEvent(transaction, 'invoice.issued', { invoiceNumber: number, orderId: placed.id, companyId: placed.companyId, total: charge.total, amountPaid, dueAt: new Date(dueAt).toISOString() });
      // The buyer's copy is attached to its shipment e-mail; the others get their own.
      const to = mailRecipientsOf('invoice', company, placed.userEmail).filter((email) => email.toLowerCase() !== placed.userEmail.toLowerCase());
      if (to.length) queueMail(transaction, { id: `${number}-issued`, to, template: 'invoiceIssued', data: { invoiceNumber: number } });
      return invoice;
    },
  };
}
