export { registerCartListeners } from './cartListeners';
export { restoreGuestCart } from './restoreGuestCart';
export { CartBadge } from './components/CartBadge';
