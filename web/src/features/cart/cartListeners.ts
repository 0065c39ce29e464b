import { isAnyOf } from '@reduxjs/toolkit';
import { applyCartOperations, cartChangesSince } from '@harbor/domain';
import { callableFailure } from '../../lib/callableError';
import { errorCode } from '../../lib/errorCode';
import {
  cartConnected,
  cartCleared,
  cartLoadingChanged,
  cartReplaced,
  itemAdded,
  itemRemoved,
  quantityUpdated,
  serverCartChanged,
  unsavedChangesRestored,
  type CartState,
  type QueuedCartOperation,
} from '../../lib/cart';
import type { StartListening } from '../../lib/listeners';
import { signedIn, signedOut } from '../../lib/session';
import { toast } from '../../lib/toast';
import { readGuestCart, removeGuestCart, writeGuestCart } from './guestCartStorage';
import { pauseBeforeRetry, type CartSyncState, type ListenerApi } from './cartSync';
import type * as ServerCartModule from './serverCart';

/** mergeCart refusing the guest cart itself: trying again cannot help, so the buyer goes on without it. */
const MERGE_REFUSALS = new Set(['functions/invalid-argument', 'functions/failed-precondition', 'functions/permission-denied']);

const cartChanges = isAnyOf(itemAdded, itemRemoved, quantityUpdated, cartCleared);

export function registerCartListeners(startAppListening: StartListening<CartSyncState>): void {
  // A guest's every change is saved to local storage at once.
  startAppListening({
    matcher: cartChanges,
    effect: (_action, listenerApi) => {
      const { cart } = listenerApi.getState();
      // While the stored cart is being read (loading), the restore writes both together; while a
      // stored session is restored, the change waits to learn whose it is.
      if (cart.owner === 'guest' && !cart.loading && cart.guestItemsBeforeSession === null) writeGuestCart(cart.items);
    },
  });

  // Signed in: the changes not yet on the server are kept in this tab, from the moment the cart is
  // connected (the changes left by the page before are restored by then).
  startAppListening({
    predicate: (_action, current, previous) =>
      current.cart.owner === 'server' && current.cart.connected && (current.cart.unsaved !== previous.cart.unsaved || !previous.cart.connected),
    effect: async (_action, listenerApi) => {
      // Loaded with the connection, so this resolves at once; the state read after it is the newest.
      const { writeUnsavedChanges } = await import('./serverCart');
      const { auth, cart } = listenerApi.getState();
      if (auth.user && cart.connected) writeUnsavedChanges(auth.user.uid, cart.unsaved);
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
      const before = listenerApi.getOriginalState().cart;
      if (!signedIn.match(action)) {
        // A signed-in buyer's waiting changes leave the tab with the buyer.
        if (before.owner === 'server') void import('./serverCart').then(({ removeUnsavedChanges }) => removeUnsavedChanges());
        listenerApi.dispatch(cartReplaced(await guestCartAfter(before)));
        return;
      }
      const uid = action.payload.uid;
      // Only a guest's cart is merged, never the cart of a buyer who was signed in before. Of the
      // changes made while the session was restored, the units added are the buyer's own, queued on
      // top (see cartSlice); the guest lines are merged as that moment left them.
      const { serverCart, leftUnsaved } = await connect(uid, guestItemsToMerge(before), listenerApi);
      listenerApi.dispatch(unsavedChangesRestored(leftUnsaved));
      listenerApi.dispatch(cartConnected());
      let loaded = false;
      const stopFollowing = serverCart.followServerCart(
        uid,
        (cart) => {
          listenerApi.dispatch(serverCartChanged(cart));
          if (!loaded) listenerApi.dispatch(cartLoadingChanged(false));
          loaded = true;
        },
        (error) => console.error('Following the saved cart failed.', error),
      );
      try {
        await serverCart.saveChanges(uid, listenerApi);
      } finally {
        stopFollowing();
      }
    },
  });
}

/** The guest lines a sign-in merges into the saved cart: none when a buyer was signed in before. */
function guestItemsToMerge(before: CartState): CartState['items'] {
  if (before.guestItemsBeforeSession !== null) return cartChangesSince(before.guestItemsBeforeSession, before.items).kept;
  return before.owner === 'guest' ? before.items : [];
}

/**
 * The guest cart as this browser keeps it, once signed out. Changes made while a stored session
 * was being restored, which turned out to be gone, are the guest's: they are added to it and saved.
 */
async function guestCartAfter(before: CartState): Promise<CartState['items']> {
  const stored = await readGuestCart();
  if (before.guestItemsBeforeSession === null || before.unsaved.length === 0) return stored;
  const items = applyCartOperations(
    stored,
    before.unsaved.map((queued) => queued.operation),
  );
  writeGuestCart(items);
  return items;
}

/**
 * Loads the server cart's code, reads the changes this tab left unsaved when the page was left, and
 * merges the guest cart into the server cart, trying again until it works (offline at sign-in, a
 * failed download). Meanwhile the buyer sees the guest lines and may change them; the changes wait
 * for the merge. The guest cart stays in local storage until the merge has it, and the unsaved
 * changes in the tab until they are read (nothing writes them before the cart is connected).
 */
async function connect(uid: string, guestItems: CartState['items'], listenerApi: ListenerApi): Promise<{ serverCart: typeof ServerCartModule; leftUnsaved: QueuedCartOperation[] }> {
  for (let failures = 0; ; failures++) {
    let serverCart: typeof ServerCartModule | undefined;
    let leftUnsaved: QueuedCartOperation[] = [];
    try {
      serverCart = await listenerApi.pause(import('./serverCart'));
      leftUnsaved = await listenerApi.pause(serverCart.readUnsavedChanges(uid));
      if (guestItems.length > 0) {
        const merged = await listenerApi.pause(serverCart.mergeGuestCart(guestItems));
        listenerApi.dispatch(serverCartChanged({ items: merged, appliedOperations: [] }));
      }
      removeGuestCart();
      return { serverCart, leftUnsaved };
    } catch (error) {
      if (listenerApi.signal.aborted) throw error;
      console.error('Loading the saved cart failed.', error);
      if (serverCart && MERGE_REFUSALS.has(errorCode(error))) {
        // The guest cart stays in this browser; the buyer goes on with the saved cart.
        toast.error(callableFailure(error, 'The cart from this browser could not be added to your saved cart.').message);
        return { serverCart, leftUnsaved };
      }
      if (failures === 0) {
        toast.error('Your saved cart could not be loaded yet. Items you add now are kept and saved when it loads.');
        listenerApi.dispatch(cartLoadingChanged(false));
      }
      await pauseBeforeRetry(failures, listenerApi);
    }
  }
}
