import { HttpsError, onCall } from 'firebase-functions/v2/https';
import { deleteProductInputSchema, storedNumber, storedText } from '@harbor/domain';
import { db } from './admin';
import { appendAudit } from './audit';
import { queueWebhookEvent } from './integrations/webhooks';
import { callableOptions, parseInput, requireStaff } from './callable';
import { deleteStoredImage } from './productImages';

/** Deletes a product, releases its SKU and removes its uploaded image. Orders keep their own snapshot. */
export const deleteProduct = onCall(callableOptions(), async (request) => {
  const staff = await requireStaff(request, 'products.edit');
  const { id } = parseInput(deleteProductInputSchema, request.data);
  const imagePath = await db.runTransaction(async (transaction) => {
    const productRef = db.doc(`products/${id}`);
    const product = await transaction.get(productRef);
    if (!product.exists) throw new HttpsError('not-found', `There is no product with id "${id}"; it may already have been deleted.`);
    const sku = storedText(product.get('sku'));
    const lock = sku ? await transaction.get(db.doc(`skus/${sku}`)) : null;
    transaction.delete(productRef);
    queueWebhookEvent(transaction, 'product.updated', { productId: id, sku, price: storedNumber(product.get('price')), stock: storedNumber(product.get('stock')), active: false, deleted: true });
    appendAudit(transaction, staff, { action: 'product.delete', target: `products/${id}`, summary: `Deleted product ${sku} "${storedText(product.get('name'))}"` });
    if (lock?.get('productId') === id) transaction.delete(lock.ref);
    return storedText(product.get('imagePath'));
  });
  // After the commit: a failed deletion leaves an unused file, never a product without its image.
  await deleteStoredImage(imagePath);
  return { id };
});
