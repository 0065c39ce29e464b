import { useNavigate } from 'react-router-dom';
import { toast } from '../../../lib/toast';
import { RotateCcw } from 'lucide-react';
import { reorderItems, type Order } from '@harbor/domain';
import { paths } from '../../../config';
import { useAppDispatch } from '../../../lib/hooks';
import { itemAdded } from '../../../lib/cart';
import { useContractPricing } from '../../../lib/company';
import { useLazyGetOrderablesQuery } from '../../../lib/cart/productsApi';

/**
 * Puts a past order's products back in the cart at the buyer's prices today, then opens the cart.
 * Not offered while the order waits for approval: its goods are still being ordered.
 */
export function OrderAgainButton({ order }: { order: Pick<Order, 'id' | 'items' | 'status'> }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const contract = useContractPricing();
  const [loadProducts, { isFetching }] = useLazyGetOrderablesQuery();
  if (order.status === 'awaiting-approval') return null;

  async function orderAgain() {
    const ids = [...new Set(order.items.map((item) => item.productId))].sort();
    let products;
    try {
      products = await loadProducts(ids).unwrap();
    } catch (error) {
      toast.error((error as { message?: string }).message ?? 'The products could not be loaded. Please try again.');
      return;
    }
    const { items, notes } = reorderItems(order.items, new Map(Object.entries(products)), contract);
    if (notes.length) toast.warning(notes.join(' '));
    if (items.length === 0) {
      toast.error(`None of the products of order ${order.id} can be ordered right now.`);
      return;
    }
    for (const item of items) dispatch(itemAdded(item));
    toast.success(`${items.length === 1 ? '1 product' : `${items.length} products`} from order ${order.id} added to your cart.`);
    navigate(paths.cart);
  }

  return (
    <button type="button" className="button small secondary" onClick={orderAgain} disabled={isFetching} aria-label={`Order again: ${order.id}`}>
      <RotateCcw size={16} aria-hidden="true" />
      {isFetching ? 'Adding…' : 'Order again'}
    </button>
  );
}
