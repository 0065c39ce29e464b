import { useState } from 'react';
import { nextStatuses, type Order, type OrderStatus } from '@harbor/domain';

const ACTION_LABELS: Record<OrderStatus, string> = {
  pending: 'Back to pending',
  processing: 'Start processing',
  shipped: 'Mark as shipped',
  delivered: 'Mark as delivered',
  cancelled: 'Cancel order',
};

interface OrderStatusActionsProps {
  order: Order;
  busy: boolean;
  onChange: (status: OrderStatus) => void;
}

/** One button per legal next status; cancelling (which restocks) asks first. */
export function OrderStatusActions({ order, busy, onChange }: OrderStatusActionsProps) {
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const options = nextStatuses(order.status);
  if (options.length === 0) return <p className="muted small">This order is {order.status}; its status is final.</p>;

  if (confirmingCancel) {
    const units = order.items.reduce((sum, item) => sum + item.quantity, 0);
    return (
      <div className="cancel-confirm" role="group" aria-label="Confirm cancellation">
        <p>
          Cancel this order? Its {units} unit{units === 1 ? '' : 's'} go back to stock. This cannot be undone.
        </p>
        <div className="status-actions">
          <button type="button" className="button danger" disabled={busy} onClick={() => onChange('cancelled')}>
            {busy ? 'Cancelling…' : 'Yes, cancel order'}
          </button>
          <button type="button" className="button secondary" disabled={busy} onClick={() => setConfirmingCancel(false)} autoFocus>
            Keep order
          </button>
        </div>
      </div>
    );
  }

  return (
    <div className="status-actions">
      {options.map((status) =>
        status === 'cancelled' ? (
          <button key={status} type="button" className="button secondary danger-text" disabled={busy} onClick={() => setConfirmingCancel(true)}>
            {ACTION_LABELS[status]}
          </button>
        ) : (
          <button key={status} type="button" className="button" disabled={busy} onClick={() => onChange(status)}>
            {ACTION_LABELS[status]}
          </button>
        ),
      )}
    </div>
  );
}
