import { FieldValue, type DocumentSnapshot } from 'firebase-admin/firestore';
import { HttpsError, onCall } from 'firebase-functions/v2/https';
import { changedFields, changedProductFields, importProductsInputSchema, productFromData, productSearchTokens, SHOP_RULES, storedNumber, type ImportedProduct, type ImportProductsResult, type ValidProduct } from '@harbor/domain';
import { db } from './admin';
import { appendAudit } from './audit';
import { queueWebhookEvent } from './integrations/webhooks';
import { prepareBackorderFill } from './backorders';
import { callableOptions, parseInput, requireStaff } from './callable';
import { CONTENDED_CALL_OPTIONS, runContendedTransaction } from './transactions';

/** Ids of the products holding these SKUs (30 per query, Firestore's limit for "in"). */
async function productIdsBySku(skus: string[]): Promise<Map<string, string[]>> {
  const bySku = new Map<string, string[]>();
  const chunks = Array.from({ length: Math.ceil(skus.length / 30) }, (_, index) => skus.slice(index * 30, index * 30 + 30));
  const results = await Promise.all(chunks.map((chunk) => db.collection('products').where('sku', 'in', chunk).select('sku').get()));
  for (const snapshot of results.flatMap((result) => result.docs)) {
    const sku = String(snapshot.get('sku'));
    bySku.set(sku, [...(bySku.get(sku) ?? []), snapshot.id]);
  }
  return bySku;
}

/** Which stored product each imported row updates: its id, or the product holding its SKU; a new id from the SKU otherwise. */
function targetIds(products: ValidProduct[], bySku: Map<string, string[]>): string[] {
  return products.map((product, index) => {
    const holders = bySku.get(product.sku) ?? [];
    if (product.id) {
      const other = holders.find((id) => id !== product.id);
      if (other) throw new HttpsError('failed-precondition', `Row ${index + 1} of the batch: SKU ${product.sku} is already used by product ${other}.`);
      return product.id;
    }
    if (holders.length > 1) throw new HttpsError('failed-precondition', `SKU ${product.sku} is held by several products (${holders.join(', ')}); give the id column.`);
    return holders[0] ?? product.sku.toLowerCase();
  });
}

/**
 * One batch of a product CSV import: compares every row with the stored product and, with
 * `apply`, writes the new and changed ones in one transaction (all or nothing). Unchanged rows are
 * never written, so re-importing an export writes nothing.
 */
export const importProducts = onCall(callableOptions(CONTENDED_CALL_OPTIONS), async (request): Promise<ImportProductsResult> => {
  const staff = await requireStaff(request, 'products.edit');
  const { products, apply } = parseInput(importProductsInputSchema, request.data);
  const skus = products.map((product) => product.sku);
  const duplicate = skus.find((sku, index) => skus.indexOf(sku) !== index);
  if (duplicate) throw new HttpsError('invalid-argument', `SKU ${duplicate} is on two rows of the batch.`);
  const ids = targetIds(products, await productIdsBySku(skus));
  if (new Set(ids).size !== ids.length) throw new HttpsError('invalid-argument', 'Two rows of the batch update the same product.');

  return runContendedTransaction(async (transaction) => {
    const refs = ids.map((id) => db.doc(`products/${id}`));
    const stored = (await transaction.getAll(...refs)) as DocumentSnapshot[];
    const outcomes: ImportedProduct[] = products.map((product, index) => {
      const snapshot = stored[index]!;
      if (!snapshot.exists) return { sku: product.sku, id: ids[index]!, outcome: 'new', fields: [] };
      const fields = changedProductFields(productFromData(snapshot.id, snapshot.data()!), product);
      return { sku: product.sku, id: ids[index]!, outcome: fields.length ? 'changed' : 'unchanged', fields };
    });
    if (!apply) return { products: outcomes, applied: false };

    // Stock imported for products that owe units goes to the orders waiting for it first.
    const owed = (index: number) => storedNumber(stored[index]!.get('backordered'));
    const fill = await prepareBackorderFill(
      transaction,
      outcomes.flatMap((outcome, index) => (outcome.outcome === 'changed' ? [{ id: outcome.id, backordered: owed(index) }] : [])),
    );
    outcomes.forEach((outcome, index) => {
      if (outcome.outcome === 'unchanged') return;
      const { id: _id, expectedStock: _expected, imagePath: _imagePath, ...fields } = products[index]!;
      const snapshot = stored[index]!;
      const previousSku: unknown = snapshot.get('sku');
      const shelf = fill.fill(outcome.id, fields.stock, owed(index));
      transaction.set(refs[index]!, {
        ...fields,
        ...shelf,
        imagePath: snapshot.get('imagePath') ?? '',
        currency: SHOP_RULES.currency,
        searchTokens: productSearchTokens(fields),
        createdAt: snapshot.get('createdAt') ?? FieldValue.serverTimestamp(),
        updatedAt: FieldValue.serverTimestamp(),
      });
      if (typeof previousSku === 'string' && previousSku !== fields.sku) transaction.delete(db.doc(`skus/${previousSku}`));
      transaction.set(db.doc(`skus/${fields.sku}`), { productId: outcome.id });
      queueWebhookEvent(transaction, 'product.updated', { productId: outcome.id, sku: fields.sku, price: fields.price, stock: shelf.stock, active: fields.active, deleted: false });
      appendAudit(transaction, staff, {
        action: outcome.outcome === 'new' ? 'product.create' : 'product.update',
        target: `products/${outcome.id}`,
        summary: `${outcome.outcome === 'new' ? 'Imported new' : 'Imported changes to'} product ${fields.sku} "${fields.name}"`,
        changes: changedFields(snapshot.data() ?? {}, fields, outcome.outcome === 'new' ? Object.keys(fields) : outcome.fields),
      });
    });
    fill.write();
    return { products: outcomes, applied: true };
  }, 'These products are being changed by orders right now. Please try the import again in a moment.');
});
