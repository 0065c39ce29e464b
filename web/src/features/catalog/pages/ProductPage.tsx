import { useId, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ShoppingCart } from 'lucide-react';
import {
  addToCartProblem,
  availableToOrder,
  buyerLowestUnitPrice,
  buyerUnitPrice,
  formatMoney,
  isSoldOut,
  lineLimit,
  orderSplitText,
  restockDateText,
  smallestValidQuantity,
  type Product,
} from '@harbor/domain';
import { paths } from '../../../config';
import { useCart } from '../../../lib/cart';
import { useContractPricing } from '../../../lib/company';
import { catalogHref } from '../catalogParams';
import { useGetProductQuery } from '../api';
import { PRODUCT_NOT_FOUND_TITLE, productTitle } from '../pageHeads';
import { ProductImage } from '../components/ProductImage';
import { AddToList } from '../../../components/AddToList';
import { PageTitle } from '../../../components/PageTitle';
import { QuantityField } from '../../../components/QuantityField';
import { StockStatus } from '../components/StockStatus';
import { TierTable } from '../components/TierTable';
import { useAddToCart } from '../../../lib/cart/useAddToCart';
import '../catalog.css';

function packHint(product: Product, inCart: number): string {
  const parts = [
    product.packSize > 1 ? `Sold in multiples of ${product.packSize}` : null,
    product.minOrderQty > 1 ? `minimum ${smallestValidQuantity(product)}` : null,
    availableToOrder(product) > 0 ? `${availableToOrder(product)} available${product.backorderable ? ' now' : ''}` : null,
    inCart > 0 ? `${inCart} already in your cart` : null,
  ].filter(Boolean);
  return parts.join(' · ') || 'Any quantity';
}

/** The stock buyers may order from, and whether more can be ordered on backorder. */
function stockFact(product: Product): string {
  const expected = restockDateText(product.restockDate);
  return `${availableToOrder(product)}${product.backorderable ? `; more on backorder${expected ? `, expected ${expected}` : ''}` : ''}`;
}

