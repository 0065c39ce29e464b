import { ORDER_STATUS_LABELS, type OrderStatus } from '@harbor/domain';
import './order.css';

/** An order's status as a coloured label, the same for shoppers and in the back office. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`status-badge status-${status}`}>{ORDER_STATUS_LABELS[status] ?? status}</span>;
}
