import { useId, useState, type FormEvent } from 'react';
import type { Order } from '@harbor/domain';
import { Modal } from '../../../components/Modal';
import { toast } from '../../../lib/toast';
import { useDecideApprovalMutation } from '../api';

/** The reason asked before rejecting: required, kept while the call runs and when it fails. */
function RejectDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [decide, { isLoading }] = useDecideApprovalMutation();

  async function reject(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!reason.trim()) return setError('Give a reason for rejecting the order.');
    const result = await decide({ orderId: order.id, decision: 'reject', reason });
    if (result.error) {
      setError(result.error.message ?? 'The order could not be rejected.');
      // On the page's toaster: an order decided meanwhile leaves the queue, and this dialog with it.
      toast.error(result.error.message ?? 'The order could not be rejected.');
      return;
    }
    toast.success(`Order ${order.id} rejected. ${order.placedByName || 'The buyer'} is told why by e-mail.`);
    onClose();
  }

  return (
    <Modal title={`Reject order ${order.id}?`} onClose={onClose} locked={isLoading}>
      <form onSubmit={reject} noValidate>
        <div className="dialog-body">
          <p>Its products go back to stock and nothing is charged. {order.placedByName || 'The buyer'} is e-mailed your reason.</p>
          <div className="field">
            <label htmlFor={reasonId}>Reason</label>
            <textarea
              id={reasonId}
              rows={3}
              maxLength={500}
              value={reason}
              onChange={(event) => {
                setReason(event.target.value);
                setError(null);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${reasonId}-error` : undefined}
              autoFocus
            />
            {error && (
              <small id={`${reasonId}-error`} className="field-error" role="alert">
                {error}
              </small>
            )}
          </div>
        </div>
        <div className="dialog-actions">
          <button type="button" className="button secondary" onClick={onClose} disabled={isLoading}>
            Keep it
          </button>
          <button type="submit" className="button danger" disabled={isLoading}>
            {isLoading ? 'Rejecting…' : 'Reject order'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** Approve or Reject (with a reason) for an owner or approver of the buying company. */
export function ApprovalActions({ order }: { order: Order }) {
  const [decide, { isLoading }] = useDecideApprovalMutation();
  const [rejecting, setRejecting] = useState(false);

  async function approve() {
    const result = await decide({ orderId: order.id, decision: 'approve' });
    if (result.error) toast.error(result.error.message ?? 'The order could not be approved.');
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
