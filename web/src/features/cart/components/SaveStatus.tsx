import { useCart } from '../../../lib/cart';

/** Whether a signed-in buyer's latest cart changes have reached the server. */
export function SaveStatus() {
  const { saving, saveFailed } = useCart();
  return (
    <p className="muted small save-status" role="status">
      {saveFailed ? 'Your latest change is not saved yet; trying again…' : saving ? 'Saving your cart...' : ''}
    </p>
  );
}
