import { formatMoney, SHOP_RULES, type OrderTotals } from '@harbor/domain';
import './order.css';

interface OrderTotalsListProps {
  totals: OrderTotals;
  currency?: string;
}

export function OrderTotalsList({ totals, currency }: OrderTotalsListProps) {
  return (
    <dl className="order-totals">
      <dt>Subtotal</dt>
      <dd>{formatMoney(totals.subtotal, currency)}</dd>
      <dt>Shipping</dt>
      <dd>{totals.shipping === 0 ? 'Free' : formatMoney(totals.shipping, currency)}</dd>
      <dt>Tax ({SHOP_RULES.taxRateBasisPoints / 100}%)</dt>
      <dd>{formatMoney(totals.tax, currency)}</dd>
      <dt className="total">Total</dt>
      <dd className="total">{formatMoney(totals.total, currency)}</dd>
    </dl>
  );
}