function ProductDetails({ product }: { product: Product }) {
  const quantityId = useId();
  const { items } = useCart();
  const addToCart = useAddToCart();
  const [text, setText] = useState(() => String(smallestValidQuantity(product)));
  const inCart = items.find((item) => item.id === product.id)?.quantity ?? 0;
  const quantity = Number(text);
  const problem = text.trim() === '' ? 'Enter a quantity.' : addToCartProblem(product, quantity, items);
  const contract = useContractPricing();
  const listQuantity = problem ? smallestValidQuantity(product) : quantity;
  const unitPrice = buyerUnitPrice(product, listQuantity, contract);
  const lowestPrice = buyerLowestUnitPrice(product, contract);
  const maximum = Math.floor((lineLimit(product) - inCart) / product.packSize) * product.packSize;
  const soldOut = isSoldOut(product);
  // The line the cart would hold: what of it ships now and what waits, before the buyer adds it.
  const split = problem ? null : orderSplitText(inCart + quantity, product);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!problem) addToCart(product, quantity);
  }

  return (
    <article className="page product-page">
      <PageTitle>{productTitle(product)}</PageTitle>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <ol>
          <li>
            <Link to={paths.home}>Catalog</Link>
          </li>
          <li>
            <Link to={catalogHref({ category: product.category })}>{product.category}</Link>
          </li>
          <li aria-current="page">{product.name}</li>
        </ol>
      </nav>
      <div className="product-detail">
        <div className="product-detail-media">
          <ProductImage src={product.imageUrl} size={560} priority />
        </div>
        <div className="product-detail-info">
          {product.brand && <p className="eyebrow">{product.brand}</p>}
          <h1>{product.name}</h1>
          <p className="product-meta">
            SKU <span className="product-sku">{product.sku}</span> · {product.unit}
          </p>
          <StockStatus product={product} />
          <p className="price-block">
            <strong className="price-now">{formatMoney(unitPrice)}</strong> <span className="muted">per {product.unit}</span>
            {contract && unitPrice < product.price && <span className="muted small"> · your company's price (list {formatMoney(product.price)})</span>}
          </p>
          {lowestPrice < unitPrice && <p className="from-price">As low as {formatMoney(lowestPrice)} each with volume pricing</p>}
          <form className="buy-box" onSubmit={handleSubmit} noValidate aria-label={`Order ${product.name}`}>
            <QuantityField
              id={quantityId}
              text={text}
              onChange={setText}
              rules={product}
              maximum={maximum}
              problem={soldOut ? null : problem}
              hint={packHint(product, inCart)}
              disabled={soldOut}
            />
            <p className="line-total" aria-live="polite">
              {problem ? (
                <span className="muted">{soldOut ? 'Out of stock: check back soon.' : 'Choose a valid quantity to see the total.'}</span>
              ) : (
                <>
                  {quantity} × {formatMoney(unitPrice)} = <strong>{formatMoney(unitPrice * quantity)}</strong>
                  {unitPrice < product.price && <span className="from-price"> (you save {formatMoney((product.price - unitPrice) * quantity)})</span>}
                </>
              )}
            </p>
            {split && (
              <p className="backorder-split" role="status">
                {inCart > 0 ? `With the ${inCart} in your cart: ${split}` : split}
              </p>
            )}
            <button type="submit" className="button block" disabled={problem !== null}>
              <ShoppingCart size={18} aria-hidden="true" /> Add to cart
            </button>
          </form>
          <AddToList lines={[{ productId: product.id, quantity: listQuantity }]} what={`${listQuantity} × ${product.name}`} />
          <TierTable product={product} quantity={problem ? 0 : quantity} />
          <dl className="product-facts">
            <dt>Category</dt>
            <dd>
              <Link to={catalogHref({ category: product.category })}>{product.category}</Link>
            </dd>
            <dt>Unit</dt>
            <dd>{product.unit}</dd>
            <dt>Pack size</dt>
            <dd>{product.packSize === 1 ? 'Single units' : `${product.packSize} units per pack`}</dd>
            <dt>Minimum order</dt>
            <dd>{smallestValidQuantity(product)}</dd>
            <dt>Stock</dt>
            <dd>{stockFact(product)}</dd>
            {product.brand && (
              <>
                <dt>Brand</dt>
                <dd>{product.brand}</dd>
              </>
            )}
          </dl>
          {product.description && (
            <section className="product-description" aria-labelledby={`${quantityId}-description`}>
              <h2 id={`${quantityId}-description`}>Description</h2>
              <p>{product.description}</p>
            </section>
          )}
        </div>
      </div>
    </article>
  );
}

function ProductSkeleton() {
  return (
    <div className="page product-page" aria-busy="true">
      <span className="visually-hidden" role="status">
        Loading product…
      </span>
      <div className="product-detail skeleton" aria-hidden="true">
        <span className="skeleton-block image" />
        <div className="product-detail-info">
          <span className="skeleton-block line short" />
          <span className="skeleton-block line title" />
          <span className="skeleton-block line medium" />
          <span className="skeleton-block line" />
          <span className="skeleton-block button-line" />
        </div>
      </div>
    </div>
  );
}

export default function ProductPage() {
  const { id = '' } = useParams();
  const { data: product, isLoading, isError, isFetching, refetch } = useGetProductQuery(id);
  if (isLoading || (isError && isFetching)) return <ProductSkeleton />;
  if (isError) {
    return (
      <section className="page narrow center">
        <h1>This product could not be loaded</h1>
        <p className="notice error" role="alert">
          Check your connection and try again.
        </p>
        <button type="button" className="button" onClick={() => refetch()}>
          Try again
        </button>
      </section>
    );
  }
  if (!product) {
    return (
      <section className="page narrow center">
        <PageTitle>{PRODUCT_NOT_FOUND_TITLE}</PageTitle>
        <h1>Product not found</h1>
        <p className="muted">There is no product at this address. It may have been removed from the catalog.</p>
        <Link to={paths.home} className="button">
          Browse the catalog
        </Link>
      </section>
    );
  }
  return <ProductDetails key={product.id} product={product} />;
}
