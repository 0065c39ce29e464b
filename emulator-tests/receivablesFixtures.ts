/**
 * Invoices and credit notes stored as the receivables functions store them, for the tests of what
 * reads them (documents, e-mails) apart from the tests of issuing them.
 */
import { Timestamp } from 'firebase-admin/firestore';
import { formatCreditNoteNumber, formatInvoiceNumber, invoiceDueAt, orderFromData } from '@harbor/domain';
import { adminDb } from './harness';

const DAY_MS = 24 * 60 * 60 * 1000;

/** `invoices/{number}` for a placed order, as if it shipped `daysAgo` days ago, and the order's `invoiceNumber`. Returns the number. */
export async function storeInvoice(orderId: string, sequence: number, { daysAgo = 0, amountPaid = 0, fields = {} }: { daysAgo?: number; amountPaid?: number; fields?: Record<string, unknown> } = {}): Promise<string> {
  const order = orderFromData(orderId, (await adminDb.doc(`orders/${orderId}`).get()).data()!);
  const number = formatInvoiceNumber(sequence);
  const issuedAt = Date.now() - daysAgo * DAY_MS;
  await adminDb.doc(`invoices/${number}`).set({
    sequence,
    orderId,
    companyId: order.companyId,
    userId: order.userId,
    buyer: { name: order.company, email: order.userEmail, taxId: '', billingAddress: order.shippingAddress },
    shippingAddress: order.shippingAddress,
    poNumber: order.poNumber,
    paymentMethod: order.paymentMethod,
    currency: order.currency,
    lines: order.items.map(({ productId, sku, name, unit, quantity, unitPrice, lineTotal }) => ({ productId, sku, name, unit, quantity, unitPrice, lineTotal })),
    subtotal: order.subtotal,
    shipping: order.shipping,
    tax: order.tax,
    taxRateBasisPoints: order.taxRateBasisPoints,
    taxRegion: order.shippingAddress.region,
    taxExempt: false,
    taxCertificateId: '',
    total: order.total,
    issuedAt: Timestamp.fromMillis(issuedAt),
    dueAt: Timestamp.fromMillis(invoiceDueAt(order.paymentMethod, issuedAt)),
    amountPaid,
    amountCredited: 0,
    status: amountPaid >= order.total ? 'paid' : 'open',
    creditNotes: [],
    ...fields,
  });
  await adminDb.doc(`orders/${orderId}`).update({ invoiceNumber: sequence, invoicedAt: Timestamp.fromMillis(issuedAt) });
  return number;
}

/** `creditNotes/{number}`: an allowance of `amount` on the invoice, all of it taken off the invoice. Returns the number. */
export async function storeCreditNote(invoiceNumber: string, sequence: number, amount: number, reason: string): Promise<string> {
  const invoice = (await adminDb.doc(`invoices/${invoiceNumber}`).get()).data()!;
  const number = formatCreditNoteNumber(sequence);
  await adminDb.doc(`creditNotes/${number}`).set({
    sequence,
    invoiceNumber,
    orderId: invoice.orderId,
    companyId: invoice.companyId,
    userId: invoice.userId,
    buyer: invoice.buyer,
    currency: invoice.currency,
    lines: [],
    restocked: false,
    amount,
    reason,
    issuedAt: Timestamp.now(),
    issuedBy: 'finance-test',
    appliedToInvoice: amount,
  });
  return number;
}
