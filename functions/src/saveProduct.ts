import { randomBytes } from 'node:crypto';
import { FieldValue, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import { HttpsError, onCall } from 'firebase-functions/v2/https';
import { productInputSchema, productSearchTokens, SHOP_RULES } from '@harbor/domain';
import { db } from './admin';
import { parseInput, requireAdmin } from './callable';
import { deleteStoredImage } from './productImages';

/** `skus/{SKU}` names the product holding a SKU; the lock makes two concurrent saves of one SKU conflict. */
const skuLock = (sku: string) => db.doc(`skus/${sku}`);

/** A readable id for a new product: its SKU in lower case, with a suffix when that id is taken. */
async function newProductId(transaction: Transaction, sku: string): Promise<string> {
  const base = sku.toLowerCase();
  const taken = await transaction.get(db.doc(`products/${base}`));
  return taken.exists ? `${base}-${randomBytes(3).toString('hex')}` : base;
}

/**
 * The product already holding `sku`, other than `selfId`. The lock is the rule; the query also
 * finds products written without a lock (imported in bulk, or older than the locks).
 */
async function skuHolder(transaction: Transaction, sku: string, selfId: string | undefined): Promise<DocumentSnapshot | null> {
  const [lock, sameSku] = await Promise.all([transaction.get(skuLock(sku)), transaction.get(db.collection('products').where('sku', '==', sku).limit(2))]);
  const other = sameSku.docs.find((snapshot) => snapshot.id !== selfId);
  if (other) return other;
  const lockedBy: unknown = lock.get('productId');
  if (typeof lockedBy !== 'string' || lockedBy === selfId) return null;
  const holder = await transaction.get(db.doc(`products/${lockedBy}`));
  return holder.exists ? holder : null;
}

/** Creates (no id) or replaces (id) a product; keeps its SKU unique and its search tokens current. */
export const saveProduct = onCall(async (request) => {
  await requireAdmin(request);
  const { id: requestedId, ...fields } = parseInput(productInputSchema, request.data);

  const { id, replacedImagePath } = await db.runTransaction(async (transaction) => {
    const existing = requestedId ? await transaction.get(db.doc(`products/${requestedId}`)) : null;
    if (existing && !existing.exists) throw new HttpsError('not-found', `There is no product with id "${requestedId}"; it may have been deleted.`);

    const holder = await skuHolder(transaction, fields.sku, requestedId);
    if (holder) {
      throw new HttpsError('already-exists', `SKU ${fields.sku} is already used by "${String(holder.get('name') ?? holder.id)}".`);
    }
    const productId = requestedId ?? (await newProductId(transaction, fields.sku));
    const previousSku: unknown = existing?.get('sku');

    transaction.set(db.doc(`products/${productId}`), {
      ...fields,
      currency: SHOP_RULES.currency,
      searchTokens: productSearchTokens(fields),
      createdAt: existing?.get('createdAt') ?? FieldValue.serverTimestamp(),
      updatedAt: FieldValue.serverTimestamp(),
    });
    if (typeof previousSku === 'string' && previousSku !== fields.sku) transaction.delete(skuLock(previousSku));
    transaction.set(skuLock(fields.sku), { productId });

    const previousImagePath: unknown = existing?.get('imagePath');
    return { id: productId, replacedImagePath: typeof previousImagePath === 'string' && previousImagePath !== fields.imagePath ? previousImagePath : '' };
  });

  await deleteStoredImage(replacedImagePath);
  return { id };
});
