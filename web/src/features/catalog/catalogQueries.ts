/**
 * Every read of the catalog: from Firestore, or the server's search page for the first page of a
 * view the index orders as Firestore does. Each reads at most what it shows: a catalog page reads
 * CATALOG_PAGE_SIZE + 1 documents (the extra one only tells whether another page follows), a
 * product page one document. Shoppers may read active products only, and a list query must prove
 * that: the catalog lists active products only.
 *
 * Anyone may read the catalog, so it is read over the REST API (lib/firestoreRest) without the
 * Firestore SDK. This module depends only on the domain and lib's read helpers, so the emulator
 * tests import it and run these exact queries.
 */
import { CATALOG_PAGE_SIZE, DEFAULT_CATALOG_SORT, isDocumentId, type FacetCounts, type Product } from '@harbor/domain';
import { publicProducts } from '../../lib/converters/publicProducts';
import { readDocument } from '../../lib/documents';
import type { RestDatabase } from '../../lib/firestoreRest';
import type { Page } from '../../lib/pagination';
import { readProductPage } from '../../lib/productList';
import { searchPageOf, type CatalogParams } from './catalogParams';
import { browserCatalog, type CatalogSource } from './catalogSource';

/** One page of active products for a search, category and sort, starting at the URL's cursor. */
export function fetchCatalogPage(db: RestDatabase, params: CatalogParams): Promise<Page<Product>> {
  return readProductPage(db, { ...params, activeOnly: true }, params, CATALOG_PAGE_SIZE);
}

/**
 * The first page of a view sorted by name that Firestore pages (the landing page, a category), from
 * the server's search page instead: one answer kept a minute by the CDN, on the shop's own
 * connection. The index orders by name and then id, as Firestore's query does, so the page is the
 * one Firestore would give and the next continues from its last product. The answer also holds the
 * view's filter counts. Null for any other view, and when the server cannot answer: Firestore
 * answers those.
 */
export async function firstPageFromIndex(params: CatalogParams, source: Pick<CatalogSource, 'searchPage'> = browserCatalog): Promise<{ page: Page<Product>; counts: FacetCounts } | null> {
  if (params.cursor !== null || params.search || params.sort !== DEFAULT_CATALOG_SORT) return null;
  const answer = await source.searchPage(searchPageOf(params)).catch(() => null);
  if (!answer) return null;
  const last = answer.products.at(-1);
  const next = answer.pageCount > 1 && last ? { value: last.name, id: last.id } : null;
  return { page: { rows: answer.products, next, previous: null, documentsRead: 0 }, counts: answer.counts };
}

/** An active product by id, or null when there is none (unknown, inactive and impossible ids look the same). */
export async function fetchProduct(db: RestDatabase, id: string): Promise<Product | null> {
  if (!isDocumentId(id)) return null;
  const product = await readDocument(publicProducts(db), id);
  return product?.active ? product : null;
}
