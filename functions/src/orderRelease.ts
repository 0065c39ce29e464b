/**
 * What an open order holds, given back when it is cancelled or rejected, or when the rest of it is
 * cancelled (cancelBackorder): its allocated units to stock (and on to older backorders waiting
 * for them), its backordered units off the products' count of units owed, its credit to the
 * company's open balance and its amount to the buyer's month of spending.
 */
import { FieldValue, type DocumentReference, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import { cancelRest, fulfilmentIndex, orderFromData, spendingDocId, storedNumber, valueToInvoice, type CancelledUnits, type CancelLineRequest, type FulfilledItem, type OrderStatus } from '@harbor/domain';
import { db } from './admin';
import { adjustHeldCredit, creditHeldBy } from './companies';
import { prepareBackorderFill } from './backorders';
import { readWithoutLock, updateIfUnchanged } from './transactions';

/** A buyer's total of a month (`spendingDocId`), kept by placeOrder and given back here. */
export const spendingRef = (companyId: string, uid: string, month: string): DocumentReference =>
  db.doc(`companies/${companyId}/spending/${spendingDocId(uid, month)}`);

/** The month total an order counts in, or null for orders from before purchase approvals. */
function spendingOf(order: DocumentSnapshot): DocumentReference | null {
  const { companyId, userId, spendingMonth, total } = order.data() ?? {};
  const valid = (value: unknown) => typeof value === 'string' && value !== '' && !value.includes('/');
  return valid(companyId) && valid(userId) && valid(spendingMonth) && typeof total === 'number' && total > 0 ? spendingRef(companyId, userId, spendingMonth) : null;
}

export interface PreparedRelease {
  /** The order's lines after the cancellation. */
  items: FulfilledItem[];
  cancelled: CancelledUnits[];
  /** What the cancelled units were worth, with their tax (and the shipping when nothing will ship any more). */
  released: number;
  /** The order's fields after the cancellation, for the status it then has. */
  orderFields(status: OrderStatus): Record<string, unknown>;
  /** Every write but the order's; call it after the transaction's last read. */
  write(): void;
}

/**
 * Reads what cancelling the order's units not yet shipped gives back (all of them, or of `lines`),
 * refusing with a sentence when nothing is left to cancel. Products, the company and the buyer's
 * month are read without a lock and written only if unchanged since; the orders waiting for the
 * units put back are read with theirs. Call it before any write of the transaction.
 */
export async function prepareRelease(transaction: Transaction, order: DocumentSnapshot, lines?: readonly CancelLineRequest[]): Promise<PreparedRelease> {
  const placed = orderFromData(order.id, order.data()!);
  const result = cancelRest(placed.items, lines);
  if (!result.ok) throw new HttpsError('failed-precondition', `Order ${placed.id}: ${result.problem}`);
  const released = valueToInvoice(placed, placed.items) - valueToInvoice(placed, result.items);
  const heldBefore = creditHeldBy(order);
  const heldAfter = heldBefore > 0 ? valueToInvoice(placed, result.items) : 0;
  const spending = spendingOf(order);
  // Units per product (an order from before lines were combined may name a product twice).
  const touched = new Map<string, { allocated: number; backordered: number }>();
  for (const { productId, allocated, backordered } of result.cancelled) {
    if (!productId || productId.includes('/')) continue;
    const seen = touched.get(productId) ?? { allocated: 0, backordered: 0 };
    touched.set(productId, { allocated: seen.allocated + allocated, backordered: seen.backordered + backordered });
  }
  const [writeCredit, snapshots] = await Promise.all([
    adjustHeldCredit(transaction, order, heldAfter - heldBefore),
    readWithoutLock([...(spending ? [spending] : []), ...[...touched.keys()].map((productId) => db.doc(`products/${productId}`))]),
  ]);
  const [month, ...products] = spending ? snapshots : [null, ...snapshots];
  // A product deleted since the order has no stock to return to.
  const kept = products.filter((product): product is DocumentSnapshot => product?.exists === true);
  const after = new Map(
    kept.map((product) => {
      const units = touched.get(product.id)!;
      return [product.id, { stock: storedNumber(product.get('stock')) + units.allocated, backordered: Math.max(0, storedNumber(product.get('backordered')) - units.backordered) }];
    }),
  );
  const fill = await prepareBackorderFill(transaction, kept.map((product) => ({ id: product.id, backordered: after.get(product.id)!.backordered })), placed.id);
  return {
    items: result.items,
    cancelled: result.cancelled,
    released,
    orderFields: (status) => ({ items: result.items, creditHeld: heldAfter, ...fulfilmentIndex(status, result.items, placed.shipComplete) }),
    write: () => {
      writeCredit();
      if (month?.exists && released > 0) updateIfUnchanged(transaction, month, { total: FieldValue.increment(-released), updatedAt: FieldValue.serverTimestamp() });
      for (const product of kept) {
        const { stock, backordered } = after.get(product.id)!;
        updateIfUnchanged(transaction, product, { ...fill.fill(product.id, stock, backordered), updatedAt: FieldValue.serverTimestamp() });
      }
      fill.write();
    },
  };
}
