export {
  cartSlice,
  itemAdded,
  itemRemoved,
  quantityUpdated,
  cartCleared,
  cartReplaced,
  serverCartChanged,
  cartChangeSaved,
  cartLoadingChanged,
  selectCartItems,
} from './cartSlice';
export type { CartState } from './cartSlice';
export { useCart } from './useCart';
