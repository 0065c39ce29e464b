/**
 * The header's suggestions for a catalog too large for the browser's own index:
 * `/search-suggestions.json?q=<text>&limit=<n>` on the shop's own origin (a Hosting rewrite in
 * firebase.json), answered from this instance's in-memory index (searchIndexStore.ts) with only
 * what a suggestion shows, `{ suggestions: SearchSuggestion[] }`. No product is read: a
 * suggestion's price and picture are the index's. Hosting's CDN keeps an answer a minute.
 */
import { onRequest } from 'firebase-functions/v2/https';
import { MAX_SUGGESTIONS, suggestionOf, type SearchSuggestion } from '@harbor/domain';
import { refusedMethod, sendJson } from './http';
import { answerMissing, CACHE_SECONDS } from './searchIndexFile';
import { SEARCH_FUNCTION_MEMORY, searchIndexNow } from './searchIndexStore';

/** At most `limit` (1 to MAX_SUGGESTIONS) suggestions for `query`, best first; null without an index. */
export async function answerSuggestions(query: string, limit: number): Promise<SearchSuggestion[] | null> {
  const index = await searchIndexNow();
  if (!index) return null;
  const count = Math.min(MAX_SUGGESTIONS, Math.max(1, Number.isInteger(limit) ? limit : MAX_SUGGESTIONS));
  return index.search.search(query.slice(0, 200)).slice(0, count).map(suggestionOf);
}

export const searchSuggestions = onRequest({ invoker: 'public', memory: SEARCH_FUNCTION_MEMORY }, async (request, response) => {
  if (refusedMethod(request, response)) return;
  const params = new URLSearchParams(request.originalUrl.split('?')[1] ?? '');
  const suggestions = await answerSuggestions(params.get('q') ?? '', Number(params.get('limit') ?? MAX_SUGGESTIONS));
  if (!suggestions) {
    answerMissing(response);
    return;
  }
  sendJson(request, response, { suggestions }, `public, max-age=0, s-maxage=${CACHE_SECONDS}`);
});
