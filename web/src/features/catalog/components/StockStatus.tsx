import { CircleAlert, CircleCheck, CircleX } from 'lucide-react';

/** Below this many units a product shows as low in stock. */
const LOW_STOCK_BELOW = 20;

export function StockStatus({ stock }: { stock: number }) {
  if (stock <= 0) {
    return (
      <p className="stock stock-out">
        <CircleX size={15} aria-hidden="true" /> Out of stock
      </p>
    );
  }
  if (stock < LOW_STOCK_BELOW) {
    return (
      <p className="stock stock-low">
        <CircleAlert size={15} aria-hidden="true" /> Low stock: {stock} left
      </p>
    );
  }
  return (
    <p className="stock stock-ok">
      <CircleCheck size={15} aria-hidden="true" /> In stock
    </p>
  );
}
