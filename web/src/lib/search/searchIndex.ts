/**
 * The embedded search index as the shop uses it: loaded once per page load (lazily: this module
 * is imported only when the search box is focused, or when the server's search page cannot be
 * reached and the catalog answers a search or filter itself), its MiniSearch built on
 * the first search, or ahead of it in slices (`built`). Null when the index is missing or stale, so callers fall back to Firestore.
 */
import { buildProductSearch, createProductSearch, type ProductSearch, type SearchRecord } from '@harbor/domain';
import { fetchSearchIndex } from './searchIndexReader';

export interface ShopSearchIndex {
  records: SearchRecord[];
  /** False while a rebuild runs (see LoadedSearchIndex). */
  current: boolean;
  /** The typo-tolerant search over the records, built on first use. */
  search(): ProductSearch;
  /** Builds that search a slice of records per task (typing stays smooth); `search()` then returns it. */
  built(): Promise<ProductSearch>;
}

let loading: Promise<ShopSearchIndex | null> | null = null;

export function loadSearchIndex(): Promise<ShopSearchIndex | null> {
  loading ??= fetchSearchIndex()
    .then((index) => {
      if (!index) return null;
      let search: ProductSearch | null = null;
      let building: Promise<ProductSearch> | null = null;
      return {
        records: index.records,
        current: index.current,
        search: () => (search ??= createProductSearch(index.records)),
        built: () => (building ??= search ? Promise.resolve(search) : buildProductSearch(index.records).then((built) => (search ??= built))),
      };
    })
    .catch((error: unknown) => {
      console.warn('The search index could not be loaded; searching by words instead.', error);
      return null;
    });
  return loading;
}
