/**
 * The Firestore reads behind a cart: the products a cart holds or a quick order names, read in
 * batches of at most 30 SKUs (Firestore's limit for an `in` filter) or 20 ids (the rules' limit),
 * one query per batch. Only
 * active products are asked for, as the rules require of shoppers, so an inactive product and a
 * missing one look the same. Anyone may read them, so they go over the REST API (../firestoreRest).
 * Like catalogQueries, these take the database so the emulator tests run these exact queries.
 */
import { orderableProduct, productFromData, type Orderable, type Product } from '@harbor/domain';
import { DOCUMENT_ID, DocumentId, getDocument, RestReadError, runQuery, type RestDatabase, type RestDocument, type RestFilter } from '../firestoreRest';

/** Firestore allows at most 30 values in one `in` filter. */
const VALUES_PER_QUERY = 30;
/**
 * An `in` on document ids is checked by the rules document by document, and a request may touch at
 * most 20 documents that way: the rules refuse a query naming more, however active they all are.
 */
const IDS_PER_QUERY = 20;

function batchesOf(values: readonly string[], size: number): string[][] {
  const unique = [...new Set(values)];
  return Array.from({ length: Math.ceil(unique.length / size) }, (_, index) => unique.slice(index * size, (index + 1) * size));
}

/** The active products whose `field` is one of `values`, one query per batch (30 values, 20 ids); documents read counted by Firestore's rule (at least one per query). */
async function activeProductsWhere(db: RestDatabase, field: string, values: readonly string[]): Promise<{ documents: RestDocument[]; documentsRead: number }> {
  const results = await Promise.all(
    batchesOf(values, field === DOCUMENT_ID ? IDS_PER_QUERY : VALUES_PER_QUERY).map((batch) => {
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

/** The active products among these ids, in the order of the ids; reads only those documents. */
export async function fetchProductsById(db: RestDatabase, ids: readonly string[]): Promise<{ products: Product[]; documentsRead: number }> {
  const batches = await Promise.all(batchesOf(ids, IDS_PER_QUERY).map((batch) => readBatch(db, batch)));
  const byId = new Map(batches.flatMap((batch) => batch.documents.map((document) => [document.id, productFromData(document.id, document.data)] as const)));
  return { products: ids.flatMap((id) => byId.get(id) ?? []), documentsRead: batches.reduce((sum, batch) => sum + batch.documentsRead, 0) };
}

/**
 * One batch of ids as documents, by one query; where the rules refuse it (an `in` on ids that
 * names a missing or inactive product is refused), one read per id, each missing or refused one
 * left out.
 */
async function readBatch(db: RestDatabase, batch: string[]): Promise<{ documents: RestDocument[]; documentsRead: number }> {
  try {
    return await activeProductsWhere(db, DOCUMENT_ID, batch);
  } catch (error) {
    if (!(error instanceof RestReadError && error.code === 'permission-denied')) throw error;
    const found = await Promise.all(batch.map((id) => getDocument(db, 'products', id)));
    const documents = found.flatMap((document) => (document && document.data.active === true ? [document] : []));
    return { documents, documentsRead: batch.length };
  }
}

/** Today's price, rules and stock of the active products among these ids, by id. */
export async function fetchOrderables(db: RestDatabase, ids: readonly string[]): Promise<{ products: Record<string, Orderable>; documentsRead: number }> {
  const batches = await Promise.all(batchesOf(ids, IDS_PER_QUERY).map((batch) => readBatch(db, batch)));
  const orderables = batches.flatMap((batch) => batch.documents.map((document) => orderableProduct(document.id, document.data)));
  return {
    products: Object.fromEntries(orderables.flatMap((product) => (product ? [[product.id, product]] : []))),
    documentsRead: batches.reduce((sum, batch) => sum + batch.documentsRead, 0),
  };
}
