import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { formatMoney, meetsMinimumOrder, priceCart, SHOP_RULES } from '@harbor/domain';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { LoadError } from '../../../components/LoadError';
import { Spinner } from '../../../components/Spinner';
import { paths } from '../../../config';
import { cartCleared, useCart } from '../../../lib/cart';
import { useGetOrderablesQuery } from '../../../lib/cart/productsApi';
import { useAfterFirstView, useAppDispatch } from '../../../lib/hooks';
import { useAuth } from '../../../lib/session';
import { useBuyerTerms } from '../../../lib/company';
import { CartLine } from '../components/CartLine';
import { QuickOrder, type QuickOrderResult } from '../components/QuickOrder';
import { AddToList } from '../../../components/AddToList';
import { RequestQuote } from '../../../components/quotes/RequestQuote';
import { SaveStatus } from '../components/SaveStatus';
import '../cart.css';

export default function CartPage() {
  const { items, loading, count } = useCart();
  const { status, profile } = useAuth();
  // The signed-in buyer's prices, and tax estimated for its saved shipping address.
  const terms = useBuyerTerms(profile?.shippingAddress.region ?? '');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [quickOrder, setQuickOrder] = useState<QuickOrderResult>({ text: '', report: null });
  const [confirmingClear, setConfirmingClear] = useState(false);
  // Today's prices and stock for the cart's products: one read per 30 products.
  const productIds = useMemo(() => [...new Set(items.map((item) => item.id))].sort(), [items]);
  // When a visit opens on the cart, asked for once its lines are on screen (they show from the cart
  // itself, prices marked as being checked). currentData: while the prices of a changed set of
  // products load, no line is priced from the old set.
  const afterFirstView = useAfterFirstView();
  const { currentData: products, isError, error, refetch } = useGetOrderablesQuery(afterFirstView && productIds.length > 0 ? productIds : skipToken);
  const catalog = useMemo(() => new Map(Object.entries(products ?? {})), [products]);
  const priced = useMemo(() => priceCart(items, catalog, terms), [items, catalog, terms]);
  const cartLines = useMemo(() => items.map((item) => ({ productId: item.id, quantity: item.quantity })), [items]);
  const quickOrderPad = <QuickOrder result={quickOrder} onResult={setQuickOrder} />;

  if (loading) return <Spinner label="Loading your cart…" />;

  if (items.length === 0) {
    return (
      <section className="page narrow center">
        <h1>Your cart is empty</h1>
        <p className="muted">Browse the catalog and add products to start an order.</p>
        <Link to={paths.home} className="button">
          Browse the catalog
        </Link>
        {quickOrderPad}
      </section>
    );
  }

  // A company buyer's lines are priced once its contract prices are known too: no list price
  // shown first and then replaced.
  const pricesKnown = products !== undefined && !terms.loading;
  const belowMinimum = pricesKnown && !meetsMinimumOrder(priced.subtotal);
  const linesToFix = pricesKnown ? priced.lines.filter((line) => line.state.kind !== 'ok').length : 0;
  function proceed() {
    if (status === 'signedIn') navigate(paths.checkout);
    else navigate(paths.login, { state: { from: paths.checkout } });
  }

  return (
    <section className="page">
      <div className="page-heading">
        <h1>Cart</h1>
        <SaveStatus />
        <button type="button" className="link-button danger" onClick={() => setConfirmingClear(true)}>
          Clear cart
        </button>
      </div>
      {confirmingClear && (
        <ConfirmDialog
          title="Clear your cart?"
          confirmLabel="Clear cart"
          cancelLabel="Keep the cart"
          danger
          onConfirm={() => {
            dispatch(cartCleared());
            setConfirmingClear(false);
          }}
          onClose={() => setConfirmingClear(false)}
        >
          <p>
            All {priced.lines.length} {priced.lines.length === 1 ? 'line' : 'lines'} ({count} {count === 1 ? 'item' : 'items'}) will be removed from your cart.
          </p>
        </ConfirmDialog>
      )}
      <div className="cart-layout">
        <div>
          {isError && <LoadError error={error} fallback="Today's prices could not be loaded." onRetry={refetch} />}
          <ul className="cart-lines card" aria-label="Cart items">
            {priced.lines.map((line) => (
              <CartLine key={line.item.id} line={line} product={products?.[line.item.id]} pricesLoading={!pricesKnown} />
            ))}
          </ul>
          {quickOrderPad}
        </div>
        <aside className="card summary" aria-label="Order summary">
          <h2>Summary</h2>
          {/* The figures keep their place while today's prices load, so nothing below them moves. */}
          <dl aria-busy={!pricesKnown}>
            <dt>Items</dt>
            <dd>{count}</dd>
            <dt>Subtotal</dt>
            <dd>{pricesKnown ? formatMoney(priced.subtotal) : '…'}</dd>
            <dt>Shipping</dt>
            <dd>{pricesKnown ? (priced.shipping === 0 ? 'Free' : formatMoney(priced.shipping)) : '…'}</dd>
            <dt>Estimated tax ({terms.taxRateBasisPoints / 100}%)</dt>
            <dd>{pricesKnown ? formatMoney(priced.tax) : '…'}</dd>
            <dt className="total">Total</dt>
            <dd className="total">{pricesKnown ? formatMoney(priced.total) : '…'}</dd>
          </dl>
          {!pricesKnown && (
            <p className="muted small" role="status">
              Checking today's prices…
            </p>
          )}
          <p className="muted small">
            Free shipping from {formatMoney(SHOP_RULES.freeShippingFromCents)}. Minimum order {formatMoney(SHOP_RULES.minimumOrderCents)}.
          </p>
          {belowMinimum && (
            <p className="notice" role="status">
              Add {formatMoney(SHOP_RULES.minimumOrderCents - priced.subtotal)} more to reach the minimum order.
            </p>
          )}
          {linesToFix > 0 && (
            <p className="notice" role="status">
              {linesToFix === 1 ? 'One line needs' : `${linesToFix} lines need`} your attention before checkout.
            </p>
          )}
          <button type="button" className="button block" onClick={proceed} disabled={linesToFix > 0}>
            Proceed to checkout
          </button>
          <AddToList lines={cartLines} what="your cart" label="Save cart to a list" />
          <RequestQuote lines={cartLines} what="your cart" fromCart />
        </aside>
      </div>
    </section>
  );
}
