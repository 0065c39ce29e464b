import type { QueuedCartOperation } from '../../lib/cart';

/**
 * A signed-in buyer's cart changes that the server has not applied yet, kept in this tab's session
 * storage: a reload, or a link that loads the page anew, before the save answered would otherwise
 * lose them. The next sign-in in this tab sends them again; the server cart remembers the ids of
 * the changes it applied, so one that did land before the reload is not applied twice. Per tab,
 * so two tabs never overwrite each other's waiting changes.
 */
export const UNSAVED_CART_KEY = 'cart-unsaved';

interface StoredChanges {
  uid: string;
  changes: unknown;
}

/**
 * The changes `uid` left waiting in this tab; anything unreadable (corrupt, someone else's) is
 * dropped with a warning. The stored text is read at once, so a write that follows the call
 * cannot hide it; the validation code is fetched only when something is stored.
 */
export async function readUnsavedChanges(uid: string, storage: Storage = sessionStorage): Promise<QueuedCartOperation[]> {
  let raw: string | null;
  try {
    raw = storage.getItem(UNSAVED_CART_KEY);
  } catch {
    return [];
  }
  if (raw === null) return [];
  const { unsavedCartChangesSchema } = await import('../../lib/validation');
  try {
    const stored = JSON.parse(raw) as Partial<StoredChanges> | null;
    if (stored?.uid !== uid) return [];
    const parsed = unsavedCartChangesSchema.safeParse(stored.changes);
    if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? 'malformed');
    return parsed.data;
  } catch (error) {
    console.warn(`The cart changes waiting to be saved could not be read (${error instanceof Error ? error.message : 'unknown'}); they are dropped.`);
    return [];
  }
}

/** Keeps `changes` for `uid` (none: nothing is kept). */
export function writeUnsavedChanges(uid: string, changes: readonly QueuedCartOperation[], storage: Storage = sessionStorage): void {
  try {
    if (changes.length === 0) storage.removeItem(UNSAVED_CART_KEY);
    else storage.setItem(UNSAVED_CART_KEY, JSON.stringify({ uid, changes } satisfies StoredChanges));
  } catch (error) {
    console.error('The cart changes waiting to be saved could not be kept in this tab.', error);
  }
}

export function removeUnsavedChanges(storage: Storage = sessionStorage): void {
  try {
    storage.removeItem(UNSAVED_CART_KEY);
  } catch {
    // Storage that cannot be used holds nothing to remove.
  }
}
