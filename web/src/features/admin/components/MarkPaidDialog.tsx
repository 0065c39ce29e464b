import { formatMoney, invoiceOpenAmount, type Invoice, type Order } from '@harbor/domain';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { failureMessage } from '../../../components/LoadError';
import { MODAL_TOASTER } from '../../../components/Modal';
import { toast } from '../../../lib/toast';
import { useMarkOrderPaidMutation } from '../receivablesApi';

/**
 * Asks before marking an order's invoice paid: the customer's credit on account pays first and a
 * payment of the rest is recorded. Each confirmation sends a request id of its own, so a retried
 * call records nothing twice and a new one after a reversal pays again.
 */
export function MarkPaidDialog({ order, invoice, onClose }: { order: Order; invoice: Invoice; onClose: () => void }) {
  const [markOrderPaid, { isLoading }] = useMarkOrderPaidMutation();
  const open = invoiceOpenAmount(invoice);

  async function confirm() {
    const result = await markOrderPaid({ orderId: order.id, invoiceNumber: invoice.number, requestId: crypto.randomUUID() });
    if ('error' in result) {
      toast.error(failureMessage(result.error, 'The invoice could not be marked paid. Please try again.'), { toasterId: MODAL_TOASTER });
      return;
    }
    toast.success(`Invoice ${invoice.number} is paid.`, { toasterId: MODAL_TOASTER });
    onClose();
  }

  return (
    <ConfirmDialog title={`Mark invoice ${invoice.number} paid?`} confirmLabel="Mark paid" cancelLabel="Go back" busyLabel="Recording…" busy={isLoading} onConfirm={() => void confirm()} onClose={onClose}>
      <p>
        {formatMoney(open, order.currency)} is open on invoice {invoice.number} of {order.company || 'this customer'}. Credit on the customer&apos;s account pays it first; the rest is
        recorded as a payment received today.
      </p>
    </ConfirmDialog>
  );
}
