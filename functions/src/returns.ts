/**
 * Returns (RMA): the buyer asks (requestReturn), the shop approves or rejects (decideReturn), the
 * warehouse records what arrived (receiveReturn), which restocks the resellable units and credits
 * every unit received in the same transaction; staff close a return that will not arrive
 * (closeReturn). The order keeps the units on its returns (`unitsOnReturns`) and the requests
 * already made (`returnRequests`), so two requests at once never return more than shipped.
 */
import { FieldPath, FieldValue, Timestamp, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import { HttpsError, onCall, type CallableRequest } from 'firebase-functions/v2/https';
import type { z } from 'zod';
import {
  allocateReturn,
  allReceived,
  closeReturnInputSchema,
  companyFromData,
  decideReturnInputSchema,
  decidesApprovals,
  formatMoney,
  formatReturnNumber,
  isOpenReturn,
  awaitsGoods,
  isRecord,
  ORDER_STATUS_LABELS,
  orderFromData,
  receiveReturnInputSchema,
  receiveUnits,
  requestReturnInputSchema,
  RETURN_REASON_LABELS,
  RETURN_STATUS_LABELS,
  RETURNABLE_ORDER_STATUSES,
  restockingFeeText,
  returnFromData,
  returnParts,
  shipmentFromData,
  staffMay,
  storedNumber,
  storedText,
  unreceivedParts,
  withUnitsOnReturns,
  type ProductReturn,
  type ReceiveReturnResult,
  type RequestReturnResult,
  type ReturnEvent,
  type ReturnStatus,
  type ReturnStatusResult,
  type StaffPermission,
} from '@harbor/domain';
import { db } from './admin';
import { appendAudit } from './audit';
import { prepareBackorderFill } from './backorders';
import { callableOptions, parseInput, requireUser, staffFrom, staffProfileRef, type Staff } from './callable';
import { shopNow } from './clock';
import { companyRef, shopAddresses } from './companies';
import { creditNoteCounterRef, prepareCreditNotes } from './creditNotes';
import { queueWebhookEvent } from './integrations/webhooks';
import { invoiceRef, nextInSequence } from './invoices';
import { queueMail } from './mail/outbox';
import { CONTENDED_CALL_OPTIONS, readWithoutLock, runContendedTransaction } from './transactions';

const returnCounterRef = () => db.doc('counters/returns');
const BUSY_MESSAGE = 'This return or its order is being changed right now. Please try again in a moment.';

/** What a return.updated webhook says of a return that moved to `status`. */
const returnEventData = (returned: ProductReturn, status: ReturnStatus) => ({ returnId: returned.id, returnNumber: returned.number, orderId: returned.orderId, companyId: returned.companyId, status });

/** A return's event, as stored in its `history`. */
const returnEvent = (status: ReturnStatus, now: number, who: { uid: string; name: string }, message: string): ReturnEvent => ({ status, at: now, by: who.uid, byName: who.name, message });

/** Who hears of the shop's answers: the order's buyer, and whoever asked if it was someone else. */
const buyerAddresses = (returned: ProductReturn): string[] => [...new Set([returned.userEmail, returned.requestedByEmail].filter((email) => email.includes('@')))];

/**
 * The buyer who placed a shipped order, or an owner or approver of its company, asks to return
 * some of its shipped units: never more than shipped less what is on returns, and only units whose
 * shipment is at most RETURN_DAYS old (on the shop's clock). A request id already used answers as
 * it did. Anyone else is told the order does not exist.
 */
export const requestReturn = onCall(callableOptions(CONTENDED_CALL_OPTIONS), async (request): Promise<RequestReturnResult> => {
  const uid = requireUser(request);
  const input = parseInput(requestReturnInputSchema, request.data);
  const orderRef = db.doc(`orders/${input.orderId}`);
  const notFound = () => new HttpsError('not-found', `There is no order ${input.orderId} on your account.`);
  return runContendedTransaction(async (transaction) => {
    const order = await transaction.get(orderRef);
    if (!order.exists) throw notFound();
    // The order keeps which request made which return, so a retry is answered without a query.
    const repeated: unknown = order.get(new FieldPath('returnRequests', input.requestId));
    if (isRecord(repeated)) return { returnId: storedText(repeated.returnId), number: storedText(repeated.number) };
    const placed = orderFromData(order.id, order.data()!);
    const [profile, company] = await readWithoutLock([db.doc(`users/${uid}`), companyRef(placed.companyId || '-')]);
    const role = company!.exists ? companyFromData(company!.id, company!.data()!).members[uid] : undefined;
    // A member of the company that placed it asks; one who left no longer does for the company.
    const ownOrder = placed.userId === uid && (!placed.companyId || role !== undefined);
    if (!ownOrder && !decidesApprovals(role)) {
      if (placed.userId === uid) throw new HttpsError('permission-denied', `You are no longer a member of ${placed.company || 'the company that placed this order'}, so you cannot return its goods. Please ask its owner.`);
      throw notFound();
    }
    if (!RETURNABLE_ORDER_STATUSES.includes(placed.status)) {
      throw new HttpsError('failed-precondition', `Order ${placed.id} is ${ORDER_STATUS_LABELS[placed.status].toLowerCase()}: only goods that shipped can be returned.`);
    }
    const [shipments, counter, now] = await Promise.all([transaction.get(orderRef.collection('shipments')), transaction.get(returnCounterRef()), shopNow()]);
    const allocated = allocateReturn(
      shipments.docs.map((shipment) => shipmentFromData(shipment.data())),
      placed.unitsOnReturns,
      now,
      input.lines,
    );
    if ('problem' in allocated) throw new HttpsError('failed-precondition', allocated.problem);
    const sequence = nextInSequence(counter);
    const number = formatReturnNumber(sequence);
    const ref = db.collection('returns').doc();
    const requester = { uid, name: storedText(profile!.get('name')) || storedText(profile!.get('email')) || placed.placedByName, email: storedText(profile!.get('email')) };
    const stored: Omit<ProductReturn, 'id' | 'createdAt' | 'updatedAt'> = {
      number,
      sequence,
      orderId: placed.id,
      companyId: placed.companyId,
      userId: placed.userId,
      userEmail: placed.userEmail,
      company: placed.company,
      requestedBy: uid,
      requestedByName: requester.name,
      requestedByEmail: requester.email,
      status: 'requested',
      lines: allocated.lines,
      note: input.note,
      currency: placed.currency,
      restockingFeeBasisPoints: 0,
      creditNotes: [],
      history: [returnEvent('requested', now, requester, '')],
    };
    transaction.set(counter.ref, { next: sequence + 1, updatedAt: FieldValue.serverTimestamp() });
    transaction.create(ref, { ...stored, requestId: input.requestId, receipts: {}, createdAt: Timestamp.fromMillis(now), updatedAt: FieldValue.serverTimestamp() });
    transaction.update(orderRef, {
      unitsOnReturns: withUnitsOnReturns(placed.unitsOnReturns, returnParts(allocated.lines), 1),
      [`returnRequests.${input.requestId}`]: { returnId: ref.id, number },
      updatedAt: FieldValue.serverTimestamp(),
    });
    const to = await shopAddresses(company!.exists ? companyFromData(company!.id, company!.data()!) : { salesRepUid: '' });
    queueMail(transaction, { id: `${ref.id}-requested`, to, template: 'returnRequested', data: { returnId: ref.id } });
    queueWebhookEvent(transaction, 'return.updated', { returnId: ref.id, returnNumber: number, orderId: placed.id, companyId: placed.companyId, status: 'requested' });
    return { returnId: ref.id, number };
  }, BUSY_MESSAGE);
});

/** A return as staff see it, read in `transaction`: refused as missing to a sales rep not assigned to its company. */
async function readReturnForStaff(transaction: Transaction, returnId: string, staff: Staff): Promise<{ snapshot: DocumentSnapshot; returned: ProductReturn }> {
  const snapshot = await transaction.get(db.doc(`returns/${returnId}`));
  const missing = new HttpsError('not-found', `There is no return ${returnId}.`);
  if (!snapshot.exists) throw missing;
  const returned = returnFromData(snapshot.id, snapshot.data()!);
  // A role that reads every order handles every return; a sales rep those of the companies assigned to it now.
  if (!staffMay(staff.role, 'orders.read')) {
    const [company] = await readWithoutLock([companyRef(returned.companyId || '-')]);
    if (!company!.exists || company!.get('salesRepUid') !== staff.uid) throw missing;
  }
  return { snapshot, returned };
}

/**
 * A staff move on a return, as a callable's handler: the input parsed with `schema`, then in one
 * contended transaction the caller's `permission` and the return as the caller may see it
 * (readReturnForStaff).
 */
function returnMove<Input extends { returnId: string }, Result>(
  permission: StaffPermission,
  schema: z.ZodType<Input>,
  move: (transaction: Transaction, context: { staff: Staff; snapshot: DocumentSnapshot; returned: ProductReturn; input: Input }) => Promise<Result>,
): (request: CallableRequest) => Promise<Result> {
  return async (request) => {
    const profileRef = staffProfileRef(request);
    const input = parseInput(schema, request.data);
    return runContendedTransaction(async (transaction) => {
      const staff = staffFrom(await transaction.get(profileRef), permission);
      return move(transaction, { staff, input, ...(await readReturnForStaff(transaction, input.returnId, staff)) });
    }, BUSY_MESSAGE);
  };
}

const statusText = (returned: ProductReturn) => `Return ${returned.number} is ${RETURN_STATUS_LABELS[returned.status].toLowerCase()}`;

/** Staff approve a requested return (optionally with a restocking fee) and send the buyer its authorization, or reject it with a reason. */
export const decideReturn = onCall(
  callableOptions(CONTENDED_CALL_OPTIONS),
  returnMove('returns.decide', decideReturnInputSchema, async (transaction, { staff, snapshot, returned, input }): Promise<ReturnStatusResult> => {
    const status: ReturnStatus = input.decision === 'approve' ? 'approved' : 'rejected';
    // A repeated decision answers as the first did.
    if (returned.history.some((event) => event.status === status) && returned.status !== 'requested') return { returnId: returned.id, status: returned.status };
    if (returned.status !== 'requested') throw new HttpsError('failed-precondition', `${statusText(returned)}: it was decided already. Reload it to see it as it is.`);
    const order = status === 'rejected' ? await transaction.get(db.doc(`orders/${returned.orderId}`)) : null;
    const now = await shopNow();
    const fee = status === 'approved' ? (input.restockingFeeBasisPoints ?? 0) : 0;
    transaction.update(snapshot.ref, {
      status,
      restockingFeeBasisPoints: fee,
      history: FieldValue.arrayUnion(returnEvent(status, now, staff, input.message)),
      updatedAt: FieldValue.serverTimestamp(),
    });
    // A rejected return holds no units: they may be asked back again.
    if (order?.exists) {
      transaction.update(order.ref, { unitsOnReturns: withUnitsOnReturns(orderFromData(order.id, order.data()!).unitsOnReturns, returnParts(returned.lines), -1), updatedAt: FieldValue.serverTimestamp() });
    }
    const to = buyerAddresses(returned);
    if (to.length) queueMail(transaction, { id: `${returned.id}-${status}`, to, template: status === 'approved' ? 'returnApproved' : 'returnRejected', data: { returnId: returned.id } });
    queueWebhookEvent(transaction, 'return.updated', returnEventData(returned, status));
    appendAudit(transaction, staff, {
      action: status === 'approved' ? 'return.approve' : 'return.reject',
      target: `orders/${returned.orderId}`,
      summary: `Return ${returned.number} of order ${returned.orderId} ${status}${fee ? ` with a restocking fee of ${restockingFeeText(fee)}` : ''}${input.message ? `: ${input.message}` : ''}`,
      changes: [{ field: 'returnStatus', from: returned.status, to: status }, ...(fee ? [{ field: 'restockingFeeBasisPoints', from: 0, to: fee }] : [])],
    });
    return { returnId: returned.id, status };
  }),
);

/**
 * The warehouse records what of an approved return arrived: resellable units go back to stock
 * (to waiting backorders first), damaged ones do not; every unit received is credited at the
 * prices charged, tax included, less the restocking fee, by one credit note per invoice that
 * carried it, in this same transaction. A request id already used answers as it did.
 */
export const receiveReturn = onCall(
  callableOptions(CONTENDED_CALL_OPTIONS),
  returnMove('returns.receive', receiveReturnInputSchema, async (transaction, { staff, snapshot, returned, input }): Promise<ReceiveReturnResult> => {
    const repeated: unknown = snapshot.get(new FieldPath('receipts', input.requestId));
    if (Array.isArray(repeated)) return { returnId: returned.id, status: returned.status, creditNotes: repeated.filter((each): each is string => typeof each === 'string') };
    if (!awaitsGoods(returned.status)) {
      throw new HttpsError('failed-precondition', `${statusText(returned)}: ${returned.status === 'requested' ? 'approve it before receiving its goods' : 'nothing more can be received on it'}.`);
    }
    const received = receiveUnits(returned.lines, input.lines);
    if ('problem' in received) throw new HttpsError('failed-precondition', received.problem);
    // Everything the receipt changes, read before the first write: the order (its buyer's
    // e-mail), the invoices credited, the credit note counter, the products restocked with the
    // orders waiting for them, the shop's time, and (without a lock) the company.
    const restocked = [...new Set(input.lines.filter((line) => line.condition === 'resellable').map((line) => line.productId))];
    const [order, counter, now, invoices, products, [company]] = await Promise.all([
      transaction.get(db.doc(`orders/${returned.orderId}`)),
      transaction.get(creditNoteCounterRef()),
      shopNow(),
      Promise.all(received.credits.map((credit) => transaction.get(invoiceRef(credit.invoiceNumber)))),
      Promise.all(restocked.map((productId) => transaction.get(db.doc(`products/${productId}`)))),
      readWithoutLock([companyRef(returned.companyId || '-')]),
    ]);
    const lost = invoices.find((invoice) => !invoice.exists);
    if (lost) throw new HttpsError('failed-precondition', `Invoice ${lost.id} of order ${returned.orderId} is missing, so the return cannot be credited. Please tell an administrator.`);
    const fill = await prepareBackorderFill(
      transaction,
      products.filter((product) => product.exists).map((product) => ({ id: product.id, backordered: storedNumber(product.get('backordered')) })),
    );
    const reason = `Return ${returned.number}: ${[...new Set(returned.lines.map((line) => RETURN_REASON_LABELS[line.reason].toLowerCase()))].join(', ')}`;
    const credit = await prepareCreditNotes(
      transaction,
      { company: company!, counter, buyerEmail: order.get('userEmail'), issuedBy: staff.uid, now },
      received.credits.map((each, index) => ({
        invoice: invoices[index]!,
        requestId: `${input.requestId}-${index}`,
        returned: each.lines,
        reason,
        restocked: each.lines.some((line) => restocked.includes(line.productId)),
        restockingFeeBasisPoints: returned.restockingFeeBasisPoints,
        returnNumber: returned.number,
      })),
    );
    // Writes.
    const stockChanges = products.flatMap((product) => {
      if (!product.exists) return [];
      const units = input.lines.filter((line) => line.productId === product.id && line.condition === 'resellable').reduce((sum, line) => sum + line.quantity, 0);
      const from = storedNumber(product.get('stock'));
      const backordered = storedNumber(product.get('backordered'));
      const after = fill.fill(product.id, from + units, backordered);
      transaction.update(product.ref, { stock: after.stock, backordered: after.backordered, updatedAt: FieldValue.serverTimestamp() });
      return [{ sku: storedText(product.get('sku')), units, toBackorders: from + units - after.stock }];
    });
    fill.write();
    credit.write();
    const numbers = credit.notes.map((note) => note.number);
    const status: ReturnStatus = allReceived(received.lines) ? 'credited' : 'received';
    const arrived = input.lines.map((line) => `${line.quantity} × ${returned.lines.find((each) => each.productId === line.productId)!.sku} ${line.condition}`).join(', ');
    transaction.update(snapshot.ref, {
      status,
      lines: received.lines,
      creditNotes: FieldValue.arrayUnion(...numbers),
      [`receipts.${input.requestId}`]: numbers,
      history: FieldValue.arrayUnion(returnEvent(status, now, staff, `Received ${arrived}; credited ${numbers.join(', ')}.`)),
      updatedAt: FieldValue.serverTimestamp(),
    });
    queueWebhookEvent(transaction, 'return.updated', returnEventData(returned, status));
    const total = credit.notes.reduce((sum, note) => sum + note.amount, 0);
    appendAudit(transaction, staff, {
      action: 'return.receive',
      target: `orders/${returned.orderId}`,
      summary: `Return ${returned.number} of order ${returned.orderId}: received ${arrived}; ${stockChanges.map((change) => `${change.sku} +${change.units} to stock${change.toBackorders ? ` (${change.toBackorders} to backorders)` : ''}`).join(', ') || 'nothing restocked'}; credited ${formatMoney(total, returned.currency)} (${numbers.join(', ')})`,
      changes: [{ field: 'returnStatus', from: returned.status, to: status }, { field: 'creditNotes', from: null, to: numbers }],
    });
    return { returnId: returned.id, status, creditNotes: numbers };
  }),
);

/**
 * Staff close a return that will not arrive (or not all of it), with a reason: what was received
 * stays credited, what was not is given back to the order, so it may be asked back again.
 */
export const closeReturn = onCall(
  callableOptions(CONTENDED_CALL_OPTIONS),
  returnMove('returns.decide', closeReturnInputSchema, async (transaction, { staff, snapshot, returned, input }): Promise<ReturnStatusResult> => {
    if (returned.status === 'closed') return { returnId: returned.id, status: returned.status };
    if (!isOpenReturn(returned.status)) throw new HttpsError('failed-precondition', `${statusText(returned)}: there is nothing left to close.`);
    const [order, now] = await Promise.all([transaction.get(db.doc(`orders/${returned.orderId}`)), shopNow()]);
    transaction.update(snapshot.ref, { status: 'closed', history: FieldValue.arrayUnion(returnEvent('closed', now, staff, input.reason)), updatedAt: FieldValue.serverTimestamp() });
    if (order.exists) {
      transaction.update(order.ref, { unitsOnReturns: withUnitsOnReturns(orderFromData(order.id, order.data()!).unitsOnReturns, unreceivedParts(returned.lines), -1), updatedAt: FieldValue.serverTimestamp() });
    }
    const to = buyerAddresses(returned);
    if (to.length) queueMail(transaction, { id: `${returned.id}-closed`, to, template: 'returnClosed', data: { returnId: returned.id } });
    queueWebhookEvent(transaction, 'return.updated', returnEventData(returned, 'closed'));
    appendAudit(transaction, staff, {
      action: 'return.close',
      target: `orders/${returned.orderId}`,
      summary: `Return ${returned.number} of order ${returned.orderId} closed: ${input.reason}`,
      changes: [{ field: 'returnStatus', from: returned.status, to: 'closed' }],
    });
    return { returnId: returned.id, status: 'closed' };
  }),
);
