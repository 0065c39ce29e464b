import { applyCartOperations } from '@harbor/domain';
import { cartLoadingChanged, cartReplaced, type CartState } from '../../lib/cart';
import type { AppDispatch } from '../../lib/hooks';
import { toast } from '../../lib/toast';
import { GUEST_CART_KEY, readGuestCart, writeGuestCart } from './guestCartStorage';

/** Said once when the cart saved in this browser could not be read and was emptied. */
export const UNREADABLE_CART_NOTICE = 'Your saved cart could not be read, so it was emptied. Please add your products again.';

type CartStore = { dispatch: AppDispatch; getState: () => { cart: CartState } };

const restorations = new WeakMap<CartStore, Promise<void>>();

/**
 * Puts the guest cart saved in this browser into the store, once per store: a page of the app
 * shell starts it before its first render (app/startShop.tsx), the app again when it starts. The
 * cart shows as loading meanwhile: reading a stored cart may first download its validation code.
 * Lines the buyer added in that moment are kept, and saved with the stored ones.
 */
export function restoreGuestCart(store: CartStore): Promise<void> {
  let restoring = restorations.get(store);
  if (!restoring) {
    restoring = readIntoStore(store);
    restorations.set(store, restoring);
  }
  return restoring;
}

async function readIntoStore({ dispatch, getState }: CartStore): Promise<void> {
  dispatch(cartLoadingChanged(true));
  try {
    const stored = await readGuestCart(localStorage, () => toast.warning(UNREADABLE_CART_NOTICE));
    // Lines added meanwhile were added to an empty cart: add them to the stored one.
    const addedMeanwhile = getState().cart.items;
    if (addedMeanwhile.length > 0) {
      const items = applyCartOperations(
        stored,
        addedMeanwhile.map((item) => ({ kind: 'add', item })),
      );
      writeGuestCart(items);
      dispatch(cartReplaced(items));
    } else {
      dispatch(cartReplaced(stored));
    }
  } finally {
    dispatch(cartLoadingChanged(false));
  }
}

/**
 * Keeps a guest's cart in step with the shop's other tabs: each tab saves to local storage, and
 * the browser tells the others (the `storage` event). Returns the function that stops.
 */
export function followGuestCartInOtherTabs(store: CartStore): () => void {
  const changedElsewhere = (event: StorageEvent) => {
    if (event.key !== GUEST_CART_KEY || store.getState().cart.owner !== 'guest') return;
    readGuestCart(localStorage, () => toast.warning(UNREADABLE_CART_NOTICE))
      .then((items) => store.dispatch(cartReplaced(items)))
      .catch((error: unknown) => console.error('The guest cart could not be read.', error));
  };
  window.addEventListener('storage', changedElsewhere);
  return () => window.removeEventListener('storage', changedElsewhere);
}
