/**
 * The reads of a catalog view narrowed by brand, stock or price: the search index answers which
 * products and in what order, Firestore only the page shown. Loaded with the first such view
 * (not with the landing page). Takes the Firestore instance, so the emulator tests run it as is.
 */
import type { RestDatabase } from '../../lib/firestoreRest';
import { matchesFacets, type Product, type ProductSearch, type SearchRecord } from '@harbor/domain';
import { fetchProductsById } from '../../lib/cart/productDocuments';
import { DEFAULT_PRODUCT_SORT, type StorefrontSort } from '../../lib/sorts';
import { CATALOG_PAGE_SIZE, facetFilters, type CatalogParams } from './catalogParams';

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
export async function fetchFacetedPage(db: RestDatabase, index: { records: SearchRecord[]; search(): ProductSearch }, params: CatalogParams): Promise<FacetedPage> {
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
