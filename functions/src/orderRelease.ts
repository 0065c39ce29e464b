/**
 * What an open order holds, given back when it is cancelled or rejected: its units to stock, its
 * credit to the company's open balance and its amount to the buyer's month of spending.
 */
import { FieldValue, type DocumentReference, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import { spendingDocId } from '@harbor/domain';
import { db } from './admin';
import { releaseCredit } from './companies';
import { readWithoutLock, updateIfUnchanged } from './transactions';

/** A buyer's total of a month (`spendingDocId`), kept by placeOrder and given back here. */
export const spendingRef = (companyId: string, uid: string, month: string): DocumentReference =>
  db.doc(`companies/${companyId}/spending/${spendingDocId(uid, month)}`);

/** Units per product in an order's lines; malformed lines are ignored. */
function unitsByProduct(items: unknown): Map<string, number> {
  const units = new Map<string, number>();
  if (!Array.isArray(items)) return units;
  for (const item of items as Array<Record<string, unknown> | null>) {
    const productId = item?.productId;
    const quantity = item?.quantity;
    if (typeof productId !== 'string' || !productId || productId.includes('/')) continue;
    if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity <= 0) continue;
    units.set(productId, (units.get(productId) ?? 0) + quantity);
  }
  return units;
}

/** The month total an order counts in, or null for orders from before purchase approvals. */
function spendingOf(order: DocumentSnapshot): DocumentReference | null {
  const { companyId, userId, spendingMonth, total } = order.data() ?? {};
  const valid = (value: unknown) => typeof value === 'string' && value !== '' && !value.includes('/');
  return valid(companyId) && valid(userId) && valid(spendingMonth) && typeof total === 'number' && total > 0 ? spendingRef(companyId, userId, spendingMonth) : null;
}

/**
 * Reads what `order` holds (products, company, the buyer's month) without a lock, and returns the
 * writes that give it back, each made only if its document is unchanged since read. Call it
 * before any write of the transaction, and its result after the reads.
 */
export async function prepareRelease(transaction: Transaction, order: DocumentSnapshot): Promise<() => void> {
  const restock = unitsByProduct(order.get('items'));
  const spending = spendingOf(order);
  const [releaseHeldCredit, snapshots] = await Promise.all([
    releaseCredit(transaction, order),
    readWithoutLock([...(spending ? [spending] : []), ...[...restock.keys()].map((productId) => db.doc(`products/${productId}`))]),
  ]);
  const [month, ...products] = spending ? snapshots : [null, ...snapshots];
  return () => {
    releaseHeldCredit();
    if (month?.exists) updateIfUnchanged(transaction, month, { total: FieldValue.increment(-Number(order.get('total'))), updatedAt: FieldValue.serverTimestamp() });
    for (const product of products) {
      // A product deleted since the order has no stock to return to.
      if (product?.exists) updateIfUnchanged(transaction, product, { stock: FieldValue.increment(restock.get(product.id)!), updatedAt: FieldValue.serverTimestamp() });
    }
  };
}
