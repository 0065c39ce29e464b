/**
 * Every Firestore read of the catalog. Each reads at most what it shows: a catalog page reads
 * CATALOG_PAGE_SIZE + 1 documents (the extra one only tells whether another page follows), a
 * product page one document. Shoppers may read active products only, and a list query must
 * prove that: the catalog lists active products only.
 *
 * This module depends only on the Firestore lite SDK, the domain and lib's read helpers, so the
 * emulator tests import it and run these exact queries.
 */
import type { Firestore } from 'firebase/firestore/lite';
import { matchesFacets, type Product, type ProductSearch, type SearchRecord } from '@harbor/domain';
import { fetchProductsById } from '../../lib/cart/productQueries';
import { DEFAULT_PRODUCT_SORT, type StorefrontSort } from '../../lib/sorts';
import { productCollection } from '../../lib/converters/productConverter';
import { readDocument } from '../../lib/documents';
import type { Page } from '../../lib/pagination';
import { readProductPage } from '../../lib/productList';
import { CATALOG_PAGE_SIZE, facetFilters, type CatalogParams } from './catalogParams';

/** One page of active products for a search, category and sort, starting at the URL's cursor. */
export function fetchCatalogPage(db: Firestore, params: CatalogParams): Promise<Page<Product>> {
  return readProductPage(db, { ...params, activeOnly: true }, params, CATALOG_PAGE_SIZE);
}

/** An active product by id, or null when there is none (unknown and inactive ids look the same). */
export async function fetchProduct(db: Firestore, id: string): Promise<Product | null> {
  const product = await readDocument(productCollection(db), id);
  return product?.active ? product : null;
}

/** A page of a view narrowed by filters: numbered, out of the products the index holds for it. */
export interface FacetedPage {
  rows: Product[];
  /** Products in the whole view. */
  total: number;
  pageCount: number;
  documentsRead: number;
}

const byName = (a: SearchRecord, b: SearchRecord) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : 1);
const RECORD_ORDER: Record<StorefrontSort, (a: SearchRecord, b: SearchRecord) => number> = {
  name: byName,
  'price-asc': (a, b) => a.price - b.price || byName(a, b),
  'price-desc': (a, b) => b.price - a.price || byName(a, b),
  newest: (a, b) => b.createdAt - a.createdAt || byName(a, b),
};

/**
 * The products of a filtered view from the index: filtered, searched (best matches first unless
 * a sort was chosen) and sorted there, then only the page shown is read from Firestore.
 */
export async function fetchFacetedPage(db: Firestore, index: { records: SearchRecord[]; search(): ProductSearch }, params: CatalogParams): Promise<FacetedPage> {
  const filters = facetFilters(params);
  const found = params.search ? index.search().search(params.search) : index.records;
  const matches = found.filter((record) => matchesFacets(record, filters));
  if (!params.search || params.sort !== DEFAULT_PRODUCT_SORT) matches.sort(RECORD_ORDER[params.sort]);
  const pageCount = Math.max(1, Math.ceil(matches.length / CATALOG_PAGE_SIZE));
  const start = (params.page - 1) * CATALOG_PAGE_SIZE;
  const ids = matches.slice(start, start + CATALOG_PAGE_SIZE).map((record) => record.id);
  const { products, documentsRead } = ids.length > 0 ? await fetchProductsById(db, ids) : { products: [], documentsRead: 0 };
  return { rows: products, total: matches.length, pageCount, documentsRead };
}
