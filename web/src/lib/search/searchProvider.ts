/**
 * Search behind one small interface: the embedded index (typo-tolerant, instant) when it can be
 * loaded, else the Firestore token search the catalog has always had. A hosted engine (the
 * Typesense or Algolia extension) would be a third implementation of the same interface.
 */
import { createProductSearch, lowestUnitPrice, type Product, type ProductSearch, type SearchRecord } from '@harbor/domain';
import { publicDb } from '../publicDb';
import { FIRST_PAGE } from '../pagination';
import { readProductPage } from '../productList';
import { loadSearchIndex } from './searchIndex';

/** What a suggestion shows. */
export type SearchSuggestion = Pick<SearchRecord, 'id' | 'name' | 'sku' | 'imageUrl' | 'unit' | 'price' | 'fromPrice'>;

export interface SearchProvider {
  /** 'index' answers from the embedded index, 'firestore' from the token search. */
  kind: 'index' | 'firestore';
  /** At most `limit` products matching the query, best first. */
  suggest(query: string, limit: number): Promise<SearchSuggestion[]>;
}

export function indexSearchProvider(records: SearchRecord[], search = () => createProductSearch(records)): SearchProvider {
  let built: ProductSearch | null = null;
  return { kind: 'index', suggest: async (query, limit) => (built ??= search()).search(query).slice(0, limit) };
}

const suggestionOf = (product: Product): SearchSuggestion => ({ ...product, fromPrice: lowestUnitPrice(product) });

export const firestoreSearchProvider: SearchProvider = {
  kind: 'firestore',
  async suggest(query, limit) {
    const page = await readProductPage(publicDb, { search: query.trim(), category: null, sort: 'name', activeOnly: true }, FIRST_PAGE, limit);
    return page.rows.map(suggestionOf);
  },
};

/** The provider for this page load: the index when it loads (once), else the token search. */
export async function loadSearchProvider(): Promise<SearchProvider> {
  const index = await loadSearchIndex();
  return index ? indexSearchProvider(index.records, index.search) : firestoreSearchProvider;
}
