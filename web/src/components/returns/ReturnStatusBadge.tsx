import { RETURN_STATUS_LABELS, type ReturnStatus } from '@harbor/domain';
import '../order/order.css';
import './returns.css';

/** A return's status as a coloured label, the same for buyers and in the back office. */
export function ReturnStatusBadge({ status }: { status: ReturnStatus }) {
  return <span className={`status-badge return-status-${status}`}>{RETURN_STATUS_LABELS[status]}</span>;
}
