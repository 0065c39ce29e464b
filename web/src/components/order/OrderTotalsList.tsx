import { formatMoney, SHOP_RULES, type OrderTotals } from '@harbor/domain';
import './order.css';

interface OrderTotalsListProps {
  totals: OrderTotals;
  currency?: string;
  /** The tax rate applied, in basis points (by the ship-to state). */
  taxRateBasisPoints?: number;
}

export function OrderTotalsList({ totals, currency, taxRateBasisPoints = SHOP_RULES.taxRateBasisPoints }: OrderTotalsListProps) {
  return (
    <dl className="order-totals">
      <dt>Subtotal</dt>
      <dd>{formatMoney(totals.subtotal, currency)}</dd>
      <dt>Shipping</dt>
      <dd>{totals.shipping === 0 ? 'Free' : formatMoney(totals.shipping, currency)}</dd>
      <dt>Tax ({taxRateBasisPoints / 100}%)</dt>
      <dd>{formatMoney(totals.tax, currency)}</dd>
      <dt className="total">Total</dt>
      <dd className="total">{formatMoney(totals.total, currency)}</dd>
    </dl>
  );
}
