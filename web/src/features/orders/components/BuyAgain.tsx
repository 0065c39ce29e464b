import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { skipToken } from '@reduxjs/toolkit/query';
import { ShoppingCart } from 'lucide-react';
import { buyerUnitPrice, formatMoney, smallestValidQuantity, type Orderable, type PurchasedProduct } from '@harbor/domain';
import { LoadError } from '../../../components/LoadError';
import { Spinner } from '../../../components/Spinner';
import { paths } from '../../../config';
import { useAddToCart } from '../../../lib/cart/useAddToCart';
import { formatDay } from '../../../lib/dates';
import { useContractPricing } from '../../../lib/company';
import { useAuth } from '../../../lib/session';
import { useGetOrderablesQuery } from '../../../lib/cart/productsApi';
import { useGetPurchaseSummaryQuery } from '../api';

/** Rows shown; the summary keeps more. */
const SHOWN = 20;

function BuyAgainRow({ purchase, product }: { purchase: PurchasedProduct; product: Orderable | undefined }) {
  const addToCart = useAddToCart();
  const contract = useContractPricing();
  const [text, setText] = useState(String(product ? Math.max(purchase.lastQuantity, smallestValidQuantity(product)) : purchase.lastQuantity));
  const inputId = `buy-again-${purchase.productId}`;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (product) addToCart(product, Number(text));
  }

  return (
    <li className="product-row buy-again-row">
      <div className="product-row-name">
        {product ? <Link to={paths.product(product.id)}>{product.name}</Link> : <span>{purchase.name}</span>}
        <span className="muted small">
          <span className="product-sku">{purchase.sku}</span> · ordered {purchase.orders} {purchase.orders === 1 ? 'time' : 'times'}, last on {formatDay(purchase.lastOrderedAt)} ({purchase.lastQuantity})
        </span>
      </div>
      {product ? (
        <>
          <span className="price">
            <strong>{formatMoney(buyerUnitPrice(product, Number(text) || smallestValidQuantity(product), contract))}</strong>
          </span>
          <form className="product-row-add" onSubmit={handleSubmit} noValidate aria-label={`Buy ${purchase.name} again`}>
            <label htmlFor={inputId} className="visually-hidden">
              Quantity of {purchase.name}
            </label>
            <input id={inputId} className="product-row-quantity" type="number" inputMode="numeric" min={1} value={text} onChange={(event) => setText(event.target.value)} />
            <button type="submit" className="button small">
              <ShoppingCart size={16} aria-hidden="true" /> Add<span className="visually-hidden"> {purchase.name}</span>
            </button>
          </form>
        </>
      ) : (
        <span className="muted small">No longer sold</span>
      )}
    </li>
  );
}

/** "Buy again" on /profile: what the buyer has ordered, most frequent first, each with a quantity and "Add". */
export function BuyAgain() {
  const { user } = useAuth();
  // Read afresh on every visit: the trigger counts a new order a moment after it is placed.
  const summary = useGetPurchaseSummaryQuery(user?.uid ?? skipToken, { refetchOnMountOrArgChange: true });
  const purchases = useMemo(() => (summary.data?.products ?? []).slice(0, SHOWN), [summary.data]);
  const ids = useMemo(() => purchases.map((purchase) => purchase.productId).sort(), [purchases]);
  const products = useGetOrderablesQuery(ids.length > 0 ? ids : skipToken);
  const section = useRef<HTMLElement>(null);
  const { hash } = useLocation();
  const loaded = summary.isSuccess && !products.isLoading;
  // The account menu's link (/profile#buy-again) arrives before this section exists: scroll once it has loaded.
  useEffect(() => {
    if (loaded && hash === '#buy-again') section.current?.scrollIntoView();
  }, [loaded, hash]);

  let content;
  if (summary.isLoading || products.isLoading) content = <Spinner label="Loading what you ordered…" />;
  else if (summary.isError) content = <LoadError error={summary.error} fallback="What you ordered before could not be loaded." onRetry={summary.refetch} />;
  else if (purchases.length === 0) content = <p className="muted">Products you order appear here, to order again in one step.</p>;
  else {
    content = (
      <ul className="product-list" aria-label="Products you ordered">
        {purchases.map((purchase) => (
          <BuyAgainRow key={purchase.productId} purchase={purchase} product={products.data?.[purchase.productId]} />
        ))}
      </ul>
    );
  }
  return (
    <section className="buy-again" id="buy-again" aria-labelledby="buy-again-heading" ref={section}>
      <h2 id="buy-again-heading">Buy again</h2>
      {content}
    </section>
  );
}
