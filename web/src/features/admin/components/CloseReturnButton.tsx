import { useState } from 'react';
import { closeReturnInputSchema, type ProductReturn } from '@harbor/domain';
import { failureMessage } from '../../../components/LoadError';
import { ReasonDialog } from '../../../components/ReasonDialog';
import { useCloseReturnMutation } from '../../../lib/returns/returnsApi';
import { toast } from '../../../lib/toast';

type ClosableReturn = Pick<ProductReturn, 'id' | 'number' | 'status'>;

/** Asks for the reason (checked with the callable's schema) and closes the return; a refusal is shown beside the reason, which stays. */
function CloseReturnDialog({ productReturn, onClose }: { productReturn: ClosableReturn; onClose: () => void }) {
  const [closeReturn, { isLoading }] = useCloseReturnMutation();

  async function close(reason: string): Promise<string | null> {
    const parsed = closeReturnInputSchema.safeParse({ returnId: productReturn.id, reason });
    if (!parsed.success) return parsed.error.issues[0]?.message ?? 'Please give a reason.';
    const result = await closeReturn(parsed.data);
    if ('error' in result) return failureMessage(result.error, 'The return could not be closed. Please try again.');
    toast.success(`Return ${productReturn.number} closed.`);
    onClose();
    return null;
  }

  return (
    <ReasonDialog
      title={`Close return ${productReturn.number}?`}
      missingReason="Give the reason for closing the return."
      confirmLabel="Close return"
      cancelLabel="Keep it open"
      busyLabel="Closing…"
      busy={isLoading}
      onSubmit={close}
      onClose={onClose}
    >
      <p>
        {productReturn.status === 'received'
          ? 'What has arrived stays received and credited; the units not received are no longer expected, and are not credited.'
          : 'Nothing of it is expected or credited any more.'}{' '}
        The buyer is e-mailed your reason and may ask to return the units not received again while their return window lasts. This cannot be undone.
      </p>
    </ReasonDialog>
  );
}

/** "Close return…" on an open return, for staff who decide returns: goods that will not (all) arrive. */
export function CloseReturnButton({ productReturn }: { productReturn: ClosableReturn }) {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <button type="button" className="button secondary" onClick={() => setConfirming(true)}>
        Close return…
      </button>
      {confirming && <CloseReturnDialog productReturn={productReturn} onClose={() => setConfirming(false)} />}
    </>
  );
}
