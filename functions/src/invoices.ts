import { FieldValue, Timestamp, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import { companyFromData, formatInvoiceNumber, invoiceDueAt, invoiceStatus, orderFromData, usesCredit, type Invoice } from '@harbor/domain';
import { db } from './admin';
import { appendLedger } from './ledger';
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
 * What issueInvoice reads, before the transaction's first write: the counter and the company, both
 * without a lock (written only if unchanged since), and the time. A locked read of the counter
 * would let every shipment of a busy moment hold it at once and wait on each other's commits.
 */
export async function prepareInvoice(order: DocumentSnapshot): Promise<{ counter: DocumentSnapshot; company: DocumentSnapshot | null; now: number }> {
  const companyId: unknown = order.get('companyId');
  const hasCompany = typeof companyId === 'string' && companyId !== '';
  const [[counter, company], now] = await Promise.all([readWithoutLock([invoiceCounterRef(), ...(hasCompany ? [db.doc(`companies/${companyId}`)] : [])]), shopNow()]);
  return { counter: counter!, company: company ?? null, now };
}

/**
 * Issues the invoice of an order being shipped, in the shipping transaction: the next number of
 * the gapless sequence (`counter`, written only if unchanged since read, so two shipments never
 * share a number and none is skipped),
 * `invoices/{number}` with the order's lines and amounts, the number on the order, and the
 * company's ledger entry. The company's money held on account pays it first. A bank-transfer
 * order's amount now counts against the credit limit (an invoice-terms order already did).
 * `company` was read without a lock and is written only if unchanged.
 */
export function issueInvoice(transaction: Transaction, order: DocumentSnapshot, company: DocumentSnapshot | null, counter: DocumentSnapshot, now: number): Invoice {
  const placed = orderFromData(order.id, order.data()!);
  const buyer = company?.exists ? companyFromData(company.id, company.data()!) : null;
  const sequence = nextInSequence(counter);
  const number = formatInvoiceNumber(sequence);
  // Paid before it was invoiced (orders marked paid before invoices were issued at shipment).
  const paidBefore = placed.paymentStatus === 'paid' ? placed.total : 0;
  const creditApplied = paidBefore ? 0 : Math.min(buyer?.unallocatedCredit ?? 0, placed.total);
  const amountPaid = paidBefore + creditApplied;
  const dueAt = invoiceDueAt(placed.paymentMethod, now);
  const invoice: Invoice = {
    number,
    sequence,
    orderId: placed.id,
    companyId: placed.companyId,
    userId: placed.userId,
    buyer: { name: buyer?.name || placed.company, email: placed.userEmail, taxId: buyer?.taxId ?? '', billingAddress: buyer?.billingAddress ?? null },
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
  const nextNumber = { next: sequence + 1, updatedAt: FieldValue.serverTimestamp() };
  if (counter.exists) updateIfUnchanged(transaction, counter, nextNumber);
  else transaction.create(counter.ref, nextNumber);
  transaction.create(invoiceRef(number), { ...invoice, issuedAt: Timestamp.fromMillis(now), dueAt: Timestamp.fromMillis(dueAt), returned: {}, createdAt: FieldValue.serverTimestamp() });
  transaction.update(order.ref, { invoiceNumber: sequence, invoicedAt: Timestamp.fromMillis(now), ...(amountPaid >= placed.total ? { paymentStatus: 'paid' } : {}) });
  if (buyer && company) {
    const balance = appendLedger(transaction, company, now, [
      { kind: 'invoice', reference: number, description: `Invoice ${number} for order ${placed.id}`, amount: placed.total, orderId: placed.id },
      ...(paidBefore ? [{ kind: 'payment' as const, reference: number, description: `Paid before invoice ${number} was issued`, amount: -paidBefore, orderId: placed.id }] : []),
    ]);
    const owedOnCredit = usesCredit(placed.paymentMethod) ? 0 : placed.total - paidBefore;
    updateIfUnchanged(transaction, company, {
      ledgerBalance: balance,
      openBalance: FieldValue.increment(owedOnCredit - creditApplied),
      unallocatedCredit: FieldValue.increment(-creditApplied),
      updatedAt: FieldValue.serverTimestamp(),
    });
  }
  return invoice;
}
