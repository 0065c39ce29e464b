import { doc, getDoc, serverTimestamp, setDoc } from 'firebase/firestore/lite';
import type { CartItem, MergeCartInput } from '@harbor/domain';
import { callFunction } from '../../lib/callable';
import { db } from '../../lib/firebase';

export async function saveServerCart(uid: string, items: CartItem[]): Promise<void> {
  await setDoc(doc(db, 'carts', uid), { items, updatedAt: serverTimestamp() });
}

export async function loadServerCart(uid: string): Promise<CartItem[]> {
  const [snapshot, { cartItemsSchema }] = await Promise.all([getDoc(doc(db, 'carts', uid)), import('../../lib/validation')]);
  const parsed = cartItemsSchema.safeParse(snapshot.get('items') ?? []);
  return parsed.success ? parsed.data : [];
}

export async function mergeGuestCart(guestItems: CartItem[]): Promise<CartItem[]> {
  const { items } = await callFunction<MergeCartInput, { items: CartItem[] }>('mergeCart', { guestItems });
  return items;
}
