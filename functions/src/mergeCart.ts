import { FieldValue } from 'firebase-admin/firestore';
import { onCall } from 'firebase-functions/v2/https';
import { mergeCartInputSchema, mergeCarts, SHOP_RULES, storedCartLines } from '@harbor/domain';
import { db } from './admin';
import { callableOptions, parseInput, requireUser } from './callable';

/** Merges the guest cart into the signed-in user's server cart; server lines win on duplicates. */
export const mergeCart = onCall(callableOptions(), async (request) => {
  const uid = requireUser(request);
  const { guestItems } = parseInput(mergeCartInputSchema, request.data);
  const cartRef = db.doc(`carts/${uid}`);
  const items = await db.runTransaction(async (transaction) => {
    const snapshot = await transaction.get(cartRef);
    const merged = mergeCarts(storedCartLines(snapshot.get('items')), guestItems).slice(0, SHOP_RULES.maxCartLines);
    // merge: the ids of changes already applied (appliedOperations) stay, so a change retried from
    // another device is still recognised.
    transaction.set(cartRef, { items: merged, updatedAt: FieldValue.serverTimestamp() }, { merge: true });
    return merged;
  });
  return { items };
});
