/**
 * Reads one page of a search or filtered catalog view from the server (functions/src/searchPage.ts,
 * at SEARCH_PAGE_PATH on the shop's own origin, with the catalog URL's own query string). Small
 * and free of the search code, so a visit's first view needs neither the index nor MiniSearch;
 * depends only on the domain, so the emulator tests read it exactly as the shop does.
 */
import { readSearchPageAnswer, type SearchPageAnswer } from '@harbor/domain';
import { SEARCH_PAGE_PATH } from '../../config/paths';

/** The answer's address for a catalog URL's query string ("?search=tea", or "" for none). */
export const searchPageUrl = (query: string, origin = ''): string => `${origin}${SEARCH_PAGE_PATH}${query}`;

/** The page, or null when the server has no usable search index (the shop then searches Firestore). */
export async function fetchSearchPage(url: string): Promise<SearchPageAnswer | null> {
  const response = await fetch(url);
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`The search page answered ${response.status}.`);
  const answer = readSearchPageAnswer(await response.json());
  if (!answer) throw new Error('The search page answer is not one.');
  return answer;
}
