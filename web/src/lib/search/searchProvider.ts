/**
 * Search behind one small interface: the embedded index (typo-tolerant, instant) when the catalog
 * is small enough for the browser (SEARCH_INDEX_BROWSER_LIMIT), the search functions' suggestions
 * when it is larger, else the Firestore token search the catalog has always had; while the index
 * loads, the server's search page. A hosted engine (the Typesense or Algolia extension) would be
 * another implementation of the same interface.
 *
 * This module is light (the header imports it): the choice (./providerChoice), the index and
 * MiniSearch (./searchIndex) are imported only on the first focus of the search box.
 */
import { lowestUnitPrice, type Product, type SearchSuggestion } from '@harbor/domain';
import { publicDb } from '../publicDb';
import { FIRST_PAGE } from '../pagination';
import { readProductPage } from '../productList';
import type { ShopSearchIndex } from './searchIndex';
import { fetchSearchPage, searchPageUrl } from './searchPageReader';

export type { SearchSuggestion };

export interface SearchProvider {
  /** 'index' answers from the embedded index, 'firestore' from the token search, 'server' from the search functions. */
  readonly kind: 'index' | 'firestore' | 'server';
  /**
   * At most `limit` products matching the query, best first. `typingDone`: the text is known to be
   * complete (typed before the page's code started), so no pause for more typing is awaited.
   */
  suggest(query: string, limit: number, typingDone?: boolean): Promise<SearchSuggestion[]>;
}

export function indexSearchProvider(index: Pick<ShopSearchIndex, 'search'>): SearchProvider {
  return { kind: 'index', suggest: async (query, limit) => index.search().search(query).slice(0, limit) };
}

const suggestionOf = (product: Product): SearchSuggestion => ({ ...product, fromPrice: lowestUnitPrice(product) });

export const firestoreSearchProvider: SearchProvider = {
  kind: 'firestore',
  async suggest(query, limit) {
    const page = await readProductPage(publicDb, { search: query.trim(), category: null, sort: 'name', activeOnly: true }, FIRST_PAGE, limit);
    return page.rows.map(suggestionOf);
  },
};

/**
 * Suggestions from the first page of the catalog's own search (the same URL, so Hosting's CDN
 * shares the answer with the results page): null when the server has no usable index.
 */
export async function suggestFromSearchPage(query: string, limit: number): Promise<SearchSuggestion[] | null> {
  const answer = await fetchSearchPage(searchPageUrl(`?${new URLSearchParams({ search: query.trim() }).toString()}`));
  return answer && answer.products.slice(0, limit).map(suggestionOf);
}

/** How long typing must pause before the server is asked for suggestions (a keystroke comes every 100 to 200 ms). */
export const SERVER_SUGGEST_PAUSE_MS = 120;

/**
 * Answers from the server's search page until `loading` (the index, some 80 KB gzip, or the token
 * search) has loaded, and from it after: the first keystrokes of a visit cost one small request
 * instead of waiting for the whole index. When the server has no answer (unreachable, or no index
 * of its own), a keystroke waits for `loading`, as it did before the server answered suggestions.
 */
export function suggestWhileIndexLoads(loading: Promise<SearchProvider>, fromSearchPage = suggestFromSearchPage, pauseMs = SERVER_SUGGEST_PAUSE_MS): SearchProvider {
  let loaded: SearchProvider | null = null;
  let latestAsked = 0;
  // A load that fails is reported by the keystrokes that wait for it.
  loading.then((provider) => (loaded = provider)).catch(() => undefined);
  return {
    get kind() {
      return loaded?.kind ?? 'server';
    },
    async suggest(query, limit, typingDone = false) {
      // Every keystroke is counted, those after the load too: a keystroke still waiting out its
      // pause when the load ends must not be asked after a later one, whose answer it would replace.
      const asked = ++latestAsked;
      if (loaded) return loaded.suggest(query, limit, typingDone);
      // The server is asked for what is typed once typing pauses, not for every keystroke: a
      // keystroke typed meanwhile makes this one's answer moot (the box shows the latest only).
      if (!typingDone) await new Promise((resolve) => setTimeout(resolve, pauseMs));
      if (asked !== latestAsked) return [];
      // (Read again: the load may have ended during the pause, which this keystroke has waited out.)
      const loadedMeanwhile = loaded as SearchProvider | null;
      if (loadedMeanwhile) return loadedMeanwhile.suggest(query, limit, true);
      const fromServer = await fromSearchPage(query, limit).catch(() => null);
      return fromServer ?? (await loading).suggest(query, limit);
    },
  };
}
