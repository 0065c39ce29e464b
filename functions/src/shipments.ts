/**
 * Shipping an order in parts: each shipment takes allocated units, is a document of its own
 * (`orders/{orderId}/shipments/{sequence}`, number "HW-…-1"), issues its own invoice for exactly
 * its lines and e-mails the buyer; cancelling the rest gives back what is not shipped.
 */
import { FieldPath, FieldValue, Timestamp, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import { HttpsError, onCall } from 'firebase-functions/v2/https';
import {
  cancelBackorderInputSchema,
  createShipmentInputSchema,
  fulfilmentIndex,
  isOpenForFulfilment,
  linesToCome,
  decidesApprovals,
  companyFromData,
  ORDER_STATUS_LABELS,
  orderFromData,
  shipItems,
  shipmentCharge,
  isRecord,
  storedNumber,
  shipmentNumber,
  shipmentProblem,
  staffMay,
  isStaffRole,
  statusAfterFulfilment,
  storedText,
  valueToInvoice,
  type Carrier,
  type CancelBackorderResult,
  type CreateShipmentResult,
  type ShipmentLineRequest,
  type StatusChange,
} from '@harbor/domain';
import { db } from './admin';
import { appendAudit } from './audit';
import { callableOptions, parseInput, requireUser, staffFrom, staffProfileRef, type Staff } from './callable';
import { creditHeldBy } from './companies';
import { prepareInvoice } from './invoices';
import { queueBackorderCancelledMail, queueShipmentMail } from './mail/orderMail';
import { prepareRelease } from './orderRelease';
import { CONTENDED_CALL_OPTIONS, runContendedTransaction } from './transactions';

export const SHIPMENT_BUSY = 'This order is being changed right now. Please try again in a moment.';

/** What a shipment of an order that does not exist is told. */
export const noSuchOrder = (orderId: string) => new HttpsError('not-found', `There is no order ${orderId}.`);

export interface ShipmentRequest {
  requestId: string;
  lines: readonly ShipmentLineRequest[];
  carrier: Carrier;
  trackingNumber: string;
}

/**
 * Ships `request.lines` of the order in `transaction` (read with a lock by the caller, with no
 * write made yet): never more than allocated, a ship-complete order only whole; a request id
 * already used answers with its shipment. Writes the shipment, the order's lines, status and
 * fulfilment fields, the shipment's invoice into the ledger, the audit entry and the buyer's e-mail.
 */
export async function shipInTransaction(transaction: Transaction, order: DocumentSnapshot, staff: Staff, request: ShipmentRequest): Promise<CreateShipmentResult> {
  const placed = orderFromData(order.id, order.data()!);
  // The order keeps which request made which shipment, so a retry is answered without a query.
  const done: unknown = order.get(new FieldPath('shipmentRequests', request.requestId));
  if (isRecord(done)) return { orderId: placed.id, shipmentNumber: storedText(done.shipmentNumber), sequence: storedNumber(done.sequence), invoiceNumber: storedText(done.invoiceNumber), status: placed.status };
  if (!['pending', 'processing', 'partially-shipped'].includes(placed.status)) {
    throw new HttpsError('failed-precondition', `Order ${placed.id} is ${ORDER_STATUS_LABELS[placed.status].toLowerCase()}, so nothing of it can ship. Reload the order to see it as it is.`);
  }
  const problem = shipmentProblem(placed.items, request.lines, placed.shipComplete);
  if (problem) throw new HttpsError('failed-precondition', `Order ${placed.id}: ${problem} Nothing was shipped.`);

  const sequence = placed.shipmentCount + 1;
  const number = shipmentNumber(placed.id, sequence);
  const charge = shipmentCharge(placed, placed.items, request.lines);
  const items = shipItems(placed.items, request.lines);
  const status = statusAfterFulfilment(placed.status, items);
  const heldBefore = creditHeldBy(order);
  const heldAfter = heldBefore > 0 ? valueToInvoice({ ...placed, shipmentCount: sequence }, items) : 0;
  const invoicing = await prepareInvoice(transaction, order, { number, charge, creditReleased: heldBefore - heldAfter });

  const now = Timestamp.now();
  transaction.create(order.ref.collection('shipments').doc(String(sequence)), {
    number,
    sequence,
    orderId: placed.id,
    requestId: request.requestId,
    lines: charge.lines,
    carrier: request.carrier,
    trackingNumber: request.trackingNumber,
    invoiceNumber: invoicing.number,
    subtotal: charge.subtotal,
    shipping: charge.shipping,
    tax: charge.tax,
    total: charge.total,
    shippedAt: now,
    shippedBy: staff.uid,
    shippedByName: staff.name,
    stillToCome: linesToCome(items),
  });
  const change: StatusChange = { status, at: now.toMillis(), by: staff.uid };
  transaction.update(order.ref, {
    items,
    status,
    shipmentCount: sequence,
    [`shipmentRequests.${request.requestId}`]: { sequence, shipmentNumber: number, invoiceNumber: invoicing.number },
    creditHeld: heldAfter,
    ...fulfilmentIndex(status, items, placed.shipComplete),
    ...(status !== placed.status ? { statusHistory: FieldValue.arrayUnion(change) } : {}),
    updatedAt: FieldValue.serverTimestamp(),
  });
  invoicing.issue();
  appendAudit(transaction, staff, {
    action: 'order.shipment',
    target: `orders/${placed.id}`,
    summary: `Order ${placed.id}: shipment ${number} (${charge.lines.map((line) => `${line.quantity} × ${line.sku}`).join(', ')}) by ${request.carrier} ${request.trackingNumber}, invoice ${invoicing.number}`,
    changes: [
      ...(status !== placed.status ? [{ field: 'status', from: placed.status, to: status }] : []),
      { field: 'shipment', from: null, to: { number, carrier: request.carrier, trackingNumber: request.trackingNumber, invoiceNumber: invoicing.number } },
    ],
  });
  queueShipmentMail(transaction, placed.id, placed.userEmail, sequence);
  return { orderId: placed.id, shipmentNumber: number, sequence, invoiceNumber: invoicing.number, status };
}

/** Staff with the warehouse's permission ship some of an order's allocated units (shipInTransaction). */
export const createShipment = onCall(callableOptions(CONTENDED_CALL_OPTIONS), async (request): Promise<CreateShipmentResult> => {
  const input = parseInput(createShipmentInputSchema, request.data);
  const profileRef = staffProfileRef(request);
  return runContendedTransaction(async (transaction) => {
    const [profile, order] = (await transaction.getAll(profileRef, db.doc(`orders/${input.orderId}`))) as [DocumentSnapshot, DocumentSnapshot];
    const staff = staffFrom(profile, 'orders.fulfil');
    if (!order.exists) throw noSuchOrder(input.orderId);
    return shipInTransaction(transaction, order, staff, input);
  }, SHIPMENT_BUSY);
});

/**
 * Cancels the units of an order not yet shipped (all, or of the lines named): staff who may cancel
 * orders, or the owner or an approver of the order's company. Gives back stock, credit and the
 * buyer's month, e-mails the buyer, and completes the order when nothing is left to ship (shipped
 * when some shipped, cancelled when none did). A request id already used answers as it did.
 */
export const cancelBackorder = onCall(callableOptions(CONTENDED_CALL_OPTIONS), async (request): Promise<CancelBackorderResult> => {
  const uid = requireUser(request);
  const input = parseInput(cancelBackorderInputSchema, request.data);
  const orderRef = db.doc(`orders/${input.orderId}`);
  const notFound = () => new HttpsError('not-found', `There is no order ${input.orderId} on your account.`);
  return runContendedTransaction(async (transaction) => {
    const [profile, order] = (await transaction.getAll(db.doc(`users/${uid}`), orderRef)) as [DocumentSnapshot, DocumentSnapshot];
    if (!order.exists) throw notFound();
    const role: unknown = profile.get('role');
    const staff = isStaffRole(role) && staffMay(role, 'orders.cancel') ? staffFrom(profile, 'orders.cancel') : null;
    const companyId = storedText(order.get('companyId'));
    const company = !staff && companyId ? await transaction.get(db.doc(`companies/${companyId}`)) : null;
    // The buyer's owner and approvers decide for the company; its buyer is told whom to ask; anyone else that the order is not theirs.
    const decides = company?.exists === true && decidesApprovals(companyFromData(company.id, company.data()!).members[uid]);
    if (!staff && !decides) {
      if (order.get('userId') === uid) throw new HttpsError('permission-denied', "Only your company's owner or an approver can cancel what is left of an order. Please ask them.");
      throw notFound();
    }
    const done: unknown = order.get(`backorderCancellations.${input.requestId}`);
    const placed = orderFromData(order.id, order.data()!);
    if (Array.isArray(done)) return { orderId: placed.id, status: placed.status, cancelled: done as CancelBackorderResult['cancelled'] };
    if (!isOpenForFulfilment(placed.status)) {
      throw new HttpsError('failed-precondition', `Order ${placed.id} is ${ORDER_STATUS_LABELS[placed.status].toLowerCase()}: nothing of it is left to cancel.`);
    }
    const release = await prepareRelease(transaction, order, input.lines);
    const status = statusAfterFulfilment(placed.status, release.items);
    const cancelled = release.cancelled.map((units) => ({ productId: units.productId, units: units.allocated + units.backordered }));
    release.write();
    const change: StatusChange = { status, at: Date.now(), by: uid };
    transaction.update(orderRef, {
      ...release.orderFields(status),
      status,
      [`backorderCancellations.${input.requestId}`]: cancelled,
      ...(status !== placed.status ? { statusHistory: FieldValue.arrayUnion(change) } : {}),
      updatedAt: FieldValue.serverTimestamp(),
    });
    const what = cancelled.map((line) => `${line.units} × ${placed.items.find((item) => item.productId === line.productId)?.sku ?? line.productId}`).join(', ');
    if (staff) {
      appendAudit(transaction, staff, {
        action: 'order.cancelRest',
        target: `orders/${placed.id}`,
        summary: `Order ${placed.id}: cancelled ${what} not shipped: ${input.reason}`,
        changes: [...(status !== placed.status ? [{ field: 'status', from: placed.status, to: status }] : []), { field: 'cancelled', from: null, to: cancelled }],
      });
    }
    queueBackorderCancelledMail(transaction, placed.id, placed.userEmail, input.requestId, cancelled, input.reason);
    return { orderId: placed.id, status, cancelled };
  }, SHIPMENT_BUSY);
});
