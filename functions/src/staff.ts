/**
 * The back office's own callables: an administrator gives and takes staff roles, and the warehouse
 * corrects a stock count with a reason. Both leave an audit entry in their transaction.
 */
import { FieldValue, type Transaction } from 'firebase-admin/firestore';
import { HttpsError, onCall } from 'firebase-functions/v2/https';
import { adjustStockInputSchema, isStaffRole, setStaffRoleInputSchema, STAFF_ROLE_LABELS, storedNumber, storedText } from '@harbor/domain';
import { db } from './admin';
import { prepareBackorderFill } from './backorders';
import { appendAudit } from './audit';
import { callableOptions, parseInput, requireStaff, type Staff } from './callable';
import { CONTENDED_CALL_OPTIONS, runContendedTransaction } from './transactions';

const label = (role: unknown) => (isStaffRole(role) ? STAFF_ROLE_LABELS[role] : 'no role');

/**
 * Sets a user's staff role (`null` takes it away). No one changes its own role, and the last
 * administrator keeps the role: the shop always has one.
 */
export const setStaffRole = onCall(callableOptions(), async (request) => {
  const staff = await requireStaff(request, 'staff.manage');
  const { uid, role } = parseInput(setStaffRoleInputSchema, request.data);
  if (uid === staff.uid) throw new HttpsError('failed-precondition', 'You cannot change your own role. Ask another administrator.');
  return db.runTransaction(async (transaction) => {
    // The caller's own role is read again here: an admin whose role another admin takes away at
    // the same moment changes nothing.
    const [caller, user] = await transaction.getAll(db.doc(`users/${staff.uid}`), db.doc(`users/${uid}`));
    if (caller!.get('role') !== 'admin') throw new HttpsError('permission-denied', 'You are no longer an administrator, so you cannot change roles. Ask another administrator.');
    if (!user!.exists) throw new HttpsError('not-found', 'There is no user with that id.');
    const previous: unknown = user!.get('role');
    const from = isStaffRole(previous) ? previous : null;
    if (from === role) return { uid, role };
    if (from === 'admin') {
      const admins = await transaction.get(db.collection('users').where('role', '==', 'admin').limit(2));
      if (admins.size < 2) throw new HttpsError('failed-precondition', 'This is the last administrator: make another user an administrator first.');
    }
    transaction.update(user!.ref, { role: role ?? FieldValue.delete(), updatedAt: FieldValue.serverTimestamp() });
    const who = storedText(user!.get('name')) || storedText(user!.get('email')) || uid;
    appendAudit(transaction, staff, { action: 'staff.role', target: `users/${uid}`, summary: `${who}: ${label(from)} → ${label(role)}`, changes: [{ field: 'role', from, to: role }] });
    return { uid, role };
  });
});

export const STOCK_BUSY = 'This product is being ordered right now. Please try again in a moment.';

/**
 * Sets a product's stock in `transaction` (nothing written in it yet) to what `count` makes of the
 * stock on the shelf, never below zero: units added go to the orders waiting for them first,
 * oldest first. One audit entry with `reason`; a count that changes nothing writes nothing.
 */
export async function setStockInTransaction(transaction: Transaction, staff: Staff, productId: string, count: (from: number) => number, reason: string): Promise<{ productId: string; stock: number }> {
  const product = await transaction.get(db.doc(`products/${productId}`));
  if (!product.exists) throw new HttpsError('not-found', `There is no product with id "${productId}".`);
  const from = Math.max(0, Math.trunc(Number(product.get('stock') ?? 0)));
  const added = count(from);
  if (added < 0) throw new HttpsError('failed-precondition', `Only ${from} units are in stock: at most ${from} can be removed.`);
  if (added === from) return { productId, stock: from };
  const backordered = storedNumber(product.get('backordered'));
  const fill = await prepareBackorderFill(transaction, [{ id: productId, backordered }]);
  const { stock: to, backordered: stillOwed } = fill.fill(productId, added, backordered);
  transaction.update(product.ref, { stock: to, backordered: stillOwed, updatedAt: FieldValue.serverTimestamp() });
  fill.write();
  const delta = added - from;
  appendAudit(transaction, staff, {
    action: 'stock.adjust',
    target: `products/${productId}`,
    summary: `${storedText(product.get('sku'))}: stock ${from} → ${added} (${delta > 0 ? '+' : ''}${delta}): ${reason}${added > to ? `; ${added - to} to backorders` : ''}`,
    changes: [{ field: 'stock', from, to }, ...(stillOwed !== backordered ? [{ field: 'backordered', from: backordered, to: stillOwed }] : [])],
  });
  return { productId, stock: to };
}

/** Adds or removes units of a product's stock (a count, breakage, a return), never below zero. */
export const adjustStock = onCall(callableOptions(CONTENDED_CALL_OPTIONS), async (request) => {
  const staff = await requireStaff(request, 'stock.adjust');
  const { productId, delta, reason } = parseInput(adjustStockInputSchema, request.data);
  return runContendedTransaction((transaction) => setStockInTransaction(transaction, staff, productId, (from) => from + delta, reason), STOCK_BUSY);
});
