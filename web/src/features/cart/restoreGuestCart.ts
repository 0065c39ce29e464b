import { toast } from '../../lib/toast';
import { cartLoadingChanged, cartReplaced, type CartState } from '../../lib/cart';
import type { AppDispatch } from '../../lib/hooks';
import { GUEST_CART_KEY, readGuestCart } from './guestCartStorage';

/** Said once when the cart saved in this browser could not be read and was emptied. */
export const UNREADABLE_CART_NOTICE = 'Your saved cart could not be read, so it was emptied. Please add your products again.';

/**
 * Puts the guest cart saved in this browser into the store. The cart shows as loading meanwhile:
 * reading a stored cart may first download its validation code.
 */
export async function restoreGuestCart(dispatch: AppDispatch): Promise<void> {
  dispatch(cartLoadingChanged(true));
  try {
    dispatch(cartReplaced(await readGuestCart(localStorage, () => toast.warning(UNREADABLE_CART_NOTICE))));
  } finally {
    dispatch(cartLoadingChanged(false));
  }
}

/**
 * Keeps a guest's cart in step with the shop's other tabs: each tab saves to local storage, and
 * the browser tells the others (the `storage` event). Returns the function that stops.
 */
export function followGuestCartInOtherTabs(store: { dispatch: AppDispatch; getState: () => { cart: CartState } }): () => void {
  const changedElsewhere = (event: StorageEvent) => {
    if (event.key !== GUEST_CART_KEY || store.getState().cart.owner !== 'guest') return;
    readGuestCart(localStorage, () => toast.warning(UNREADABLE_CART_NOTICE))
      .then((items) => store.dispatch(cartReplaced(items)))
      .catch((error: unknown) => console.error('The guest cart could not be read.', error));
  };
  window.addEventListener('storage', changedElsewhere);
  return () => window.removeEventListener('storage', changedElsewhere);
}
