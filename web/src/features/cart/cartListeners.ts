import { isAnyOf } from '@reduxjs/toolkit';
import { toast } from 'sonner';
import { cartCleared, cartLoadingChanged, cartReplaced, itemAdded, itemRemoved, quantityUpdated, type CartState } from '../../lib/cart';
import type { StartListening } from '../../lib/listeners';
import { signedIn, signedOut, type AuthState } from '../../lib/session';
import { loadServerCart, mergeGuestCart, saveServerCart } from './api';
import { readGuestCart, removeGuestCart, writeGuestCart } from './guestCartStorage';

/** Server saves wait this long so a burst of stepper clicks becomes one write. */
const SERVER_SAVE_DELAY_MS = 250;

/** The state the cart's side effects read. */
type CartSyncState = { auth: AuthState; cart: CartState };

export function registerCartListeners(startAppListening: StartListening<CartSyncState>): void {
  // Every shopper change is saved: to local storage for a guest, to carts/{uid} when signed in.
  startAppListening({
    matcher: isAnyOf(itemAdded, itemRemoved, quantityUpdated, cartCleared),
    effect: async (_action, listenerApi) => {
      const { auth, cart } = listenerApi.getState();
      if (!auth.user) {
        writeGuestCart(cart.items);
        return;
      }
      listenerApi.cancelActiveListeners();
      await listenerApi.delay(SERVER_SAVE_DELAY_MS);
      try {
        await saveServerCart(auth.user.uid, listenerApi.getState().cart.items);
      } catch (error) {
        console.error('Saving the cart to the server failed.', error);
      }
    },
  });

  // Sign-in: the server cart is loaded and the guest cart merged into it by the mergeCart callable.
  startAppListening({
    actionCreator: signedIn,
    effect: async (action, listenerApi) => {
      const guestItems = listenerApi.getState().cart.items;
      listenerApi.dispatch(cartLoadingChanged(true));
      try {
        const items = guestItems.length ? await mergeGuestCart(guestItems) : await loadServerCart(action.payload.uid);
        removeGuestCart();
        listenerApi.dispatch(cartReplaced(items));
      } catch (error) {
        console.error('Loading the saved cart failed.', error);
        toast.error('Your saved cart could not be loaded. Items you add now are still kept.');
      } finally {
        listenerApi.dispatch(cartLoadingChanged(false));
      }
    },
  });

  // Signed out (at start or after logout): the cart is the guest cart again.
  startAppListening({
    actionCreator: signedOut,
    effect: async (_action, listenerApi) => {
      listenerApi.dispatch(cartReplaced(await readGuestCart()));
    },
  });
}
