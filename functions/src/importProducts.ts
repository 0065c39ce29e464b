import { FieldValue, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import { HttpsError, onCall } from 'firebase-functions/v2/https';
import { changedFields, changedProductFields, importProductsInputSchema, productFromData, productSearchTokens, SHOP_RULES, storedNumber, type ImportedProduct, type ImportProductsResult, type ValidProduct } from '@harbor/domain';
import { db } from './admin';
import { appendAudit } from './audit';
import { queueWebhookEvent } from './integrations/webhooks';
import { prepareBackorderFill } from './backorders';
import { callableOptions, parseInput, requireStaff, type Staff } from './callable';
import { CONTENDED_CALL_OPTIONS, runContendedTransaction } from './transactions';

/**
 * Ids of the products holding these SKUs, by document reads only: the SKU's lock (`skus/{SKU}`,
 * which saveProduct and the imports keep) and the product named after the SKU (how products are
 * created and seeded; its `sku` must match). Two reads a row whatever the catalog's size, where a
 * query per 30 SKUs grew with it (and scanned the whole collection on the emulator).
 */
export async function productIdsBySku(skus: string[]): Promise<Map<string, string[]>> {
  const bySku = new Map<string, string[]>();
  if (skus.length === 0) return bySku;
  const [locks, named] = await Promise.all([db.getAll(...skus.map((sku) => db.doc(`skus/${sku}`))), db.getAll(...skus.map((sku) => db.doc(`products/${sku.toLowerCase()}`)))]);
  skus.forEach((sku, index) => {
    const holders = new Set<string>();
    const locked: unknown = locks[index]!.get('productId');
    if (typeof locked === 'string' && locked) holders.add(locked);
    if (named[index]!.exists && named[index]!.get('sku') === sku) holders.add(named[index]!.id);
    if (holders.size) bySku.set(sku, [...holders]);
  });
  return bySku;
}

/** Which stored product an imported row updates: its id, or the product holding its SKU; a new id from the SKU otherwise. Or why it can't. */
export function importTarget(product: ValidProduct, bySku: Map<string, string[]>): { id: string } | { problem: string } {
  const holders = bySku.get(product.sku) ?? [];
  if (product.id) {
    const other = holders.find((id) => id !== product.id);
    return other ? { problem: `SKU ${product.sku} is already used by product ${other}.` } : { id: product.id };
  }
  if (holders.length > 1) return { problem: `SKU ${product.sku} is held by several products (${holders.join(', ')}); give the id column.` };
  return { id: holders[0] ?? product.sku.toLowerCase() };
}

/** An imported row with the stored product it updates (read in the transaction). */
export interface ImportRow {
  product: ValidProduct;
  id: string;
  stored: DocumentSnapshot;
}

/** New, changed (with the fields that differ) or unchanged. */
export function importOutcome({ product, id, stored }: ImportRow): ImportedProduct {
  if (!stored.exists) return { sku: product.sku, id, outcome: 'new', fields: [] };
  const fields = changedProductFields(productFromData(stored.id, stored.data()!), product);
  return { sku: product.sku, id, outcome: fields.length ? 'changed' : 'unchanged', fields };
}

/**
 * Writes the new and changed rows in the transaction: the product, its SKU, its webhook event and,
 * with `staff`, its audit entry (a background job writes one entry for the whole file instead).
 * Stock imported for products that owe units goes to the orders waiting for it first.
 */
export async function writeImportedRows(transaction: Transaction, rows: readonly ImportRow[], outcomes: readonly ImportedProduct[], staff: Staff | null): Promise<void> {
  const owed = (row: ImportRow) => storedNumber(row.stored.get('backordered'));
  const fill = await prepareBackorderFill(
    transaction,
    rows.flatMap((row, index) => (outcomes[index]!.outcome === 'changed' ? [{ id: row.id, backordered: owed(row) }] : [])),
  );
  rows.forEach((row, index) => {
    const outcome = outcomes[index]!;
    if (outcome.outcome === 'unchanged') return;
    const { id: _id, expectedStock: _expected, imagePath: _imagePath, ...fields } = row.product;
    const snapshot = row.stored;
    const previousSku: unknown = snapshot.get('sku');
    const shelf = fill.fill(row.id, fields.stock, owed(row));
    transaction.set(snapshot.ref, {
      ...fields,
      ...shelf,
      imagePath: snapshot.get('imagePath') ?? '',
      currency: SHOP_RULES.currency,
      searchTokens: productSearchTokens(fields),
      createdAt: snapshot.get('createdAt') ?? FieldValue.serverTimestamp(),
      updatedAt: FieldValue.serverTimestamp(),
    });
    if (typeof previousSku === 'string' && previousSku !== fields.sku) transaction.delete(db.doc(`skus/${previousSku}`));
    transaction.set(db.doc(`skus/${fields.sku}`), { productId: row.id });
    queueWebhookEvent(transaction, 'product.updated', { productId: row.id, sku: fields.sku, price: fields.price, stock: shelf.stock, active: fields.active, deleted: false });
    if (staff) {
      appendAudit(transaction, staff, {
        action: outcome.outcome === 'new' ? 'product.create' : 'product.update',
        target: `products/${row.id}`,
        summary: `${outcome.outcome === 'new' ? 'Imported new' : 'Imported changes to'} product ${fields.sku} "${fields.name}"`,
        changes: changedFields(snapshot.data() ?? {}, fields, outcome.outcome === 'new' ? Object.keys(fields) : outcome.fields),
      });
    }
  });
  fill.write();
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
  const bySku = await productIdsBySku(skus);
  const ids = products.map((product, index) => {
    const target = importTarget(product, bySku);
    if ('problem' in target) throw new HttpsError('failed-precondition', `Row ${index + 1} of the batch: ${target.problem}`);
    return target.id;
  });
  if (new Set(ids).size !== ids.length) throw new HttpsError('invalid-argument', 'Two rows of the batch update the same product.');

  return runContendedTransaction(async (transaction) => {
    const stored = (await transaction.getAll(...ids.map((id) => db.doc(`products/${id}`)))) as DocumentSnapshot[];
    const rows = products.map((product, index) => ({ product, id: ids[index]!, stored: stored[index]! }));
    const outcomes = rows.map(importOutcome);
    if (!apply) return { products: outcomes, applied: false };
    await writeImportedRows(transaction, rows, outcomes, staff);
    return { products: outcomes, applied: true };
  }, 'These products are being changed by orders right now. Please try the import again in a moment.');
});
