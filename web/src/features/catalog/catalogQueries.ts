/**
 * Every Firestore read of the catalog. Each reads at most what it shows: a catalog page reads
 * CATALOG_PAGE_SIZE + 1 documents (the extra one only tells whether another page follows), a
 * product page one document. Queries always filter
 * `active == true`: the rules let shoppers read active products only, and a list query must
 * prove that. The composite indexes they need are in firestore.indexes.json.
 *
 * This module depends only on the Firestore lite SDK, the domain and app/errorCode, so the
 * emulator tests import it and run these exact queries.
 */
import {
  collection,
  doc,
  documentId,
  endBefore,
  getDoc,
  getDocs,
  limit,
  limitToLast,
  orderBy,
  query,
  startAfter,
  Timestamp,
  where,
  type DocumentSnapshot,
  type Firestore,
  type QueryConstraint,
  type QueryDocumentSnapshot,
} from 'firebase/firestore/lite';
import { matchesSearch, productFromData, type Product } from '@harbor/domain';
import { errorCode } from '../../lib/errorCode';
import { CATALOG_PAGE_SIZE, decodeCursor, describeCatalogQuery, encodeCursor, type CatalogParams, type CursorValue } from './catalogParams';

export interface CatalogPage {
  products: Product[];
  /** Cursor token of the page after this one, or null on the last page. */
  nextCursor: string | null;
  /** Cursor token of the page before this one, or null on the first page. */
  previousCursor: string | null;
  /** Documents the query read (what Firestore bills). */
  documentsRead: number;
}

/** A product document as the shop renders it; missing fields get safe defaults. */
function toProduct(snapshot: DocumentSnapshot): Product {
  return productFromData(snapshot.id, snapshot.data() ?? {});
}

function cursorValue(snapshot: QueryDocumentSnapshot, field: string): CursorValue {
  const value: unknown = snapshot.get(field);
  return value instanceof Timestamp ? { seconds: value.seconds, nanoseconds: value.nanoseconds } : (value as string | number);
}

function firestoreValue(value: CursorValue): string | number | Timestamp {
  return typeof value === 'object' ? new Timestamp(value.seconds, value.nanoseconds) : value;
}

/** One page of active products for a search, category and sort, starting at the URL's cursor. */
export async function fetchCatalogPage(db: Firestore, params: CatalogParams): Promise<CatalogPage> {
  const description = describeCatalogQuery(params);
  if (!description) return { products: [], nextCursor: null, previousCursor: null, documentsRead: 0 };
  const { filters, order, plan } = description;
  const constraints: QueryConstraint[] = filters.map(({ field, op, value }) => where(field, op, value));
  // The document id breaks ties (equal prices, names, dates), so every product is on exactly one page.
  constraints.push(orderBy(order.field, order.direction), orderBy(documentId(), order.direction));

  const position = params.cursor ? decodeCursor(params.cursor.token, params.sort) : null;
  const backwards = params.cursor?.direction === 'before' && position !== null;
  if (position) {
    const bound = [firestoreValue(position.value), position.id];
    constraints.push(backwards ? endBefore(...bound) : startAfter(...bound));
  }
  constraints.push(backwards ? limitToLast(CATALOG_PAGE_SIZE + 1) : limit(CATALOG_PAGE_SIZE + 1));

  const snapshot = await getDocs(query(collection(db, 'products'), ...constraints));
  const docs = snapshot.docs;
  const hasMore = docs.length > CATALOG_PAGE_SIZE;
  const pageDocs = backwards ? docs.slice(-CATALOG_PAGE_SIZE) : docs.slice(0, CATALOG_PAGE_SIZE);
  const first = pageDocs[0];
  const last = pageDocs[pageDocs.length - 1];
  const hasNext = backwards ? true : hasMore;
  const hasPrevious = backwards ? hasMore : position !== null;
  return {
    products: pageDocs.map(toProduct).filter((product) => !plan || matchesSearch(product, plan)),
    nextCursor: hasNext && last ? encodeCursor({ value: cursorValue(last, order.field), id: last.id }) : null,
    previousCursor: hasPrevious && first ? encodeCursor({ value: cursorValue(first, order.field), id: first.id }) : null,
    documentsRead: snapshot.size,
  };
}

/** An active product by id, or null when there is none (unknown and inactive ids look the same). */
export async function fetchProduct(db: Firestore, id: string): Promise<Product | null> {
  try {
    const snapshot = await getDoc(doc(db, 'products', id));
    if (!snapshot.exists()) return null;
    const product = toProduct(snapshot);
    return product.active ? product : null;
  } catch (error) {
    // The rules refuse a shopper any document that is not an active product, existing or not.
    if (errorCode(error) === 'permission-denied') return null;
    throw error;
  }
}
