import { useState } from 'react';
import type { Order } from '@harbor/domain';
import { ReasonDialog } from '../../../components/ReasonDialog';
import { toast } from '../../../lib/toast';
import { useDecideApprovalMutation } from '../api';

/** The reason asked before rejecting. */
function RejectDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const [decide, { isLoading }] = useDecideApprovalMutation();

  async function reject(reason: string): Promise<string | null> {
    const result = await decide({ orderId: order.id, decision: 'reject', reason });
    if (result.error) {
      // On the page's toaster too: an order decided meanwhile leaves the queue, and this dialog with it.
      toast.error(result.error.message ?? 'The order could not be rejected. Please try again.');
      return result.error.message ?? 'The order could not be rejected. Please try again.';
    }
    toast.success(`Order ${order.id} rejected. ${order.placedByName || 'The buyer'} is told why by e-mail.`);
    onClose();
    return null;
  }

  return (
    <ReasonDialog
      title={`Reject order ${order.id}?`}
      missingReason="Give a reason for rejecting the order."
      confirmLabel="Reject order"
      cancelLabel="Don't reject"
      busyLabel="Rejecting…"
      busy={isLoading}
      onSubmit={reject}
      onClose={onClose}
    >
      <p>Its products go back to stock and nothing is charged. {order.placedByName || 'The buyer'} is e-mailed your reason.</p>
    </ReasonDialog>
  );
}

/** Approve or Reject (with a reason) for an owner or approver of the buying company. */
export function ApprovalActions({ order }: { order: Order }) {
  const [decide, { isLoading }] = useDecideApprovalMutation();
  const [rejecting, setRejecting] = useState(false);

  async function approve() {
    const result = await decide({ orderId: order.id, decision: 'approve' });
    if (result.error) toast.error(result.error.message ?? 'The order could not be approved. Please try again.');
    else toast.success(`Order ${order.id} approved. It goes to the warehouse now.`);
  }

  return (
    <div className="approval-actions">
      <button type="button" className="button small" disabled={isLoading} onClick={approve} aria-busy={isLoading}>
        {isLoading ? 'Approving…' : 'Approve'} <span className="visually-hidden">order {order.id}</span>
      </button>
      <button type="button" className="button small secondary" disabled={isLoading} onClick={() => setRejecting(true)}>
        Reject <span className="visually-hidden">order {order.id}</span>
      </button>
      {rejecting && <RejectDialog order={order} onClose={() => setRejecting(false)} />}
    </div>
  );
}
