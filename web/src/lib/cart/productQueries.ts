/**
 * The Firestore reads behind a cart: the products a cart holds or a quick order names, read in
 * batches of at most 30 values (Firestore's limit for an `in` filter), one query per batch. Only
 * active products are asked for, as the rules require of shoppers, so an inactive product and a
 * missing one look the same. Like catalogQueries, these take the Firestore instance so the
 * emulator tests run these exact queries.
 */
import { collection, documentId, getDocs, query, where, type Firestore, type QuerySnapshot } from 'firebase/firestore/lite';
import { orderableProduct, type Orderable, type Product, type StoredData } from '@harbor/domain';
import { productConverter } from '../converters/productConverter';
import { readDocument } from '../documents';
import { errorCode } from '../errorCode';

/** Firestore allows at most 30 values in one `in` filter. */
const VALUES_PER_QUERY = 30;

function batchesOf(values: readonly string[]): string[][] {
  const unique = [...new Set(values)];
  return Array.from({ length: Math.ceil(unique.length / VALUES_PER_QUERY) }, (_, index) => unique.slice(index * VALUES_PER_QUERY, (index + 1) * VALUES_PER_QUERY));
}

/** The active products with these SKUs; reads only those documents. */
export async function fetchProductsBySku(db: Firestore, skus: readonly string[]): Promise<{ products: Product[]; documentsRead: number }> {
  const products = collection(db, 'products').withConverter(productConverter);
  const snapshots = await Promise.all(batchesOf(skus).map((batch) => getDocs(query(products, where('active', '==', true), where('sku', 'in', batch)))));
  return { products: snapshots.flatMap((snapshot) => snapshot.docs.map((document) => document.data())), documentsRead: documentsRead(snapshots) };
}

/** The active products among these ids, in the order of the ids; reads only those documents. */
export async function fetchProductsById(db: Firestore, ids: readonly string[]): Promise<{ products: Product[]; documentsRead: number }> {
  const products = collection(db, 'products').withConverter(productConverter);
  const snapshots = await Promise.all(batchesOf(ids).map((batch) => getDocs(query(products, where('active', '==', true), where(documentId(), 'in', batch)))));
  const byId = new Map(snapshots.flatMap((snapshot) => snapshot.docs.map((document) => [document.id, document.data()] as const)));
  return { products: ids.flatMap((id) => byId.get(id) ?? []), documentsRead: documentsRead(snapshots) };
}

/**
 * One batch of ids as documents, by one query; where the rules refuse it (the emulator refuses an
 * `in` on ids that holds a missing or inactive product), one read per id, each missing or refused
 * one left out.
 */
async function readBatch(db: Firestore, batch: string[]): Promise<{ documents: { id: string; data: StoredData }[]; documentsRead: number }> {
  try {
    const snapshot = await getDocs(query(collection(db, 'products'), where('active', '==', true), where(documentId(), 'in', batch)));
    return { documents: snapshot.docs.map((document) => ({ id: document.id, data: document.data() as StoredData })), documentsRead: snapshot.size };
  } catch (error) {
    if (errorCode(error) !== 'permission-denied') throw error;
    const found = await Promise.all(batch.map(async (id) => ({ id, data: (await readDocument(collection(db, 'products'), id)) as StoredData | null })));
    const documents = found.flatMap((entry) => (entry.data && entry.data.active === true ? [{ id: entry.id, data: entry.data }] : []));
    return { documents, documentsRead: batch.length };
  }
}

/** Today's price, rules and stock of the active products among these ids, by id. */
export async function fetchOrderables(db: Firestore, ids: readonly string[]): Promise<{ products: Record<string, Orderable>; documentsRead: number }> {
  const batches = await Promise.all(batchesOf(ids).map((batch) => readBatch(db, batch)));
  const orderables = batches.flatMap((batch) => batch.documents.map((document) => orderableProduct(document.id, document.data)));
  return {
    products: Object.fromEntries(orderables.flatMap((product) => (product ? [[product.id, product]] : []))),
    documentsRead: batches.reduce((sum, batch) => sum + batch.documentsRead, 0),
  };
}

function documentsRead(snapshots: QuerySnapshot<unknown>[]): number {
  return snapshots.reduce((sum, snapshot) => sum + snapshot.size, 0);
}
