import { Link } from 'react-router-dom';
import { formatMoney, lowestUnitPrice, type Product } from '@harbor/domain';

const LOW_STOCK = 20;

export function stockState(stock: number): { label: string; tone: 'ok' | 'low' | 'out' } {
  if (stock <= 0) return { label: 'Out of stock', tone: 'out' };
  if (stock < LOW_STOCK) return { label: `Low stock: ${stock} left`, tone: 'low' };
  return { label: 'In stock', tone: 'ok' };
}

export function ProductCard({ product }: { product: Product }) {
  const stock = stockState(product.stock);
  const fromPrice = lowestUnitPrice(product);
  return (
    <article className="product-card">
      <Link to={`/product/${encodeURIComponent(product.id)}`} className="product-card-link">
        <img src={product.imageUrl} alt="" width="240" height="240" loading="lazy" decoding="async" />
        <h2 className="product-name">{product.name}</h2>
      </Link>
      <p className="muted small">
        SKU {product.sku} · {product.unit}
      </p>
      <p className="price">
        <strong>{formatMoney(product.price)}</strong>
        {fromPrice < product.price && <span className="from-price"> from {formatMoney(fromPrice)} in volume</span>}
      </p>
      <p className={`stock stock-${stock.tone}`}>{stock.label}</p>
    </article>
  );
}
