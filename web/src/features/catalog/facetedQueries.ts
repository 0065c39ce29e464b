/**
 * The reads of a catalog view narrowed by brand, stock or price, or searched: the search index
 * answers which products and in what order (domain/src/catalogQuery.ts), Firestore only the page
 * shown. Loaded with the first such view (not with the landing page). Takes the Firestore
 * instance, so the emulator tests run it as is.
 */
import { countsOfView, selectIndexedPage, type FacetCounts, type Product, type SearchableIndex } from '@harbor/domain';
import type { RestDatabase } from '../../lib/firestoreRest';
import { fetchProductsById } from '../../lib/cart/productDocuments';
import type { CatalogParams } from './catalogParams';

/** A page of a view narrowed by filters: numbered, out of the products the index holds for it. */
export interface FacetedPage {
  rows: Product[];
  /** Products in the whole view. */
  total: number;
  pageCount: number;
  documentsRead: number;
  /** The filter counts of the whole view. */
  counts: FacetCounts;
}

/** The products of a view from the index: only the page shown is read from Firestore. */
export async function fetchFacetedPage(db: RestDatabase, index: SearchableIndex, params: CatalogParams): Promise<FacetedPage> {
  const { ids, total, pageCount } = selectIndexedPage(index, params);
  const { products, documentsRead } = ids.length > 0 ? await fetchProductsById(db, ids) : { products: [], documentsRead: 0 };
  return { rows: products, total, pageCount, documentsRead, counts: countsOfView(index, params) };
}
