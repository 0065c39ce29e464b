/**
 * One page of a search or a filtered catalog view, answered on the server: `/search-page.json`
 * with the catalog URL's own parameters (a Hosting rewrite in firebase.json). A visit that opens
 * on such a view gets its products in one small answer, instead of downloading the whole search
 * index and searching it on a phone before anything shows; above SEARCH_INDEX_BROWSER_LIMIT it is
 * how every search is answered. The index is this instance's in-memory copy (searchIndexStore.ts).
 * The selection is the browser's own (domain/src/catalogQuery.ts), which the browser falls back
 * to when this function cannot be reached, so both give the same page.
 * It also gives the view's filter counts (alone, for a view Firestore pages: SEARCH_PAGE_COUNTS_ONLY).
 * Hosting's CDN keeps an answer a minute, as it does the index file; browsers do not keep it.
 */
import { onRequest } from 'firebase-functions/v2/https';
import { countsOfView, readCatalogQuery, SEARCH_PAGE_COUNTS_ONLY, selectIndexedPage, type SearchPageAnswer } from '@harbor/domain';
import { db } from './admin';
import { refusedMethod, sendJson } from './http';
import { answerMissing, CACHE_SECONDS } from './searchIndexFile';
import { SEARCH_FUNCTION_MEMORY, searchIndexNow } from './searchIndexStore';
import { shownProduct } from './shownProduct';

/**
 * The page of the catalog view in `searchParams` (the catalog URL's own parameters); null when
 * there is no search index to answer from. The server renderer asks it too (renderPage.ts).
 */
export async function answerSearchPage(searchParams: URLSearchParams): Promise<SearchPageAnswer | null> {
  const index = await searchIndexNow();
  if (!index) return null;
  const searchable = { records: index.search.records, search: () => index.search };
  const query = readCatalogQuery(searchParams);
  const { ids, total, pageCount } = selectIndexedPage(searchable, query);
  const countsOnly = searchParams.get(SEARCH_PAGE_COUNTS_ONLY[0]) === SEARCH_PAGE_COUNTS_ONLY[1];
  const snapshots = ids.length > 0 && !countsOnly ? await db.getAll(...ids.map((id) => db.doc(`products/${id}`))) : [];
  // A product made inactive in the last second is left out, as the rules leave it out for shoppers.
  const products = snapshots.flatMap((snapshot) => shownProduct(snapshot) ?? []);
  return { total, pageCount, products, counts: countsOfView(searchable, query) };
}

export const searchPage = onRequest({ invoker: 'public', memory: SEARCH_FUNCTION_MEMORY }, async (request, response) => {
  if (refusedMethod(request, response)) return;
  // The raw query string, read as the shop reads its URL (Express's parser would turn repeated names into arrays).
  const answer = await answerSearchPage(new URLSearchParams(request.originalUrl.split('?')[1] ?? ''));
  if (!answer) {
    answerMissing(response);
    return;
  }
  // Hosting's CDN keeps an answer a minute; browsers ask again each time, so a reload shows a
  // catalog change as soon as the server has it.
  sendJson(request, response, answer, `public, max-age=0, s-maxage=${CACHE_SECONDS}`);
});
