import './order.css';
import { useState } from 'react';
import { stillToComeText, unitsToShip, type Order } from '@harbor/domain';
import { ReasonDialog } from '../ReasonDialog';
import { toast } from '../../lib/toast';
import { useCancelBackorderMutation } from '../../lib/orders/fulfilmentApi';

const unitsText = (units: number) => `${units} ${units === 1 ? 'unit' : 'units'}`;

/** What the toast says the order became. */
const AFTERWARDS: Partial<Record<Order['status'], string>> = {
  shipped: ' Everything else has shipped: the order is complete.',
  cancelled: ' Nothing of it had shipped: the order is cancelled.',
};

/** Asks for the reason, says what goes, and cancels every unit not shipped; one request id per dialog, so a retry cancels once. */
function CancelRestDialog({ order, viewerPlacedIt, toasterId, onClose }: { order: Order; viewerPlacedIt: boolean; toasterId: string | undefined; onClose: () => void }) {
  const [cancelBackorder, { isLoading }] = useCancelBackorderMutation();
  const [requestId] = useState(() => crypto.randomUUID());
  const open = order.items.filter((item) => item.allocated + item.backordered > 0);
  const shippedAny = order.items.some((item) => item.shipped > 0);

  async function cancel(reason: string): Promise<string | null> {
    const result = await cancelBackorder({ orderId: order.id, requestId, reason });
    if (result.error) return result.error.message ?? 'The rest of the order could not be cancelled. Please try again.';
    const units = result.data.cancelled.reduce((total, line) => total + line.units, 0);
    toast.success(`${unitsText(units)} of order ${order.id} cancelled.${AFTERWARDS[result.data.status] ?? ''}`, { toasterId });
    onClose();
    return null;
  }

  return (
    <ReasonDialog
      title={`Cancel the rest of order ${order.id}?`}
      missingReason="Give a reason for cancelling the rest of the order."
      confirmLabel="Cancel the rest"
      cancelLabel="Keep the order"
      busyLabel="Cancelling…"
      busy={isLoading}
      onSubmit={cancel}
      onClose={onClose}
    >
      <p>Every unit not shipped yet is cancelled:</p>
      <ul className="cancel-rest-lines">
        {open.map((item) => (
          <li key={item.productId}>
            <strong>{item.allocated + item.backordered}</strong> of {item.name} ({item.sku}): {stillToComeText(item).join(', ')}
          </li>
        ))}
      </ul>
      <p>
        {shippedAny ? 'What has shipped stays as it is, on its invoices. ' : 'Nothing of this order has shipped, so the whole order is cancelled. '}
        Nothing is charged for the cancelled units.{' '}
        {viewerPlacedIt ? 'You get an e-mail of what was cancelled and why.' : `${order.placedByName || 'The buyer who placed it'} is e-mailed what was cancelled and your reason.`} This cannot be undone.
      </p>
    </ReasonDialog>
  );
}

/**
 * "Cancel the rest…" on an order with units not shipped yet: for the company's owner or an
 * approver on the buyer's page, for staff who cancel orders in the back office (`toasterId`: the
 * modal's toaster).
 */
export function CancelRest({ order, viewerPlacedIt, toasterId }: { order: Order; viewerPlacedIt: boolean; toasterId?: string }) {
  const [confirming, setConfirming] = useState(false);
  const left = unitsToShip(order.items);
  return (
    <div className="cancel-rest">
      <p className="small">
        {unitsText(left)} {left === 1 ? 'is' : 'are'} not shipped yet. If you no longer want {left === 1 ? 'it' : 'them'}, you can cancel the rest of the order.
      </p>
      <button type="button" className="button secondary small" onClick={() => setConfirming(true)}>
        Cancel the rest…
      </button>
      {confirming && <CancelRestDialog order={order} viewerPlacedIt={viewerPlacedIt} toasterId={toasterId} onClose={() => setConfirming(false)} />}
    </div>
  );
}
