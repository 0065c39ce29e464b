import { isAnyOf } from '@reduxjs/toolkit';
import { toast } from '../../lib/toast';
import {
  cartChangeSaved,
  cartCleared,
  cartLoadingChanged,
  cartReplaced,
  itemAdded,
  itemRemoved,
  quantityUpdated,
  serverCartChanged,
  type CartState,
} from '../../lib/cart';
import type { StartListening } from '../../lib/listeners';
import { signedIn, signedOut, type AuthState } from '../../lib/session';
import { readGuestCart, removeGuestCart, writeGuestCart } from './guestCartStorage';
import type { applyToServerCart } from './serverCart';

type ApplyToServerCart = typeof applyToServerCart;

/** The state the cart's side effects read. */
type CartSyncState = { auth: AuthState; cart: CartState };

/** After a failed save: try again when the browser is back online, else after this pause (growing to 30 s). */
const RETRY_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

const cartChanges = isAnyOf(itemAdded, itemRemoved, quantityUpdated, cartCleared);

function online(): Promise<void> {
  return new Promise((resolve) => window.addEventListener('online', () => resolve(), { once: true }));
}

export function registerCartListeners(startAppListening: StartListening<CartSyncState>): void {
  // A guest's every change is saved to local storage at once.
  startAppListening({
    matcher: cartChanges,
    effect: (_action, listenerApi) => {
      const { cart } = listenerApi.getState();
      if (cart.owner === 'guest') writeGuestCart(cart.items);
    },
  });

  // Signed in: the guest cart is merged into the server cart (mergeCart), the server cart is
  // followed live, and the buyer's changes are applied to it one at a time, in order, each in a
  // transaction. Changes made while the merge runs wait for it. Signing out (or in as someone
  // else) cancels this run.
  startAppListening({
    matcher: isAnyOf(signedIn, signedOut),
    effect: async (action, listenerApi) => {
      listenerApi.cancelActiveListeners();
      if (!signedIn.match(action)) {
        listenerApi.dispatch(cartReplaced(await readGuestCart()));
        return;
      }
      const uid = action.payload.uid;
      const guestItems = listenerApi.getState().cart.items;
      let stopFollowing = () => {};
      try {
        const serverCart = await listenerApi.pause(import('./serverCart'));
        if (guestItems.length > 0) {
          const merged = await listenerApi.pause(serverCart.mergeGuestCart(guestItems));
          listenerApi.dispatch(serverCartChanged(merged));
        }
        removeGuestCart();
        let firstSnapshot = true;
        stopFollowing = serverCart.followServerCart(
          uid,
          (items) => {
            listenerApi.dispatch(serverCartChanged(items));
            if (firstSnapshot) listenerApi.dispatch(cartLoadingChanged(false));
            firstSnapshot = false;
          },
          (error) => console.error('Following the saved cart failed.', error),
        );
        await saveChanges(uid, serverCart.applyToServerCart, listenerApi);
      } catch (error) {
        if (listenerApi.signal.aborted) return;
        console.error('Loading the saved cart failed.', error);
        toast.error('Your saved cart could not be loaded. Items you add now are still kept.');
        listenerApi.dispatch(cartLoadingChanged(false));
      } finally {
        stopFollowing();
      }
    },
  });
}

type ListenerApi = Parameters<Parameters<StartListening<CartSyncState>>[0]['effect']>[1];

/** Saves the buyer's changes to the server in order, for as long as the sign-in lasts. */
async function saveChanges(uid: string, apply: ApplyToServerCart, listenerApi: ListenerApi): Promise<never> {
  let failures = 0;
  for (;;) {
    await listenerApi.condition((_action, state) => state.cart.unsaved.length > 0 && !state.cart.loading);
    const [operation] = listenerApi.getState().cart.unsaved;
    if (!operation) continue;
    try {
      listenerApi.dispatch(cartChangeSaved(await listenerApi.pause(apply(uid, operation))));
      failures = 0;
    } catch (error) {
      if (listenerApi.signal.aborted) throw error;
      // The spec asks for the failure to be logged; the change stays queued and is tried again.
      console.error('Saving the cart to the server failed.', error);
      const pause = RETRY_DELAYS_MS[Math.min(failures, RETRY_DELAYS_MS.length - 1)]!;
      failures++;
      await listenerApi.pause(Promise.race([navigator.onLine ? listenerApi.delay(pause) : online(), listenerApi.delay(RETRY_DELAYS_MS.at(-1)!)]));
    }
  }
}
