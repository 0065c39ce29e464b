/**
 * Purchase approvals: an owner or approver of the buying company approves or rejects an order
 * that was over its buyer's limits (`decideApproval`), and one not decided within APPROVAL_DAYS
 * is rejected as not approved in time (`expireApprovals`, or the decision that finds it so).
 */
import { FieldValue, Timestamp, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import { HttpsError, onCall } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { APPROVAL_DAYS, APPROVAL_EXPIRED_REASON, companyFromData, decideApprovalInputSchema, decidesApprovals, fulfilmentIndex, mayDecideApproval, millisOf, orderFromData, ORDER_STATUS_LABELS, storedText, type OrderStatus, type StatusChange } from '@harbor/domain';
import { db } from './admin';
import { callableOptions, parseInput, requireUser } from './callable';
import { companyRef } from './companies';
import { queueWebhookEvent } from './integrations/webhooks';
import { queueOrderReceivedMail, queueStatusMail } from './mail/orderMail';
import { prepareRelease } from './orderRelease';
import { CONTENDED_CALL_OPTIONS, readWithoutLock, runContendedTransaction } from './transactions';

/** Who decided: a member of the company, or no one (the order was not approved in time). */
interface Decider {
  uid: string;
  name: string;
}
const NOT_IN_TIME: Decider = { uid: 'system', name: '' };

/** Orders the expiry job reads at a time. */
const PAGE_SIZE = 200;

const awaiting = (order: DocumentSnapshot) => order.get('status') === 'awaiting-approval';
const overdue = (order: DocumentSnapshot, now: number) => millisOf(order.get('approval.dueAt')) <= now;

/** Records the decision on an order awaiting approval; rejecting gives back its units, credit and month. Reads first, then writes. */
async function decide(transaction: Transaction, order: DocumentSnapshot, decision: 'approved' | 'rejected', decider: Decider, reason: string): Promise<void> {
  const release = decision === 'rejected' ? await prepareRelease(transaction, order) : null;
  release?.write();
  const status: OrderStatus = decision === 'approved' ? 'pending' : 'rejected';
  const change: StatusChange = { status, at: Date.now(), by: decider.uid };
  const placed = orderFromData(order.id, order.data()!);
  transaction.update(order.ref, {
    status,
    // Approved, its allocated units are ready for the warehouse.
    ...(release ? release.orderFields(status) : fulfilmentIndex(status, placed.items, placed.shipComplete)),
    'approval.decision': decision,
    'approval.decidedBy': decider.uid,
    'approval.decidedByName': decider.name,
    'approval.decidedAt': FieldValue.serverTimestamp(),
    'approval.decisionReason': reason,
    statusHistory: FieldValue.arrayUnion(change),
    updatedAt: FieldValue.serverTimestamp(),
  });
  // Approved, the order takes the normal path: the buyer's confirmation and the shop's notice.
  if (decision === 'approved') queueOrderReceivedMail(transaction, order.id, order.get('userEmail'));
  else queueStatusMail(transaction, order.id, 'rejected', order.get('userEmail'));
  queueWebhookEvent(transaction, 'order.updated', { orderId: order.id, companyId: placed.companyId, status });
}

/**
 * An owner or approver of the order's company approves it (it becomes pending) or rejects it with
 * a reason (it becomes rejected, and its stock, credit and month are given back), once. The member
 * who placed it never decides it; anyone who may not read the order is told it does not exist.
 * An order past its time is rejected as not approved in time, and the caller is told so.
 */
export const decideApproval = onCall(callableOptions(CONTENDED_CALL_OPTIONS), async (request) => {
  const uid = requireUser(request);
  const { orderId, decision, reason } = parseInput(decideApprovalInputSchema, request.data);
  const outcome = await runContendedTransaction(async (transaction) => {
    const [order, user] = (await transaction.getAll(db.doc(`orders/${orderId}`), db.doc(`users/${uid}`))) as [DocumentSnapshot, DocumentSnapshot];
    const companyId: unknown = order.get('companyId');
    // Without a lock: every order of the company writes it (its open balance), and a decision must not hold them up.
    const [company] = order.exists && typeof companyId === 'string' && companyId && !companyId.includes('/') ? await readWithoutLock([companyRef(companyId)]) : [null];
    const members = company?.exists ? companyFromData(company.id, company.data()!) : null;
    const placedBy = storedText(order.get('userId'));
    const mayRead = placedBy === uid || (members && decidesApprovals(members.members[uid]));
    const staffReadsOrders = ['admin', 'warehouse', 'finance'].includes(storedText(user.get('role')));
    if (!order.exists || !members || (!mayRead && !staffReadsOrders)) throw new HttpsError('not-found', `There is no order ${orderId}.`);
    if (!mayDecideApproval(members, uid, placedBy)) {
      throw new HttpsError(
        'permission-denied',
        placedBy === uid ? 'You placed this order: another approver or the owner of your company decides it.' : "Only an owner or approver of the buying company may decide its orders.",
      );
    }
    if (!awaiting(order)) {
      const label = ORDER_STATUS_LABELS[order.get('status') as OrderStatus] ?? String(order.get('status'));
      throw new HttpsError('failed-precondition', `Order ${orderId} no longer awaits approval: it is ${label.toLowerCase()}.`);
    }
    if (overdue(order, Date.now())) {
      await decide(transaction, order, 'rejected', NOT_IN_TIME, APPROVAL_EXPIRED_REASON);
      return 'expired' as const;
    }
    await decide(transaction, order, decision === 'approve' ? 'approved' : 'rejected', { uid, name: storedText(user.get('name')) || storedText(members.memberDetails[uid]?.name) }, reason);
    return decision === 'approve' ? ('pending' as const) : ('rejected' as const);
  }, 'This order is being changed right now. Please try again in a moment.');
  if (outcome === 'expired') throw new HttpsError('failed-precondition', `Order ${orderId} was not approved within ${APPROVAL_DAYS} days and has been rejected.`);
  return { orderId, status: outcome };
});

/**
 * Rejects every order still awaiting approval whose time ran out by `now` (ms), each in its own
 * transaction that checks the order again, so a decision made meanwhile stands. Returns how many
 * it rejected. Tests call it with the moment they want.
 */
export async function rejectOverdueApprovals(now: number): Promise<number> {
  const overdueOrders = db.collection('orders').where('status', '==', 'awaiting-approval').where('approval.dueAt', '<=', Timestamp.fromMillis(now)).orderBy('approval.dueAt').limit(PAGE_SIZE);
  let rejected = 0;
  let page = await overdueOrders.get();
  for (;;) {
    for (const candidate of page.docs) {
      // One order that cannot be rejected now (busy, or malformed) is left for the next run, not the rest.
      const done = await runContendedTransaction(async (transaction) => {
        const order = await transaction.get(candidate.ref);
        if (!awaiting(order) || !overdue(order, now)) return false;
        await decide(transaction, order, 'rejected', NOT_IN_TIME, APPROVAL_EXPIRED_REASON);
        return true;
      }, 'The order is being changed right now.').catch((error: unknown) => {
        console.error(`Order ${candidate.id} could not be rejected as not approved in time; the next run tries again.`, error);
        return false;
      });
      if (done) rejected++;
    }
    if (page.size < PAGE_SIZE) return rejected;
    page = await overdueOrders.startAfter(page.docs[page.size - 1]!).get();
  }
}

/** Every hour: orders not approved within APPROVAL_DAYS are rejected. */
export const expireApprovals = onSchedule({ schedule: 'every 60 minutes', timeoutSeconds: 300 }, async () => {
  const rejected = await rejectOverdueApprovals(Date.now());
  if (rejected) console.log(`Rejected ${rejected} orders not approved within ${APPROVAL_DAYS} days.`);
});
