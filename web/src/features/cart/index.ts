export { registerCartListeners } from './cartListeners';
export { followGuestCartInOtherTabs, restoreGuestCart } from './restoreGuestCart';
export { CartBadge } from './components/CartBadge';
