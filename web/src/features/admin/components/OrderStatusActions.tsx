import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  nextStatuses,
  normalizeTrackingNumber,
  ORDER_STATUS_LABELS,
  permissionForStatusChange,
  STAFF_ROLES,
  staffMay,
  type Order,
  type OrderStatus,
  type StaffRole,
  type UpdateOrderStatusInput,
} from '@harbor/domain';
import { CarrierFields, type CarrierValues } from './CarrierFields';

/** A status change as the callable takes it, without the order id; shipped names carrier and tracking number. */
export type StatusChangeRequest = Omit<UpdateOrderStatusInput, 'orderId'>;

/** Marking an order shipped: the carrier and a tracking number in the carrier's format. */
function ShipmentEntry({ busy, onShip, onBack }: { busy: boolean; onShip: (change: StatusChangeRequest) => void; onBack: () => void }) {
  const { register, handleSubmit, getValues, formState } = useForm<CarrierValues>({ defaultValues: { carrier: '', trackingNumber: '' }, mode: 'onTouched' });
  const ship = handleSubmit(({ carrier, trackingNumber }) => {
    if (carrier) onShip({ status: 'shipped', carrier, trackingNumber: normalizeTrackingNumber(trackingNumber) });
  });
  return (
    <form className="shipment-form" aria-label="Shipment" onSubmit={(event) => void ship(event)} noValidate>
      <CarrierFields register={register} getValues={getValues} errors={formState.errors} />
      <div className="status-actions">
        <button type="submit" className="button" disabled={busy} aria-busy={busy}>
          {busy ? BUSY_LABELS.shipped : 'Confirm shipment'}
        </button>
        <button type="button" className="button secondary" disabled={busy} onClick={onBack}>
          Back
        </button>
      </div>
    </form>
  );
}

/** Staff move orders forward or cancel them; an order reaches awaiting approval, and leaves it, only by its company (decideApproval). */
type StaffStatus = Exclude<OrderStatus, 'awaiting-approval' | 'rejected' | 'partially-shipped'>;
const ACTION_LABELS: Record<StaffStatus, string> = {
  pending: 'Back to pending',
  processing: 'Start processing',
  shipped: 'Mark as shipped',
  delivered: 'Mark as delivered',
  cancelled: 'Cancel order',
};
/** What the pressed button says until the server answers. */
const BUSY_LABELS: Record<StaffStatus, string> = {
  pending: 'Moving back to pending…',
  processing: 'Starting processing…',
  shipped: 'Marking as shipped…',
  delivered: 'Marking as delivered…',
  cancelled: 'Cancelling…',
};

/** The change as a sentence says it: "To mark it delivered, ask…". */
const STEP_WORDS: Record<StaffStatus, string> = {
  pending: 'put it back to pending',
  processing: 'start processing it',
  shipped: 'mark it shipped',
  delivered: 'mark it delivered',
  cancelled: 'cancel it',
};
/** Whom to ask, by role. */
const ASK_ROLE: Record<StaffRole, string> = { admin: 'an administrator', sales: 'sales', warehouse: 'the warehouse', finance: 'finance' };

/** For a role that may not make any of `steps`: which roles may, and what they would do. */
function whomToAsk(steps: StaffStatus[]): string {
  const roles = STAFF_ROLES.filter((role) => steps.some((step) => staffMay(role, permissionForStatusChange(step))));
  return `To ${steps.map((step) => STEP_WORDS[step]).join(' or ')}, ask ${roles.map((role) => ASK_ROLE[role]).join(' or ')}.`;
}

interface OrderStatusActionsProps {
  order: Order;
  busy: boolean;
  onChange: (change: StatusChangeRequest) => void;
  /** Whether the signed-in role may make this change (the warehouse does not cancel); every change by default. */
  mayChangeTo?: (status: OrderStatus) => boolean;
}

/**
 * One button per legal next status; cancelling (which restocks) asks first, shipping asks for the
 * tracking number. While a change is under way every button waits, and the pressed one says what
 * is happening.
 */
export function OrderStatusActions({ order, busy, onChange, mayChangeTo = () => true }: OrderStatusActionsProps) {
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [enteringShipment, setEnteringShipment] = useState(false);
  // The status last asked for, so the button pressed is the one that says it is under way.
  const [asked, setAsked] = useState<StaffStatus | null>(null);
  const change = (status: StaffStatus) => {
    setAsked(status);
    onChange({ status });
  };
  const legal = nextStatuses(order.status);
  const steps = legal.filter((status): status is StaffStatus => status in ACTION_LABELS);
  // Marking shipped ships everything at once: not while units wait on backorder (ship a part, or cancel the rest).
  const waiting = order.items.some((item) => item.backordered > 0);
  const options = steps.filter((status) => mayChangeTo(status) && !(status === 'shipped' && waiting));
  const current = ORDER_STATUS_LABELS[order.status].toLowerCase();
  if (legal.length === 0) return <p className="muted small">This order is {current}; its status is final.</p>;
  if (options.length === 0) return <p className="muted small">This order is {current}. {whomToAsk(steps)}</p>;
  if (enteringShipment) return <ShipmentEntry busy={busy} onShip={onChange} onBack={() => setEnteringShipment(false)} />;

  if (confirmingCancel) {
    const units = order.items.reduce((sum, item) => sum + item.quantity, 0);
    return (
      <div className="cancel-confirm" role="group" aria-label="Confirm cancellation">
        <p>
          Cancel this order? Its {units} unit{units === 1 ? '' : 's'} go back to stock. This cannot be undone.
        </p>
        <div className="status-actions">
          <button type="button" className="button danger" disabled={busy} aria-busy={busy} onClick={() => change('cancelled')}>
            {busy ? BUSY_LABELS.cancelled : 'Yes, cancel order'}
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
      {order.status === 'awaiting-approval' && <p className="muted small">This order awaits the approval of the buyer&rsquo;s company: until then it can only be cancelled.</p>}
      {options.map((status) =>
        status === 'cancelled' ? (
          <button key={status} type="button" className="button secondary danger-text" disabled={busy} onClick={() => setConfirmingCancel(true)}>
            {ACTION_LABELS[status]}
          </button>
        ) : (
          <button key={status} type="button" className="button" disabled={busy} aria-busy={busy && asked === status} onClick={() => (status === 'shipped' ? setEnteringShipment(true) : change(status))}>
            {busy && asked === status ? BUSY_LABELS[status] : ACTION_LABELS[status]}
          </button>
        ),
      )}
    </div>
  );
}
