/**
 * Reads one page of a search or filtered catalog view from the server (functions/src/searchPage.ts,
 * at SEARCH_PAGE_PATH on the shop's own origin, with the catalog URL's own query string), so a
 * visit's first view needs neither the index nor MiniSearch.
 */
import { readSearchPageAnswer, type SearchPageAnswer } from '@harbor/domain';
import { SEARCH_PAGE_PATH } from '../../config/paths';
import { fetchShopAnswer } from '../shopAnswers';

/** The answer's address for a catalog URL's query string ("?search=tea", or "" for none). */
export const searchPageUrl = (query: string, origin = ''): string => `${origin}${SEARCH_PAGE_PATH}${query}`;

/** The page, or null when the server has no usable search index (the shop then searches Firestore). */
export function fetchSearchPage(url: string): Promise<SearchPageAnswer | null> {
  return fetchShopAnswer(url, readSearchPageAnswer);
}
