export { itemAdded, itemRemoved, quantityUpdated, cartCleared, cartReplaced, selectCartItems } from './cartSlice';
export { useCart } from './useCart';
export { registerCartListeners } from './cartListeners';
export { readGuestCart } from './guestCartStorage';
export { CartBadge } from './components/CartBadge';
