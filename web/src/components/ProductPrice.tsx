import { buyerListedPrice, formatMoney } from '@harbor/domain';
import { useContractPricing } from '../lib/company';

/**
 * A product's price wherever the shop lists products (grid, list view, search suggestions): what
 * this buyer pays (its company's contract price when lower) and, with volume tiers, the lowest
 * price it can reach; the list price struck through when the buyer pays less.
 */
export function ProductPrice({ productId, price, fromPrice, className = 'price' }: { productId: string; price: number; fromPrice: number; className?: string }) {
  const shown = buyerListedPrice({ id: productId, price, fromPrice }, useContractPricing());
  const discounted = shown.price < price;
  return (
    <span className={className}>
      {discounted && <span className="visually-hidden">Your price</span>}
      <strong>{formatMoney(shown.price)}</strong>
      {discounted && (
        <s className="muted list-price" aria-label={`List price ${formatMoney(price)}`}>
          {formatMoney(price)}
        </s>
      )}
      {shown.fromPrice < shown.price && <span className="from-price">from {formatMoney(shown.fromPrice)}</span>}
    </span>
  );
}
