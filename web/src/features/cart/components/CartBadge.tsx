import { Link } from 'react-router-dom';
import { ShoppingCart } from 'lucide-react';
import { useCart } from '../../../lib/cart';

/** Cart icon; the badge shows the total quantity and only when there is something in the cart. */
export function CartBadge() {
  const { count } = useCart();
  const label = count > 0 ? `Cart, ${count} ${count === 1 ? 'item' : 'items'}` : 'Cart, empty';
  return (
    <Link to="/cart" className="cart-link" aria-label={label}>
      <ShoppingCart aria-hidden="true" size={22} />
      {count > 0 && (
        <span className="cart-badge" data-testid="cart-badge">
          {count}
        </span>
      )}
    </Link>
  );
}
