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

/**
 * Answers asked for early (app/firstReads.ts, before the app's code has arrived), kept for the
 * app's own request of the same address: browsers do not keep these answers (so a reload shows a
 * catalog change at once), and this one need not be asked twice.
 */
const KEEP_ANSWER_MS = 30_000;
const keptAnswers = new Map<string, Promise<SearchPageAnswer | null>>();

async function request(url: string): Promise<SearchPageAnswer | null> {
  const response = await fetch(url);
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`The search page answered ${response.status}.`);
  const answer = readSearchPageAnswer(await response.json());
  if (!answer) throw new Error('The search page answer is not one.');
  return answer;
}

/** The page, or null when the server has no usable search index (the shop then searches Firestore). `keep`: an early request, kept for the next one. */
export function fetchSearchPage(url: string, { keep = false } = {}): Promise<SearchPageAnswer | null> {
  const kept = keptAnswers.get(url);
  if (kept) {
    keptAnswers.delete(url);
    // An early request that failed is asked again.
    return kept.catch(() => request(url));
  }
  const sent = request(url);
  if (keep) {
    keptAnswers.set(url, sent);
    // Only for the app's first request of it: one asked much later wants a fresh answer.
    setTimeout(() => keptAnswers.delete(url), KEEP_ANSWER_MS);
  }
  return sent;
}
