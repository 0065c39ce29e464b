import { availableToOrder, inStockNow, restockDateText, type Product } from '@harbor/domain';
import { RepeatedIcon } from '../../../components/RepeatedIcons';

/** Below this many units a product shows as low in stock. */
const LOW_STOCK_BELOW = 20;

type StockFacts = Pick<Product, 'stock' | 'backordered' | 'backorderable' | 'restockDate' | 'minOrderQty' | 'packSize'>;

/**
 * What a buyer can count on: in stock, low, out, or, for a product that takes orders above its
 * stock, available on backorder. Units owed to earlier backorders are not on the shelf for anyone else.
 */
export function StockStatus({ product }: { product: StockFacts }) {
  const available = availableToOrder(product);
  const expected = restockDateText(product.restockDate);
  if (product.backorderable && !inStockNow(product)) {
    return (
      <p className="stock stock-backorder">
        <RepeatedIcon name="backorder" size={15} /> Available on backorder{expected && `, expected ${expected}`}
      </p>
    );
  }
  if (available <= 0) {
    return (
      <p className="stock stock-out">
        <RepeatedIcon name="outOfStock" size={15} /> Out of stock{expected && `, expected back ${expected}`}
      </p>
    );
  }
  if (available < LOW_STOCK_BELOW) {
    return (
      <p className="stock stock-low">
        <RepeatedIcon name="lowStock" size={15} /> Low stock: {available} left{product.backorderable && ', more on backorder'}
      </p>
    );
  }
  return (
    <p className="stock stock-ok">
      <RepeatedIcon name="inStock" size={15} /> In stock
    </p>
  );
}
