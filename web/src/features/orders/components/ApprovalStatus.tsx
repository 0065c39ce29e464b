import { forDeciders, mayDecideApproval, type Company, type Order } from '@harbor/domain';
import { formatDay, formatMoment } from '../../../lib/dates';
import { ApprovalActions } from './ApprovalActions';

interface ApprovalStatusProps {
  order: Order;
  /** The viewer's company, when it is the order's (its owner or approvers decide). */
  company: Company | null;
  uid: string;
}

/** Why an order waited for approval, who decided it and how; Approve and Reject for whoever may decide it now. */
export function ApprovalStatus({ order, company, uid }: ApprovalStatusProps) {
  const approval = order.approval;
  if (!approval) return null;
  const deciding = order.status === 'awaiting-approval' && company?.id === order.companyId && mayDecideApproval(company, uid, order.userId);
  return (
    <section className="card approval-status" aria-labelledby="approval-heading">
      <h2 id="approval-heading">Approval</h2>
      {/* The stored reason is in the buyer's words; anyone else reads it about the buyer. */}
      <p>{order.userId === uid ? approval.message : forDeciders(approval.message, order.placedByName)}.</p>
      {order.status === 'awaiting-approval' && (
        <p className="small">
          {order.userId === uid ? 'An owner or approver of your company decides it' : 'Waiting for an owner or approver of the company'}; not decided by{' '}
          {formatDay(approval.dueAt)}, it is rejected.
        </p>
      )}
      {approval.decision && (
        <p className="small">
          {approval.decision === 'approved' ? 'Approved' : 'Rejected'}
          {approval.decidedByName ? ` by ${approval.decidedByName}` : ''}
          {approval.decidedAt ? ` on ${formatMoment(approval.decidedAt)}` : ''}
          {approval.decisionReason ? `: ${approval.decisionReason}` : '.'}
        </p>
      )}
      {deciding && <ApprovalActions order={order} />}
    </section>
  );
}
