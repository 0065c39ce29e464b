import { useAppSelector, useRequireStore } from '../../app/hooks';
import { selectCartCount, selectCartItems, selectCartLoading, selectCartTotal } from './cartSlice';

/** The cart as components need it. Throws a clear error outside the store provider. */
export function useCart() {
  useRequireStore('useCart');
  const items = useAppSelector(selectCartItems);
  const loading = useAppSelector(selectCartLoading);
  const count = useAppSelector(selectCartCount);
  const total = useAppSelector(selectCartTotal);
  return { items, loading, count, total };
}
