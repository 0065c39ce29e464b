import { FieldValue } from 'firebase-admin/firestore';
import { onCall } from 'firebase-functions/v2/https';
import { cartItemSchema, mergeCartInputSchema, mergeCarts, SHOP_RULES, type CartItem } from '@harbor/domain';
import { db } from './admin';
import { callableOptions, parseInput, requireUser } from './callable';

/** Server lines that no longer validate (older shapes, hand edits) are dropped, not trusted. */
function validServerItems(raw: unknown): CartItem[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((item) => {
    const parsed = cartItemSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/** Merges the guest cart into the signed-in user's server cart; server lines win on duplicates. */
export const mergeCart = onCall(callableOptions(), async (request) => {
  const uid = requireUser(request);
  const { guestItems } = parseInput(mergeCartInputSchema, request.data);
  const cartRef = db.doc(`carts/${uid}`);
  const items = await db.runTransaction(async (transaction) => {
    const snapshot = await transaction.get(cartRef);
    const merged = mergeCarts(validServerItems(snapshot.get('items')), guestItems).slice(0, SHOP_RULES.maxCartLines);
    // merge: the ids of changes already applied (appliedOperations) stay, so a change retried from
    // another device is still recognised.
    transaction.set(cartRef, { items: merged, updatedAt: FieldValue.serverTimestamp() }, { merge: true });
    return merged;
  });
  return { items };
});
