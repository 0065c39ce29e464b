import { useId } from 'react';
import { RefreshCw } from 'lucide-react';
import type { CartItem, OrderChange } from '@harbor/domain';

interface OrderChangesPanelProps {
  changes: OrderChange[];
  /** The buyer's own cart names the lines the server does not (a product the buyer may no longer read). */
  items: CartItem[];
}

/** The lines the server would not take as confirmed: a product the buyer may not read is named from the buyer's own cart. */
function describe(change: OrderChange, items: CartItem[]): string {
  const ownName = 'productId' in change ? items.find((item) => item.id === change.productId)?.name : undefined;
  switch (change.kind) {
    case 'unavailable':
      return ownName ? `${ownName} is no longer available.` : change.message;
    case 'removed':
      return ownName ? `${ownName} (quantity ${change.quantity}) is no longer in your cart.` : change.message;
    default:
      return change.message;
  }
}

/**
 * What changed since the buyer confirmed the order (placeOrder's refusal): shown beside the
 * summary, which already shows the order as it is now, so the buyer reviews and confirms again.
 */
export function OrderChangesPanel({ changes, items }: OrderChangesPanelProps) {
  const headingId = useId();
  return (
    <section className="card notice order-changes" role="alert" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <RefreshCw size={18} aria-hidden="true" /> Your order changed
      </h2>
      <p>Nothing was ordered. Since you confirmed, this changed:</p>
      <ul>
        {changes.map((change, index) => (
          <li key={`${change.kind}-${'productId' in change ? change.productId : ''}-${index}`}>{describe(change, items)}</li>
        ))}
      </ul>
      <p className="muted small">The summary now shows your order as it is. Review it, then place the order again.</p>
    </section>
  );
}
