/**
 * Products read by id (one `batchGet` per 30 ids) or by another field (one `in` query per 30
 * values, Firestore's limit for an `in` filter). Only active products are asked for, as the rules
 * require of shoppers, so an inactive product and a missing one look the same. Anyone may read
 * them, so they go over the REST API (../firestoreRest).
 * No schema code: a search page reads its products with this alone. Like catalogQueries, these
 * take the database so the emulator tests run these exact queries.
 */
import { productFromData, type Product } from '@harbor/domain';
import { batchGetDocuments, getDocument, RestReadError, runQuery, type RestDatabase, type RestDocument } from '../firestoreRest';

/**
 * Firestore allows at most 30 values in one `in` filter. Ids are asked 30 at a time too: the
 * rules refuse a batch that names a product no longer sold, which is then read one by one.
 * (An `in` query on ids is no alternative: the rules refuse one of more than 20 ids, and the
 * emulator takes ten times as long to answer it.)
 */
const VALUES_PER_REQUEST = 30;

/** The values in as few batches of at most 30 as can hold them, of even sizes (40 ids: 20 and 20, not 30 and 10), since they are read at once and the largest finishes last. */
function batchesOf(values: readonly string[]): string[][] {
  const unique = [...new Set(values)];
  const count = Math.ceil(unique.length / VALUES_PER_REQUEST);
  const each = Math.ceil(unique.length / Math.max(count, 1));
  return Array.from({ length: count }, (_, index) => unique.slice(index * each, (index + 1) * each));
}

/** The active products whose `field` is one of `values`, one query per batch of 30; documents read counted by Firestore's rule (at least one per query). */
export async function activeProductsWhere(db: RestDatabase, field: string, values: readonly string[]): Promise<{ documents: RestDocument[]; documentsRead: number }> {
  const results = await Promise.all(
    batchesOf(values).map((batch) => runQuery(db, { collection: 'products', filters: [{ field: 'active', op: '==', value: true }, { field, op: 'in', value: batch }], orderBy: [] })),
  );
  const documents = results.flat();
  return { documents, documentsRead: documents.length };
}

/** The documents of the active products among these ids, one request per batch of 30; reads only those documents. */
export async function activeDocumentsById(db: RestDatabase, ids: readonly string[]): Promise<{ documents: RestDocument[]; documentsRead: number }> {
  const batches = await Promise.all(batchesOf(ids).map((batch) => readBatch(db, batch)));
  return { documents: batches.flatMap((batch) => batch.documents), documentsRead: batches.reduce((sum, batch) => sum + batch.documentsRead, 0) };
}

/** The active products among these ids, in the order of the ids; reads only those documents. */
export async function fetchProductsById(db: RestDatabase, ids: readonly string[]): Promise<{ products: Product[]; documentsRead: number }> {
  const { documents, documentsRead } = await activeDocumentsById(db, ids);
  const byId = new Map(documents.map((document) => [document.id, productFromData(document.id, document.data)] as const));
  return { products: ids.flatMap((id) => byId.get(id) ?? []), documentsRead };
}

/**
 * One batch of ids as documents, by one request; where the rules refuse it (it names a missing or
 * inactive product), one read per id, each missing or refused one left out.
 */
async function readBatch(db: RestDatabase, batch: string[]): Promise<{ documents: RestDocument[]; documentsRead: number }> {
  try {
    const found = await batchGetDocuments(db, 'products', batch);
    return { documents: found.filter((document) => document.data.active === true), documentsRead: batch.length };
  } catch (error) {
    if (!(error instanceof RestReadError && error.code === 'permission-denied')) throw error;
    const found = await Promise.all(batch.map((id) => getDocument(db, 'products', id)));
    const documents = found.flatMap((document) => (document && document.data.active === true ? [document] : []));
    return { documents, documentsRead: batch.length };
  }
}
