import type { QueuedCartOperation } from '../../lib/cart';

/**
 * A signed-in buyer's cart changes that the server has not applied yet, kept in this tab's session
 * storage: a reload, or a link that loads the page anew, before the save answered would otherwise
 * lose them. The next sign-in in this tab sends them again; the server cart remembers the ids of
 * the changes it applied, so one that did land before the reload is not applied twice. Per tab,
 * so two tabs never overwrite each other's waiting changes.
 */
export const UNSAVED_CART_KEY = 'cart-unsaved';
/** Changes older than this (a tab restored days later) are not sent: the cart has moved on since. */
export const UNSAVED_CHANGES_MAX_AGE_MS = 24 * 60 * 60 * 1000;
const MAX_STORED_CHARS = 512 * 1024;

interface StoredChanges {
  uid: string;
  savedAt: number;
  changes: unknown;
}

/**
 * The changes `uid` left waiting in this tab. Another buyer's or expired changes are removed;
 * unreadable ones are dropped with a warning, each on its own (the others are kept). Rejects,
 * leaving everything stored, when the validation code cannot be downloaded: the caller tries again.
 */
export async function readUnsavedChanges(uid: string, storage: Storage = sessionStorage, now = Date.now()): Promise<QueuedCartOperation[]> {
  let raw: string | null;
  try {
    raw = storage.getItem(UNSAVED_CART_KEY);
  } catch {
    return [];
  }
  if (raw === null) return [];
  const { queuedCartOperationSchema } = await import('../../lib/validation');
  let stored: Partial<StoredChanges> | null;
  try {
    if (raw.length > MAX_STORED_CHARS) throw new Error('too large');
    stored = JSON.parse(raw) as Partial<StoredChanges> | null;
    if (!Array.isArray(stored?.changes) || typeof stored.savedAt !== 'number') throw new Error('malformed');
  } catch (error) {
    console.warn(`The cart changes waiting to be saved could not be read (${error instanceof Error ? error.message : 'unknown'}); they are dropped.`);
    removeUnsavedChanges(storage);
    return [];
  }
  if (stored.uid !== uid || now - stored.savedAt > UNSAVED_CHANGES_MAX_AGE_MS) {
    removeUnsavedChanges(storage);
    return [];
  }
  const changes = stored.changes.flatMap((change: unknown) => {
    const parsed = queuedCartOperationSchema.safeParse(change);
    return parsed.success ? [parsed.data] : [];
  });
  const dropped = stored.changes.length - changes.length;
  if (dropped > 0) console.warn(`${dropped} of the cart changes waiting to be saved could not be read; they are dropped.`);
  return changes;
}

/** Keeps `changes` for `uid` (none: nothing is kept). */
export function writeUnsavedChanges(uid: string, changes: readonly QueuedCartOperation[], storage: Storage = sessionStorage, now = Date.now()): void {
  try {
    if (changes.length === 0) storage.removeItem(UNSAVED_CART_KEY);
    else storage.setItem(UNSAVED_CART_KEY, JSON.stringify({ uid, savedAt: now, changes } satisfies StoredChanges));
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
