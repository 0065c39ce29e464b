import { formatMoney, type OrderItem } from '@harbor/domain';
import './order.css';

interface OrderLineItemsProps {
  items: readonly OrderItem[];
  currency?: string;
  /** What of a line about to be ordered ships now and what waits on backorder, by product id. */
  splits?: ReadonlyMap<string, string>;
}

/** The lines of an order (or of one about to be placed) with the unit price charged. */
export function OrderLineItems({ items, currency, splits }: OrderLineItemsProps) {
  return (
    <ul className="order-lines" aria-label="Items">
      {items.map((item) => (
        <li key={item.productId} className="order-line">
          <img src={item.imageUrl} alt="" width="56" height="56" loading="lazy" />
          <div className="order-line-info">
            <span className="order-line-name">{item.name}</span>
            <span className="muted small">
              SKU {item.sku} · {item.unit}
            </span>
            <span className="small">
              {item.quantity} × {formatMoney(item.unitPrice, currency)}
            </span>
            {splits?.has(item.productId) && <span className="backorder-split">{splits.get(item.productId)}</span>}
          </div>
          <strong className="order-line-total">{formatMoney(item.lineTotal, currency)}</strong>
        </li>
      ))}
    </ul>
  );
}
