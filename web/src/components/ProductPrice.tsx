import { formatMoney } from '@harbor/domain';

/**
 * A product's price wherever the shop lists products (grid, list view, search suggestions): the
 * unit price and, with volume tiers, the lowest tier price. The one place a buyer-specific price
 * (a contract price) would be applied.
 */
export function ProductPrice({ price, fromPrice, className = 'price' }: { price: number; fromPrice: number; className?: string }) {
  return (
    <span className={className}>
      <strong>{formatMoney(price)}</strong>
      {fromPrice < price && <span className="from-price">from {formatMoney(fromPrice)}</span>}
    </span>
  );
}
