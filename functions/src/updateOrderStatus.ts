import { FieldValue, type DocumentReference } from 'firebase-admin/firestore';
import { HttpsError, onCall } from 'firebase-functions/v2/https';
import { canTransition, nextStatuses, ORDER_STATUSES, permissionForStatusChange, restocksOn, updateOrderStatusInputSchema, type OrderStatus, type StatusChange } from '@harbor/domain';
import { db } from './admin';
import { releaseCredit } from './companies';
import { queueStatusMail } from './mail/orderMail';
import { appendAudit } from './audit';
import { callableOptions, parseInput, requireStaff } from './callable';
import { CONTENDED_CALL_OPTIONS, readWithoutLock, runContendedTransaction, updateIfUnchanged } from './transactions';

function isOrderStatus(value: unknown): value is OrderStatus {
  return ORDER_STATUSES.includes(value as OrderStatus);
}

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

/** Moves an order along the legal transitions; cancelling returns its units to stock and its credit to the company in the same transaction. */
export const updateOrderStatus = onCall(callableOptions(CONTENDED_CALL_OPTIONS), async (request) => {
  const input = parseInput(updateOrderStatusInputSchema, request.data);
  const { orderId, status } = input;
  // The warehouse moves orders forward; cancelling is for administrators.
  const staff = await requireStaff(request, permissionForStatusChange(status));
  const uid = staff.uid;

  await runContendedTransaction(async (transaction) => {
    const orderRef = db.doc(`orders/${orderId}`);
    const order = await transaction.get(orderRef);
    if (!order.exists) throw new HttpsError('not-found', `There is no order ${orderId}.`);
    const current: unknown = order.get('status');
    if (!isOrderStatus(current)) throw new HttpsError('failed-precondition', `Order ${orderId} has an unknown status and cannot be changed.`);
    if (!canTransition(current, status)) {
      const allowed = nextStatuses(current);
      const options = allowed.length ? `it can become ${allowed.join(' or ')}` : 'its status is final';
      throw new HttpsError('failed-precondition', `Order ${orderId} is ${current} and cannot be marked ${status}: ${options}.`);
    }

    // Every read happens before the first write, as Firestore transactions require.
    const restock = restocksOn(status) ? unitsByProduct(order.get('items')) : new Map<string, number>();
    const productRefs: DocumentReference[] = [...restock.keys()].map((productId) => db.doc(`products/${productId}`));
    // A cancelled order gives its credit back to the company.
    const releaseHeldCredit = status === 'cancelled' ? await releaseCredit(transaction, order) : () => undefined;
    // Read without a lock, like placeOrder's, so a cancellation does not hold up orders for them.
    const products = await readWithoutLock(productRefs);
    releaseHeldCredit();
    for (const product of products) {
      // A product deleted since the order has no stock to return to.
      if (product.exists) updateIfUnchanged(transaction, product, { stock: FieldValue.increment(restock.get(product.id)!), updatedAt: FieldValue.serverTimestamp() });
    }

    const change: StatusChange = { status, at: Date.now(), by: uid };
    const shipment = input.carrier && input.trackingNumber ? { shipment: { carrier: input.carrier, trackingNumber: input.trackingNumber } } : {};
    transaction.update(orderRef, { status, ...shipment, updatedAt: FieldValue.serverTimestamp(), statusHistory: FieldValue.arrayUnion(change) });
    appendAudit(transaction, staff, {
      action: 'order.status',
      target: `orders/${orderId}`,
      summary: `Order ${orderId}: ${current} → ${status}${input.carrier && input.trackingNumber ? ` (${input.carrier} ${input.trackingNumber})` : ''}`,
      changes: [{ field: 'status', from: current, to: status }, ...(shipment.shipment ? [{ field: 'shipment', from: order.get('shipment') ?? null, to: shipment.shipment }] : [])],
    });
    queueStatusMail(transaction, orderId, status, order.get('userEmail'));
  }, 'The products of this order are being changed right now. Please try again in a moment.');
  return { orderId, status };
});
