import type { ReactNode } from 'react';
import { formatMoney, type OrderItem } from '@harbor/domain';
import './order.css';

interface OrderLineItemsProps<Item extends OrderItem> {
  items: readonly Item[];
  currency?: string;
  /** What the page adds under a line (what of it shipped, is ready or waits). */
  detail?: (item: Item) => ReactNode;
}

/** The lines of an order (or of one about to be placed) with the unit price charged. */
export function OrderLineItems<Item extends OrderItem>({ items, currency, detail }: OrderLineItemsProps<Item>) {
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
            {detail?.(item)}
          </div>
          <strong className="order-line-total">{formatMoney(item.lineTotal, currency)}</strong>
        </li>
      ))}
    </ul>
  );
}
