/**
 * Which search the header uses, chosen on the first focus of the search box (loaded lazily, so
 * nothing here weighs on a page's first load). The index file says whether the catalog is small
 * enough for the browser (a few bytes, `browser: false`, when it is not): then suggestions come
 * from the search functions (`/search-suggestions.json`), never from a downloaded index.
 */
import { readSearchSuggestions } from '@harbor/domain';
import { fetchShopAnswer } from '../shopAnswers';
import { loadSearchIndexFile } from './searchIndexReader';
import { firestoreSearchProvider, indexSearchProvider, SERVER_SUGGEST_PAUSE_MS, type SearchProvider } from './searchProvider';

/**
 * The header's suggestions for a catalog too large for the browser's own index, answered on the
 * server (the searchSuggestions function, behind a Hosting rewrite): `?q=<text>&limit=<n>`. Kept
 * here, not in config/paths.ts, so it weighs nothing on a page's first load.
 */
export const SEARCH_SUGGESTIONS_PATH = '/search-suggestions.json';

/** The suggestions' address for a text and a count. */
export const searchSuggestionsUrl = (query: string, limit: number, origin = ''): string =>
  `${origin}${SEARCH_SUGGESTIONS_PATH}?${new URLSearchParams({ q: query.trim(), limit: String(limit) }).toString()}`;

/**
 * Suggestions from the search functions, asked once typing pauses and for the latest text only
 * (as the search page is while the index loads); from the token search when they cannot be reached.
 */
export function serverSearchProvider(pauseMs = SERVER_SUGGEST_PAUSE_MS): SearchProvider {
  let latestAsked = 0;
  return {
    kind: 'server',
    async suggest(query, limit, typingDone = false) {
      const asked = ++latestAsked;
      if (!typingDone) await new Promise((resolve) => setTimeout(resolve, pauseMs));
      if (asked !== latestAsked) return [];
      const suggestions = await fetchShopAnswer(searchSuggestionsUrl(query, limit), readSearchSuggestions).catch(() => null);
      return suggestions ?? firestoreSearchProvider.suggest(query, limit);
    },
  };
}

/** The search functions above the browser's limit, else the index once loaded and built, else the token search. */
export async function chooseSearchProvider(): Promise<SearchProvider> {
  const file = await loadSearchIndexFile();
  if (file && !file.browser) return serverSearchProvider();
  const { loadSearchIndex } = await import('./searchIndex');
  const index = await loadSearchIndex();
  if (!index) return firestoreSearchProvider;
  // Built a slice at a time: built at once it held the page for a third of a second, keystrokes
  // included, while the server's search page could have answered.
  await index.built();
  return indexSearchProvider(index);
}
