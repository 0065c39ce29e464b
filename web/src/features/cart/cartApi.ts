import { doc, getDoc, serverTimestamp, setDoc } from 'firebase/firestore/lite';
import { httpsCallable } from 'firebase/functions';
import { cartItemsSchema, type CartItem, type MergeCartInput } from '@harbor/domain';
import { db, functions } from '../../app/firebase';

export async function saveServerCart(uid: string, items: CartItem[]): Promise<void> {
  await setDoc(doc(db, 'carts', uid), { items, updatedAt: serverTimestamp() });
}

export async function loadServerCart(uid: string): Promise<CartItem[]> {
  const snapshot = await getDoc(doc(db, 'carts', uid));
  const parsed = cartItemsSchema.safeParse(snapshot.get('items') ?? []);
  return parsed.success ? parsed.data : [];
}

const mergeCartCallable = httpsCallable<MergeCartInput, { items: CartItem[] }>(functions, 'mergeCart');

export async function mergeGuestCart(guestItems: CartItem[]): Promise<CartItem[]> {
  const { data } = await mergeCartCallable({ guestItems });
  return data.items;
}
