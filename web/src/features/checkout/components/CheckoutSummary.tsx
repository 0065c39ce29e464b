import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { Lock } from 'lucide-react';
import { formatMoney, orderLinesFromCart, orderSplitText, priceOrder, SHOP_RULES, type BuyerTerms, type CartItem } from '@harbor/domain';
import { ApprovalNotice } from '../../../components/checkout/ApprovalNotice';
import { LoadError } from '../../../components/LoadError';
import { paths } from '../../../config';
import { Spinner } from '../../../components/Spinner';
import { OrderLineItems } from '../../../components/order/OrderLineItems';
import { OrderTotalsList } from '../../../components/order/OrderTotalsList';
import { useGetOrderablesQuery } from '../../../lib/cart/productsApi';
import type { ApprovalOutlook } from '../../../lib/company/approvalNeed';

/**
 * The order as the server will charge it: the cart re-priced from today's catalog with the same
 * rules placeOrder applies, so problems show before the shopper presses "Place order", and the
 * order is placed at exactly what the summary shows.
 */
export function useCheckoutPricing(items: CartItem[], terms: BuyerTerms) {
  const productIds = useMemo(() => [...new Set(items.map((item) => item.id))].sort(), [items]);
  // Today's prices, read again when the checkout opens (not from a cache minutes old); currentData:
  // while the prices of a changed set of products load, nothing is priced from the old set.
  const { currentData: products, isFetching, isError, error, refetch } = useGetOrderablesQuery(productIds, { refetchOnMountOrArgChange: true });
  const isLoading = products === undefined && isFetching;
  const priced = useMemo(() => (products ? priceOrder(orderLinesFromCart(items), new Map(Object.entries(products)), terms) : null), [items, products, terms]);
  // What of each line ships now and what waits on backorder, as placeOrder will split it.
  const splits = useMemo(
    () =>
      new Map(
        (priced?.items ?? []).flatMap((item) => {
          const product = products?.[item.productId];
          const split = product ? orderSplitText(item.quantity, product) : null;
          return split ? [[item.productId, split] as const] : [];
        }),
      ),
    [priced, products],
  );
  return { priced, splits, taxRateBasisPoints: terms.taxRateBasisPoints, isLoading, isError, error, refetch };
}

interface CheckoutSummaryProps {
  pricing: ReturnType<typeof useCheckoutPricing>;
  formId: string;
  placing: boolean;
  /** The cart has changes not yet saved to the server, which is what the order is placed from. */
  saving: boolean;
  /** The buyer's spending limits in words (null for none), and whether this order is over them. */
  approval: ApprovalOutlook;
  /** Nothing ships until the backordered units can ship with the rest (the buyer's choice or its company's rule). */
  shipsComplete: boolean;
}

export function CheckoutSummary({ pricing, formId, placing, saving, approval, shipsComplete }: CheckoutSummaryProps) {
  const { priced, isLoading, isError, error, refetch } = pricing;
  const canPlace = priced !== null && priced.problems.length === 0 && !placing && !saving;

  return (
    <aside className="card summary checkout-summary" aria-labelledby="checkout-summary-heading">
      <h2 id="checkout-summary-heading">Order summary</h2>
      {isLoading && <Spinner label="Checking prices and stock…" />}
      {isError && <LoadError error={error} fallback="Current prices could not be loaded." onRetry={refetch} />}
      {priced && (
        <>
          <OrderLineItems items={priced.items} detail={(item) => pricing.splits.has(item.productId) && <span className="backorder-split">{pricing.splits.get(item.productId)}</span>} />
          {shipsComplete && pricing.splits.size > 0 && (
            <p className="small ship-complete-note" role="status">
              Ships complete: the units on the shelf wait for the backordered ones and everything ships together.
            </p>
          )}
          <OrderTotalsList totals={priced} taxRateBasisPoints={pricing.taxRateBasisPoints} />
          {priced.problems.length > 0 && (
            <div className="notice checkout-problems" role="alert">
              {priced.problems.length === 1 ? (
                <p>{priced.problems[0]}</p>
              ) : (
                <ul>
                  {priced.problems.map((problem) => (
                    <li key={problem}>{problem}</li>
                  ))}
                </ul>
              )}
              <Link to={paths.cart}>Update your cart</Link>
            </div>
          )}
        </>
      )}
      <ApprovalNotice approval={approval} />
      {saving && (
        <p className="muted small" role="status">
          Saving your cart...
        </p>
      )}
      <button type="submit" form={formId} className="button block place-order" disabled={!canPlace} aria-busy={placing}>
        <Lock size={16} aria-hidden="true" />
        {placing ? 'Placing your order…' : priced ? `Place order${approval.need ? ' for approval' : ''} · ${formatMoney(priced.total)}` : 'Place order'}
      </button>
      <p className="muted small checkout-fineprint">
        Minimum order {formatMoney(SHOP_RULES.minimumOrderCents)}; free shipping from {formatMoney(SHOP_RULES.freeShippingFromCents)}. Prices and stock are
        confirmed when you place the order. No card payment is taken online.
      </p>
    </aside>
  );
}
