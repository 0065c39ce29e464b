import { RepeatedIcon } from '../../../components/RepeatedIcons';

/** Below this many units a product shows as low in stock. */
const LOW_STOCK_BELOW = 20;

export function StockStatus({ stock }: { stock: number }) {
  if (stock <= 0) {
    return (
      <p className="stock stock-out">
        <RepeatedIcon name="outOfStock" size={15} /> Out of stock
      </p>
    );
  }
  if (stock < LOW_STOCK_BELOW) {
    return (
      <p className="stock stock-low">
        <RepeatedIcon name="lowStock" size={15} /> Low stock: {stock} left
      </p>
    );
  }
  return (
    <p className="stock stock-ok">
      <RepeatedIcon name="inStock" size={15} /> In stock
    </p>
  );
}
