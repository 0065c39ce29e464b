/**
 * The signed-in buyer's cart on the server (`carts/{uid}`), through the full Firestore SDK: a
 * listener follows the cart live (other tabs and devices), and every change is a transaction that
 * applies one operation to the cart as it is on the server. Loaded with the first sign-in only, so
 * a visitor who browses never downloads it (the catalog reads with the lite SDK).
 */
import { connectFirestoreEmulator, doc, getFirestore, onSnapshot, runTransaction, serverTimestamp } from 'firebase/firestore';
import { applyCartOperation, cartItemsSchema, type CartItem, type CartOperation, type MergeCartInput } from '@harbor/domain';
import { callFunction } from '../../lib/callable';
import { emulators, firebaseApp } from '../../lib/firebase';

const db = getFirestore(firebaseApp);
if (emulators) connectFirestoreEmulator(db, emulators.host, emulators.firestorePort);

/** The lines of a stored cart; lines that no longer validate (older shapes, hand edits) are dropped. */
function storedLines(raw: unknown): CartItem[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((line: unknown) => {
    const parsed = cartItemsSchema.safeParse([line]);
    return parsed.success ? parsed.data : [];
  });
}

/** Calls `onChange` with the cart now and after every change; returns the function that stops. */
export function followServerCart(uid: string, onChange: (items: CartItem[]) => void, onError: (error: unknown) => void): () => void {
  return onSnapshot(
    doc(db, 'carts', uid),
    (snapshot) => onChange(storedLines(snapshot.get('items'))),
    onError,
  );
}

/** Applies one change to the server's cart atomically; resolves to the cart as written. */
export function applyToServerCart(uid: string, operation: CartOperation): Promise<CartItem[]> {
  const ref = doc(db, 'carts', uid);
  return runTransaction(db, async (transaction) => {
    const snapshot = await transaction.get(ref);
    const items = applyCartOperation(storedLines(snapshot.get('items')), operation);
    transaction.set(ref, { items, updatedAt: serverTimestamp() });
    return items;
  });
}

/** Merges the guest cart into the server cart (the mergeCart callable); resolves to the merged cart. */
export async function mergeGuestCart(guestItems: CartItem[]): Promise<CartItem[]> {
  const { items } = await callFunction<MergeCartInput, { items: CartItem[] }>('mergeCart', { guestItems });
  return items;
}
