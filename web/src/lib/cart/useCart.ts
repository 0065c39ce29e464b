import { useSelector } from 'react-redux';
import { useRequireStore } from '../hooks';
import { selectCartCount, selectCartItems, selectCartLoading, selectCartSaving, selectCartTotal } from './cartSlice';

/** The cart as components need it. Throws a clear error outside the store provider. */
export function useCart() {
  useRequireStore('useCart');
  const items = useSelector(selectCartItems);
  const loading = useSelector(selectCartLoading);
  const count = useSelector(selectCartCount);
  const total = useSelector(selectCartTotal);
  const saving = useSelector(selectCartSaving);
  return { items, loading, count, total, saving };
}
