import { Link } from 'react-router-dom';
import { isSoldOut, lowestUnitPrice, smallestValidQuantity, type Product } from '@harbor/domain';
import { paths } from '../../../config';
import { RepeatedIcon } from '../../../components/RepeatedIcons';
import { ProductPrice } from '../../../components/ProductPrice';
import { useAddToCart } from '../../../lib/cart/useAddToCart';
import { ProductImage } from './ProductImage';
import { StockStatus } from './StockStatus';

/** A product in the grid, with a quick "Add to cart" of the smallest quantity that may be ordered. */
export function ProductCard({ product, priority = false }: { product: Product; priority?: boolean }) {
  const addToCart = useAddToCart();
  const quantity = smallestValidQuantity(product);
  return (
    <article className="product-card" data-scroll-anchor={product.id}>
      <Link to={paths.product(product.id)} className="product-card-link">
        <ProductImage src={product.imageUrl} size={240} priority={priority} />
        {product.brand && <span className="product-card-brand">{product.brand}</span>}
        <h2 className="product-name">{product.name}</h2>
      </Link>
      <p className="product-meta">
        <span className="product-sku">{product.sku}</span> · {product.unit}
      </p>
      <ProductPrice productId={product.id} price={product.price} fromPrice={lowestUnitPrice(product)} />
      <StockStatus product={product} />
      <div className="product-card-actions">
        {quantity > 1 && <span className="muted small">Min. order {quantity}</span>}
        <button type="button" className="button small block" disabled={isSoldOut(product)} onClick={() => addToCart(product, quantity)}>
          <RepeatedIcon name="cart" size={16} />
          Add <span className="visually-hidden">{product.name}</span> to cart
        </button>
      </div>
    </article>
  );
}

/** A grey stand-in for a product card while a page loads. */
export function ProductCardSkeleton() {
  return (
    <div className="product-card skeleton" aria-hidden="true">
      <span className="skeleton-block image" />
      <span className="skeleton-block line short" />
      <span className="skeleton-block line" />
      <span className="skeleton-block line medium" />
      <span className="skeleton-block line short" />
      <span className="skeleton-block button-line" />
    </div>
  );
}
