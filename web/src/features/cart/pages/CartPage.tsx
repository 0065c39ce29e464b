import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Trash2 } from 'lucide-react';
import { formatMoney, meetsMinimumOrder, orderTotals, SHOP_RULES, type CartItem } from '@harbor/domain';
import { useAppDispatch } from '../../../lib/hooks';
import { QuantityStepper } from '../../../components/QuantityStepper';
import { Spinner } from '../../../components/Spinner';
import { useAuth } from '../../../lib/session';
import { QuickOrder, type QuickOrderResult } from '../components/QuickOrder';
import { cartCleared, itemRemoved, quantityUpdated } from '../../../lib/cart';
import { useCart } from '../../../lib/cart';

function CartLine({ item }: { item: CartItem }) {
  const dispatch = useAppDispatch();
  return (
    <li className="cart-line">
      <img src={item.imageUrl} alt="" width="72" height="72" loading="lazy" />
      <div className="cart-line-info">
        <Link to={`/product/${encodeURIComponent(item.id)}`} className="cart-line-name">
          {item.name}
        </Link>
        <span className="muted small">
          SKU {item.sku} · {item.unit}
        </span>
        <span className="small">{formatMoney(item.price)} each</span>
      </div>
      <QuantityStepper
        value={item.quantity}
        rules={{ minOrderQty: item.minOrderQty, packSize: item.packSize }}
        label={`Quantity of ${item.name}`}
        onChange={(quantity) => dispatch(quantityUpdated({ id: item.id, quantity }))}
      />
      <strong className="cart-line-total">{formatMoney(item.price * item.quantity)}</strong>
      <button type="button" className="icon-button" aria-label={`Remove ${item.name}`} onClick={() => dispatch(itemRemoved(item.id))}>
        <Trash2 size={18} aria-hidden="true" />
      </button>
    </li>
  );
}

export default function CartPage() {
  const { items, loading, total, count } = useCart();
  const { status } = useAuth();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [quickOrder, setQuickOrder] = useState<QuickOrderResult>({ text: '', report: null });
  const quickOrderPad = <QuickOrder result={quickOrder} onResult={setQuickOrder} />;

  if (loading) return <Spinner label="Loading your cart…" />;

  if (items.length === 0) {
    return (
      <section className="page narrow center">
        <h1>Your cart is empty</h1>
        <p className="muted">Browse the catalog and add products to start an order.</p>
        <Link to="/" className="button">
          Browse the catalog
        </Link>
        {quickOrderPad}
      </section>
    );
  }

  const totals = orderTotals(total);
  const belowMinimum = !meetsMinimumOrder(total);
  function proceed() {
    if (status === 'signedIn') navigate('/checkout');
    else navigate('/login', { state: { from: '/checkout' } });
  }

  return (
    <section className="page">
      <div className="page-heading">
        <h1>Cart</h1>
        <button type="button" className="link-button danger" onClick={() => dispatch(cartCleared())}>
          Clear cart
        </button>
      </div>
      <div className="cart-layout">
        <div>
          <ul className="cart-lines card" aria-label="Cart items">
            {items.map((item) => (
              <CartLine key={item.id} item={item} />
            ))}
          </ul>
          {quickOrderPad}
        </div>
        <aside className="card summary" aria-label="Order summary">
          <h2>Summary</h2>
          <dl>
            <dt>Items</dt>
            <dd>{count}</dd>
            <dt>Subtotal</dt>
            <dd>{formatMoney(totals.subtotal)}</dd>
            <dt>Shipping</dt>
            <dd>{totals.shipping === 0 ? 'Free' : formatMoney(totals.shipping)}</dd>
            <dt>Estimated tax ({SHOP_RULES.taxRateBasisPoints / 100}%)</dt>
            <dd>{formatMoney(totals.tax)}</dd>
            <dt className="total">Total</dt>
            <dd className="total">{formatMoney(totals.total)}</dd>
          </dl>
          <p className="muted small">
            Free shipping from {formatMoney(SHOP_RULES.freeShippingFromCents)}. Minimum order {formatMoney(SHOP_RULES.minimumOrderCents)}.
          </p>
          {belowMinimum && (
            <p className="notice" role="status">
              Add {formatMoney(SHOP_RULES.minimumOrderCents - total)} more to reach the minimum order.
            </p>
          )}
          <button type="button" className="button block" onClick={proceed}>
            Proceed to checkout
          </button>
        </aside>
      </div>
    </section>
  );
}
