export { itemAdded, itemRemoved, quantityUpdated, cartCleared, cartReplaced, selectCartItems } from './cartSlice';
export { useCart } from './useCart';
export { registerCartListeners } from './cartListeners';
export { restoreGuestCart } from './restoreGuestCart';
export { CartBadge } from './components/CartBadge';
