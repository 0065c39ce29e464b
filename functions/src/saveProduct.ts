import { randomBytes } from 'node:crypto';
import { FieldValue, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import { HttpsError, onCall } from 'firebase-functions/v2/https';
import { changedFields, productInputSchema, productSearchTokens, SHOP_RULES, storedNumber, type ValidProduct } from '@harbor/domain';
import { db } from './admin';
import { appendAudit } from './audit';
import { prepareBackorderFill } from './backorders';
import { callableOptions, parseInput, requireStaff, type Staff } from './callable';
import { CONTENDED_CALL_OPTIONS, runContendedTransaction } from './transactions';
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
 * A product holding `sku` without a lock (imported in bulk, or older than the locks). Read before
 * the transaction: saveProduct always takes the lock, so only the lock decides between concurrent
 * saves, and a query inside the transaction would lock every product it scans against orders.
 */
async function unlockedSkuHolder(sku: string, selfId: string | undefined): Promise<DocumentSnapshot | null> {
  return (await productsWithSku(sku)).find((snapshot) => snapshot.id !== selfId) ?? null;
}

/** The products holding `sku` (one, unless imported in bulk against the rules; two at most are read). */
async function productsWithSku(sku: string): Promise<DocumentSnapshot[]> {
  return (await db.collection('products').where('sku', '==', sku).limit(2).get()).docs;
}

/** The id of the product holding `sku`, or null (the REST API names products by SKU). */
export async function productIdOfSku(sku: string): Promise<string | null> {
  return (await productsWithSku(sku))[0]?.id ?? null;
}

/** The product holding the lock of `sku`, other than `selfId`. */
async function lockedSkuHolder(transaction: Transaction, sku: string, selfId: string | undefined): Promise<DocumentSnapshot | null> {
  const lockedBy: unknown = (await transaction.get(skuLock(sku))).get('productId');
  if (typeof lockedBy !== 'string' || lockedBy === selfId) return null;
  const holder = await transaction.get(db.doc(`products/${lockedBy}`));
  return holder.exists ? holder : null;
}

/** Creates (no id) or replaces (id) a product as `staff`; keeps its SKU unique and its search tokens current. */
export async function saveProductAs(staff: Staff, input: ValidProduct): Promise<{ id: string }> {
  const { id: requestedId, expectedStock, ...fields } = input;

  const unlocked = await unlockedSkuHolder(fields.sku, requestedId);
  const { id, replacedImagePath } = await runContendedTransaction(async (transaction) => {
    const existing = requestedId ? await transaction.get(db.doc(`products/${requestedId}`)) : null;
    if (existing && !existing.exists) throw new HttpsError('not-found', `There is no product with id "${requestedId}"; it may have been deleted.`);

    const holder = unlocked ?? (await lockedSkuHolder(transaction, fields.sku, requestedId));
    if (holder) {
      throw new HttpsError('already-exists', `SKU ${fields.sku} is already used by "${String(holder.get('name') ?? holder.id)}".`);
    }
    const productId = requestedId ?? (await newProductId(transaction, fields.sku));
    const previousSku: unknown = existing?.get('sku');

    // An edit changes stock by what the admin changed, keeping units ordered or returned meanwhile.
    const currentStock = Number(existing?.get('stock') ?? 0);
    const edited = existing && expectedStock !== undefined ? Math.max(0, currentStock + fields.stock - expectedStock) : fields.stock;
    // Stock on the shelf goes to the orders waiting for it first, oldest first.
    const owed = storedNumber(existing?.get('backordered'));
    const fill = await prepareBackorderFill(transaction, [{ id: productId, backordered: owed }]);
    const { stock, backordered } = fill.fill(productId, edited, owed);
    const saved = { ...fields, stock };
    const changes = changedFields(existing?.data() ?? {}, saved, Object.keys(saved));
    // A save that changes nothing (the form sent again) leaves no entry.
    if (!existing || changes.length > 0) {
      appendAudit(transaction, staff, {
        action: existing ? 'product.update' : 'product.create',
        target: `products/${productId}`,
        summary: `${existing ? 'Changed' : 'Created'} product ${fields.sku} "${fields.name}"`,
        changes,
      });
    }
    transaction.set(db.doc(`products/${productId}`), {
      ...fields,
      stock,
      backordered,
      currency: SHOP_RULES.currency,
      searchTokens: productSearchTokens(fields),
      createdAt: existing?.get('createdAt') ?? FieldValue.serverTimestamp(),
      updatedAt: FieldValue.serverTimestamp(),
    });
    if (typeof previousSku === 'string' && previousSku !== fields.sku) transaction.delete(skuLock(previousSku));
    transaction.set(skuLock(fields.sku), { productId });
    fill.write();

    const previousImagePath: unknown = existing?.get('imagePath');
    return { id: productId, replacedImagePath: typeof previousImagePath === 'string' && previousImagePath !== fields.imagePath ? previousImagePath : '' };
  }, 'This product is being changed by orders right now. Please try saving again in a moment.');

  await deleteStoredImage(replacedImagePath);
  return { id };
}

/** The back office's product form saves a product (saveProductAs). */
export const saveProduct = onCall(callableOptions(CONTENDED_CALL_OPTIONS), async (request) => {
  const staff = await requireStaff(request, 'products.edit');
  return saveProductAs(staff, parseInput(productInputSchema, request.data));
});
