export {
  cartSlice,
  itemAdded,
  itemRemoved,
  quantityUpdated,
  cartCleared,
  cartReplaced,
  serverCartChanged,
  cartChangeSaved,
  cartChangeRefused,
  unsavedChangesRestored,
  cartLoadingChanged,
  cartConnected,
  selectCartItems,
} from './cartSlice';
export type { CartState, QueuedCartOperation, ServerCart } from './cartSlice';
export { useCart } from './useCart';
