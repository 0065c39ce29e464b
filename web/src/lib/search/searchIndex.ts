/**
 * The search index as the browser searches it: loaded once per page load (lazily: this module
 * is imported only when the search box is focused on a catalog small enough for the browser, or
 * when the server's search page cannot be reached and the catalog answers a search or filter
 * itself), its MiniSearch built on the first search, or ahead of it in slices (`built`). Null when
 * the index is missing or too large for the browser, so callers ask the server or fall back to Firestore.
 */
import { buildProductSearch, createProductSearch, type ProductSearch, type SearchRecord } from '@harbor/domain';
import { loadSearchIndexFile } from './searchIndexReader';

export interface ShopSearchIndex {
  records: SearchRecord[];
  /** The typo-tolerant search over the records, built on first use. */
  search(): ProductSearch;
  /** Builds that search a slice of records per task (typing stays smooth); `search()` then returns it. */
  built(): Promise<ProductSearch>;
}

let loading: Promise<ShopSearchIndex | null> | null = null;

export function loadSearchIndex(): Promise<ShopSearchIndex | null> {
  loading ??= loadSearchIndexFile().then((index) => {
    if (!index?.browser) return null;
    let search: ProductSearch | null = null;
    let building: Promise<ProductSearch> | null = null;
    return {
      records: index.records,
      search: () => (search ??= createProductSearch(index.records)),
      built: () => (building ??= search ? Promise.resolve(search) : buildProductSearch(index.records).then((built) => (search ??= built))),
    };
  });
  return loading;
}
