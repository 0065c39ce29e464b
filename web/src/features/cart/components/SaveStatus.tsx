import { useCart } from '../../../lib/cart';

/**
 * Whether a signed-in buyer's latest changes have reached the server. A failed save is only logged
 * (the spec) and tried again; until it lands the cart keeps saying it is saving.
 */
export function SaveStatus() {
  const { saving } = useCart();
  return (
    <p className="muted small save-status" role="status">
      {saving ? 'Saving your cart...' : ''}
    </p>
  );
}
