/**
 * The search index as one cacheable file, `/search-index.json` on the shop's own origin (a Hosting
 * rewrite in firebase.json), for a catalog small enough for the browser to search itself
 * (SEARCH_INDEX_BROWSER_LIMIT). Above it the file says so in a few bytes (`browser: false`, no
 * records) and the shop asks the search functions instead. Hosting's CDN keeps it a minute, so most
 * visits never reach this function.
 */
import { onRequest } from 'firebase-functions/v2/https';
import { encodeSearchRecords, SEARCH_INDEX_BROWSER_LIMIT, SEARCH_INDEX_FORMAT } from '@harbor/domain';
import { refusedMethod, sendJson, type Response } from './http';
import { SEARCH_FUNCTION_MEMORY, searchIndexNow } from './searchIndexStore';

/** Browsers and the CDN keep the file this long; a product change reaches searches within it. */
export const CACHE_SECONDS = 60;

export interface SearchIndexFile {
  format: number;
  /** How many products the index holds. */
  products: number;
  /** False above the browser's limit: no records, ask the search functions. */
  browser: boolean;
  /** The encoded records (domain/src/searchIndex.ts, decodeSearchRecords); empty above the limit. */
  text: string;
}

/** No usable index: the shop falls back to its token search; ask again next time. */
export function answerMissing(response: Response): void {
  response.status(404).set('Cache-Control', 'no-store').end();
}

/** The limit in force: the domain's, or a lower one set for this deployment (to look at the server search on a small catalog). */
export function browserLimit(): number {
  const configured = Number(process.env.SEARCH_INDEX_BROWSER_LIMIT);
  return Number.isInteger(configured) && configured >= 0 ? configured : SEARCH_INDEX_BROWSER_LIMIT;
}

export const searchIndexFile = onRequest({ invoker: 'public', memory: SEARCH_FUNCTION_MEMORY }, async (request, response) => {
  if (refusedMethod(request, response)) return;
  const index = await searchIndexNow();
  if (!index) {
    answerMissing(response);
    return;
  }
  const { records } = index.search;
  const browser = records.length <= browserLimit();
  const file: SearchIndexFile = { format: SEARCH_INDEX_FORMAT, products: records.length, browser, text: browser ? encodeSearchRecords(records) : '' };
  // 5,000 products are some 80 KB gzipped rather than 850 KB.
  sendJson(request, response, file, `public, max-age=${CACHE_SECONDS}, s-maxage=${CACHE_SECONDS}`);
});
