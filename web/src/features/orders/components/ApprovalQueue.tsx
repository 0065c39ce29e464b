import { skipToken } from '@reduxjs/toolkit/query/react';
import { Link } from 'react-router-dom';
import { decidesApprovals, forDeciders, formatMoney } from '@harbor/domain';
import { LoadError } from '../../../components/LoadError';
import { Spinner } from '../../../components/Spinner';
import { paths } from '../../../config';
import { useBuyerAccount } from '../../../lib/company';
import { formatDay, formatMoment } from '../../../lib/dates';
import { useAuth } from '../../../lib/session';
import { useGetOrdersAwaitingApprovalQuery } from '../api';
import { ApprovalActions } from './ApprovalActions';
import '../orders.css';

/** /profile, for a company's owner and approvers: the buyers' orders over their limits, oldest first, each with Approve and Reject. */
export function ApprovalQueue() {
  const { user } = useAuth();
  const { company } = useBuyerAccount();
  const role = user && company ? company.members[user.uid] : undefined;
  const decides = decidesApprovals(role);
  const { data: orders, isLoading, isError, error, refetch } = useGetOrdersAwaitingApprovalQuery(decides && company ? company.id : skipToken);
  if (!decides || !user) return null;
  return (
    <section className="card approval-queue" id="approvals" aria-labelledby="approvals-heading" aria-busy={isLoading}>
      <h2 id="approvals-heading">Awaiting your approval</h2>
      {isLoading && <Spinner label="Loading orders awaiting approval…" />}
      {isError && <LoadError error={error} fallback="The orders awaiting your approval could not be loaded." onRetry={refetch} />}
      {orders?.length === 0 && <p className="muted">No order awaits your approval.</p>}
      {orders && orders.length > 0 && (
        <ul className="plain-list approval-list">
          {orders.map((order) => (
            <li key={order.id} className="approval-item">
              <div>
                <Link className="mono" to={paths.orderConfirmation(order.id)}>
                  {order.id}
                </Link>{' '}
                <strong>{formatMoney(order.total, order.currency)}</strong>
                <span className="muted small">
                  {' '}
                  by {order.placedByName || order.userEmail} on {formatMoment(order.createdAt)}, {order.items.length} {order.items.length === 1 ? 'line' : 'lines'}
                  {order.poNumber ? `, PO ${order.poNumber}` : ''}
                </span>
                <p className="small">
                  {order.approval ? forDeciders(order.approval.message, order.placedByName) : 'Over the buyer’s limit'}. Decide by {formatDay(order.approval?.dueAt ?? order.createdAt)}.
                </p>
              </div>
              {order.userId === user.uid ? <p className="muted small">You placed this order: another approver or the owner decides it.</p> : <ApprovalActions order={order} />}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
