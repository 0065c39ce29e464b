import type { CartItem } from '@harbor/domain';

/** The guest cart's local storage key (fixed by the customer). */
export const GUEST_CART_KEY = 'cart';
const MAX_STORED_BYTES = 512 * 1024;

/**
 * The guest cart; corrupt, oversized or malformed content is replaced by an empty cart, with a
 * warning logged and `onUnreadable` called (the bad content is removed, so that happens once).
 * The validation code is fetched only when something is stored.
 */
export async function readGuestCart(storage: Storage = localStorage, onUnreadable?: () => void): Promise<CartItem[]> {
  let raw: string | null;
  try {
    raw = storage.getItem(GUEST_CART_KEY);
  } catch {
    return [];
  }
  if (raw === null) return [];
  // A failed download of the validation code rejects here and leaves the stored cart alone.
  const { cartItemsSchema } = await import('../../lib/validation');
  try {
    if (raw.length > MAX_STORED_BYTES) throw new Error('too large');
    const parsed = cartItemsSchema.safeParse(JSON.parse(raw));
    if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? 'malformed');
    return parsed.data;
  } catch (error) {
    console.warn(`The saved guest cart could not be read (${error instanceof Error ? error.message : 'unknown'}); starting with an empty cart.`);
    storage.removeItem(GUEST_CART_KEY);
    onUnreadable?.();
    return [];
  }
}

export function writeGuestCart(items: CartItem[], storage: Storage = localStorage): void {
  try {
    storage.setItem(GUEST_CART_KEY, JSON.stringify(items));
  } catch (error) {
    console.error('The guest cart could not be saved to local storage.', error);
  }
}

export function removeGuestCart(storage: Storage = localStorage): void {
  storage.removeItem(GUEST_CART_KEY);
}
