/**
 * Invoices stored as shipping stores them, for the tests of what reads them (documents, e-mails)
 * on any date and with any lines, apart from the tests of issuing them.
 */
import { randomUUID } from 'node:crypto';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { formatInvoiceNumber, invoiceDueAt, orderFromData } from '@harbor/domain';
import { adminDb, type TestClient } from './harness';

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
  await adminDb.doc(`orders/${orderId}`).update({ invoiceNumbers: FieldValue.arrayUnion(sequence), invoicedAt: Timestamp.fromMillis(issuedAt) });
  // The company's ledger has the invoice (and what paid it), as the money callables read it.
  if (order.companyId) {
    const ledger = adminDb.collection(`companies/${order.companyId}/ledger`);
    const entry = { orderId, invoiceNumber: null, at: Timestamp.fromMillis(issuedAt) };
    await ledger.doc(`${String(issuedAt).padStart(15, '0')}-0-${number}`).set({ ...entry, kind: 'invoice', reference: number, description: `Invoice ${number}`, amount: order.total, balance: 0, allocations: null });
    if (amountPaid) await ledger.doc(`${String(issuedAt).padStart(15, '0')}-1-PAY-${number}`).set({ ...entry, kind: 'payment', reference: `PAY-${number}`, description: 'Payment', amount: -amountPaid, balance: 0, allocations: [{ invoiceNumber: number, amount: amountPaid }] });
  }
  return number;
}

/** Ships a placed order as the warehouse does, which issues its invoice; returns the invoice's number. */
export async function shipTestOrder(staff: TestClient, orderId: string): Promise<string> {
  await staff.call('updateOrderStatus', { orderId, status: 'processing' });
  await staff.call('updateOrderStatus', { orderId, status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
  return formatInvoiceNumber(((await adminDb.doc(`orders/${orderId}`).get()).get('invoiceNumbers') as number[]).at(-1)!);
}

/** An allowance credited on the order's invoice by `issueCreditNote`; returns the credit note's number. */
export async function creditTestOrder(staff: TestClient, orderId: string, amount: number, reason: string): Promise<string> {
  return (await staff.call<{ number: string }>('issueCreditNote', { orderId, requestId: randomUUID(), amount, reason })).number;
}
