import { randomUUID } from 'node:crypto';
import { FieldValue, type DocumentSnapshot } from 'firebase-admin/firestore';
import { HttpsError, onCall } from 'firebase-functions/v2/https';
import { allAllocated, canTransition, nextStatuses, orderFromData, ORDER_STATUS_LABELS, ORDER_STATUSES, permissionForStatusChange, restocksOn, storedText, updateOrderStatusInputSchema, type OrderStatus, type StatusChange } from '@harbor/domain';
import { db } from './admin';
import { queueStatusMail } from './mail/orderMail';
import { appendAudit } from './audit';
import { queueWebhookEvent } from './integrations/webhooks';
import { callableOptions, parseInput, staffFrom, staffProfileRef } from './callable';
import { shipInTransaction } from './shipments';
import { prepareRelease } from './orderRelease';
import { CONTENDED_CALL_OPTIONS, runContendedTransaction } from './transactions';

function isOrderStatus(value: unknown): value is OrderStatus {
  return ORDER_STATUSES.includes(value as OrderStatus);
}

/**
 * Moves an order along the legal transitions; cancelling returns its units to stock, its credit to
 * the company and its amount to the buyer's month in the same transaction; marking shipped ships
 * every allocated unit as one shipment (refused while units are on backorder).
 */
export const updateOrderStatus = onCall(callableOptions(CONTENDED_CALL_OPTIONS), async (request) => {
  const input = parseInput(updateOrderStatusInputSchema, request.data);
  const { orderId, status } = input;
  // The warehouse moves orders forward; cancelling is for administrators.
  const permission = permissionForStatusChange(status);
  const profileRef = staffProfileRef(request);

  await runContendedTransaction(async (transaction) => {
    const orderRef = db.doc(`orders/${orderId}`);
    // The caller's role and the order in one request; nothing is told of the order before the role is checked.
    const [profile, order] = (await transaction.getAll(profileRef, orderRef)) as [DocumentSnapshot, DocumentSnapshot];
    const staff = staffFrom(profile, permission);
    if (!order.exists) throw new HttpsError('not-found', `There is no order ${orderId}.`);
    const current: unknown = order.get('status');
    if (!isOrderStatus(current)) throw new HttpsError('failed-precondition', `Order ${orderId} has a status the shop does not know, so it cannot be changed here. Please tell an administrator.`);
    const named = (each: OrderStatus) => ORDER_STATUS_LABELS[each].toLowerCase();
    if (current === 'awaiting-approval' && status !== 'cancelled') {
      throw new HttpsError('failed-precondition', `Order ${orderId} is awaiting approval, so it cannot be marked ${named(status)}: the buyer's company decides it first, and until then it can only be cancelled.`);
    }
    if (!canTransition(current, status)) {
      const allowed = nextStatuses(current);
      const options = allowed.length ? `It can be marked ${allowed.map(named).join(' or ')} now.` : 'Its status is final.';
      throw new HttpsError('failed-precondition', `Order ${orderId} is ${named(current)}, so it cannot be marked ${named(status)}. ${options} Reload the order to see it as it is.`);
    }

    // Marking shipped ships every allocated unit in one shipment, with its own invoice (shipments.ts).
    if (status === 'shipped') {
      const placed = orderFromData(order.id, order.data()!);
      const backordered = placed.items.reduce((total, item) => total + item.backordered, 0);
      if (backordered > 0) {
        throw new HttpsError('failed-precondition', `Order ${orderId} has ${backordered} ${backordered === 1 ? 'unit' : 'units'} on backorder, so it cannot be marked shipped whole. Ship what is ready as a shipment, or cancel the rest first.`);
      }
      await shipInTransaction(transaction, order, staff, { requestId: `mark-shipped-${randomUUID()}`, lines: allAllocated(placed.items), carrier: input.carrier!, trackingNumber: input.trackingNumber! });
      return;
    }
    // Every read happens before the first write, as Firestore transactions require. A cancelled
    // order gives back its units, its credit and its amount of the buyer's month; they are read
    // without a lock, like placeOrder's, so a cancellation does not hold up orders for them.
    const release = restocksOn(status) ? await prepareRelease(transaction, order) : null;
    release?.write();
    const change: StatusChange = { status, at: Date.now(), by: staff.uid };
    transaction.update(orderRef, { status, ...release?.orderFields(status), updatedAt: FieldValue.serverTimestamp(), statusHistory: FieldValue.arrayUnion(change) });
    appendAudit(transaction, staff, {
      action: 'order.status',
      target: `orders/${orderId}`,
      summary: `Order ${orderId}: ${ORDER_STATUS_LABELS[current]} → ${ORDER_STATUS_LABELS[status]}`,
      changes: [{ field: 'status', from: current, to: status }],
    });
    queueStatusMail(transaction, orderId, status, order.get('userEmail'));
    queueWebhookEvent(transaction, 'order.updated', { orderId, companyId: storedText(order.get('companyId')), status });
  }, 'The products of this order are being changed right now. Please try again in a moment.');
  return { orderId, status };
});
