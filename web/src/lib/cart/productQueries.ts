/**
 * The Firestore reads behind a cart: the products a cart holds or a quick order names, read in
 * batches of at most 30 values (Firestore's limit for an `in` filter), one query per batch. Only
 * active products are asked for, as the rules require of shoppers, so an inactive product and a
 * missing one look the same. Anyone may read them, so they go over the REST API (../firestoreRest).
 * Like catalogQueries, these take the database so the emulator tests run these exact queries.
 */
import { orderableProduct, productFromData, type Orderable, type Product } from '@harbor/domain';
import { DOCUMENT_ID, DocumentId, runQuery, type RestDatabase, type RestDocument, type RestFilter } from '../firestoreRest';

/** Firestore allows at most 30 values in one `in` filter. */
const VALUES_PER_QUERY = 30;

function batchesOf(values: readonly string[]): string[][] {
  const unique = [...new Set(values)];
  return Array.from({ length: Math.ceil(unique.length / VALUES_PER_QUERY) }, (_, index) => unique.slice(index * VALUES_PER_QUERY, (index + 1) * VALUES_PER_QUERY));
}

/** The active products whose `field` is one of `values`, one query per batch of 30; documents read counted by Firestore's rule (at least one per query). */
async function activeProductsWhere(db: RestDatabase, field: string, values: readonly string[]): Promise<{ documents: RestDocument[]; documentsRead: number }> {
  const results = await Promise.all(
    batchesOf(values).map((batch) => {
      const filter: RestFilter = { field, op: 'in', value: field === DOCUMENT_ID ? batch.map((id) => new DocumentId(id)) : batch };
      return runQuery(db, { collection: 'products', filters: [{ field: 'active', op: '==', value: true }, filter], orderBy: [] });
    }),
  );
  const documents = results.flat();
  return { documents, documentsRead: documents.length };
}

/** The active products with these SKUs; reads only those documents. */
export async function fetchProductsBySku(db: RestDatabase, skus: readonly string[]): Promise<{ products: Product[]; documentsRead: number }> {
  const { documents, documentsRead } = await activeProductsWhere(db, 'sku', skus);
  return { products: documents.map(({ id, data }) => productFromData(id, data)), documentsRead };
}

/** Today's price, rules and stock of the active products among these ids, by id. */
export async function fetchOrderables(db: RestDatabase, ids: readonly string[]): Promise<{ products: Record<string, Orderable>; documentsRead: number }> {
  const { documents, documentsRead } = await activeProductsWhere(db, DOCUMENT_ID, ids);
  const orderables = documents.map(({ id, data }) => orderableProduct(id, data));
  return { products: Object.fromEntries(orderables.flatMap((product) => (product ? [[product.id, product]] : []))), documentsRead };
}
