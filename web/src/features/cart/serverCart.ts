/**
 * The signed-in buyer's cart on the server (`carts/{uid}`), through the full Firestore SDK: a
 * listener follows the cart live (other tabs and devices), and every change is a transaction that
 * applies one operation to the cart as it is on the server. Loaded with the first sign-in only, so
 * a visitor who browses never downloads it (the catalog reads with the lite SDK).
 */
import { applyCartOperation, SHOP_RULES, storedCartLines, type CartItem, type MergeCartInput } from '@harbor/domain';
import { callFunction } from '../../lib/callable';
import { cartChangeRefused, cartChangeSaved, type QueuedCartOperation, type ServerCart } from '../../lib/cart';
import { errorCode } from '../../lib/errorCode';
import { doc, liveDb as db, onSnapshot, runTransaction, serverTimestamp } from '../../lib/firestoreLive';
import { pauseBeforeRetry, type CartSyncState, type ListenerApi } from './cartSync';

export { readUnsavedChanges, removeUnsavedChanges, writeUnsavedChanges } from './unsavedCartStorage';

/** The ids of applied operations a cart remembers: enough to recognise any retry of a recent one. */
const REMEMBERED_OPERATIONS = SHOP_RULES.maxCartLines;
/** Refusals that trying again cannot change (the cart is someone else's, or malformed): the change is dropped. */
const PERMANENT_FAILURES = new Set(['permission-denied', 'invalid-argument', 'unauthenticated']);

function storedIds(raw: unknown): string[] {
  return Array.isArray(raw) ? raw.filter((id): id is string => typeof id === 'string') : [];
}

/**
 * Calls `onChange` with the cart now and after every change; returns the function that stops.
 * An empty answer from the local cache (offline, nothing read yet) is not the saved cart, so it
 * is not reported.
 */
export function followServerCart(uid: string, onChange: (cart: ServerCart) => void, onError: (error: unknown) => void): () => void {
  return onSnapshot(
    doc(db, 'carts', uid),
    // With metadata changes, the server's answer still arrives after an empty answer from the cache.
    { includeMetadataChanges: true },
    (snapshot) => {
      if (!snapshot.exists() && snapshot.metadata.fromCache) return;
      onChange({ items: storedCartLines(snapshot.get('items')), appliedOperations: storedIds(snapshot.get('appliedOperations')) });
    },
    onError,
  );
}

/**
 * Applies one change to the server's cart in a transaction; resolves to the cart's lines after it.
 * The cart remembers the ids of the changes applied to it, so a change retried after its answer
 * was lost (by the SDK or by the caller) is not applied twice.
 */
export function applyToServerCart(uid: string, { id, operation }: QueuedCartOperation): Promise<CartItem[]> {
  const ref = doc(db, 'carts', uid);
  return runTransaction(db, async (transaction) => {
    const snapshot = await transaction.get(ref);
    const items = storedCartLines(snapshot.get('items'));
    const applied = storedIds(snapshot.get('appliedOperations'));
    if (applied.includes(id)) return items;
    const changed = applyCartOperation(items, operation);
    transaction.set(ref, { items: changed, appliedOperations: [...applied, id].slice(-REMEMBERED_OPERATIONS), updatedAt: serverTimestamp() });
    return changed;
  });
}

/** Merges the guest cart into the server cart (the mergeCart callable); resolves to the merged cart. */
export async function mergeGuestCart(guestItems: CartItem[]): Promise<CartItem[]> {
  const { items } = await callFunction<MergeCartInput, { items: CartItem[] }>('mergeCart', { guestItems });
  return items;
}

/**
 * Saves the buyer's changes to the server in order, each in a transaction, for as long as the
 * sign-in lasts (the listener that runs this is cancelled by the next sign-in or sign-out).
 */
export async function saveChanges(uid: string, listenerApi: ListenerApi): Promise<never> {
  // The merge is done by now (connect), so a change can be saved before the first snapshot arrives.
  const hasWork = (state: CartSyncState) => state.cart.unsaved.length > 0;
  for (let failures = 0; ; ) {
    if (!hasWork(listenerApi.getState())) await listenerApi.condition((_action, state) => hasWork(state));
    const [queued] = listenerApi.getState().cart.unsaved;
    if (!queued) continue;
    try {
      const items = await listenerApi.pause(applyToServerCart(uid, queued));
      listenerApi.dispatch(cartChangeSaved({ id: queued.id, items }));
      failures = 0;
    } catch (error) {
      if (listenerApi.signal.aborted) throw error;
      // The spec asks for the failure to be logged; the change stays queued and is tried again.
      console.error('Saving the cart to the server failed.', error);
      if (PERMANENT_FAILURES.has(errorCode(error))) {
        listenerApi.dispatch(cartChangeRefused(queued.id));
        continue;
      }
      await pauseBeforeRetry(failures, listenerApi);
      failures++;
    }
  }
}
