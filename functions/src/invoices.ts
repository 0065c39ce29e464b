import { FieldValue, Timestamp, type DocumentSnapshot } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import { db } from './admin';
import { runContendedTransaction } from './transactions';

/** The next invoice number to give: `counters/invoices.next`. */
const counterRef = () => db.doc('counters/invoices');

export interface Invoiced {
  invoiceNumber: number;
  /** Milliseconds since the epoch. */
  invoicedAt: number;
}

/**
 * The order's invoice number, given now if it has none: one transaction reads the counter and the
 * order and writes both, so a number is used exactly when an order takes it (gapless) and never
 * by two orders (unique). Idempotent: an order that has a number keeps it.
 *
 * Numbers are given lazily (by the order e-mail and by getOrderDocument), not in placeOrder: one
 * counter written by every order would make all orders wait for each other.
 */
export async function ensureInvoiceNumber(orderId: string): Promise<Invoiced> {
  const orderRef = db.doc(`orders/${orderId}`);
  return runContendedTransaction(async (transaction) => {
    const [order, counter] = (await transaction.getAll(orderRef, counterRef())) as [DocumentSnapshot, DocumentSnapshot];
    if (!order.exists) throw new HttpsError('not-found', `There is no order ${orderId}.`);
    const existing: unknown = order.get('invoiceNumber');
    if (typeof existing === 'number') return { invoiceNumber: existing, invoicedAt: (order.get('invoicedAt') as Timestamp | undefined)?.toMillis() ?? 0 };
    const next: unknown = counter.get('next');
    const invoiceNumber = typeof next === 'number' && Number.isInteger(next) && next > 0 ? next : 1;
    const invoicedAt = Timestamp.now();
    transaction.set(counterRef(), { next: invoiceNumber + 1, updatedAt: FieldValue.serverTimestamp() });
    transaction.update(orderRef, { invoiceNumber, invoicedAt });
    return { invoiceNumber, invoicedAt: invoicedAt.toMillis() };
  }, 'Many invoices are being issued right now. Please try again in a moment.');
}
