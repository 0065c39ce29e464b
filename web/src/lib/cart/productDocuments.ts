/**
 * Products read by id or by another field with `in` queries, in batches of at most 30 values
 * (Firestore's limit for an `in` filter) or 20 ids (the rules' limit), one query per batch. Only
 * active products are asked for, as the rules require of shoppers, so an inactive product and a
 * missing one look the same. Anyone may read them, so they go over the REST API (../firestoreRest).
 * No schema code: a search page reads its products with this alone. Like catalogQueries, these
 * take the database so the emulator tests run these exact queries.
 */
import { productFromData, type Product } from '@harbor/domain';
import { DOCUMENT_ID, DocumentId, getDocument, RestReadError, runQuery, type RestDatabase, type RestDocument, type RestFilter } from '../firestoreRest';

/** Firestore allows at most 30 values in one `in` filter. */
const VALUES_PER_QUERY = 30;
/**
 * An `in` on document ids is checked by the rules document by document, and a request may touch at
 * most 20 documents that way: the rules refuse a query naming more, however active they all are.
 */
const IDS_PER_QUERY = 20;

/** The values in as few batches of at most `size` as can hold them, of even sizes (24 ids: 12 and 12, not 20 and 4), since they are read at once and the largest finishes last. */
function batchesOf(values: readonly string[], size: number): string[][] {
  const unique = [...new Set(values)];
  const count = Math.ceil(unique.length / size);
  const each = Math.ceil(unique.length / Math.max(count, 1));
  return Array.from({ length: count }, (_, index) => unique.slice(index * each, (index + 1) * each));
}

/** The active products whose `field` is one of `values`, one query per batch (30 values, 20 ids); documents read counted by Firestore's rule (at least one per query). */
export async function activeProductsWhere(db: RestDatabase, field: string, values: readonly string[]): Promise<{ documents: RestDocument[]; documentsRead: number }> {
  const results = await Promise.all(
    batchesOf(values, field === DOCUMENT_ID ? IDS_PER_QUERY : VALUES_PER_QUERY).map((batch) => {
      const filter: RestFilter = { field, op: 'in', value: field === DOCUMENT_ID ? batch.map((id) => new DocumentId(id)) : batch };
      return runQuery(db, { collection: 'products', filters: [{ field: 'active', op: '==', value: true }, filter], orderBy: [] });
    }),
  );
  const documents = results.flat();
  return { documents, documentsRead: documents.length };
}

/** The documents of the active products among these ids, one query per batch of 20; reads only those documents. */
export async function activeDocumentsById(db: RestDatabase, ids: readonly string[]): Promise<{ documents: RestDocument[]; documentsRead: number }> {
  const batches = await Promise.all(batchesOf(ids, IDS_PER_QUERY).map((batch) => readBatch(db, batch)));
  return { documents: batches.flatMap((batch) => batch.documents), documentsRead: batches.reduce((sum, batch) => sum + batch.documentsRead, 0) };
}

/** The active products among these ids, in the order of the ids; reads only those documents. */
export async function fetchProductsById(db: RestDatabase, ids: readonly string[]): Promise<{ products: Product[]; documentsRead: number }> {
  const { documents, documentsRead } = await activeDocumentsById(db, ids);
  const byId = new Map(documents.map((document) => [document.id, productFromData(document.id, document.data)] as const));
  return { products: ids.flatMap((id) => byId.get(id) ?? []), documentsRead };
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
