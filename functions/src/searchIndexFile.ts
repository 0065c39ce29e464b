/**
 * The search index as one cacheable file, `/search-index.json` on the shop's own origin (a Hosting
 * rewrite in firebase.json), for a catalog small enough for the browser to search itself
 * (SEARCH_INDEX_BROWSER_LIMIT). Above it the file says so in a few bytes (`browser: false`, no
 * records) and the shop asks the search functions instead. Hosting's CDN keeps it a minute, so most
 * visits never reach this function.
 */
import { onRequest } from 'firebase-functions/v2/https';
import { encodeSearchRecords, SEARCH_INDEX_BROWSER_LIMIT, SEARCH_INDEX_FORMAT } from '@harbor/domain';
import { refusedMethod, sendText, type Response } from './http';
import { baseOf, revisionOf, SEARCH_FUNCTION_MEMORY, searchIndexNow, searchIndexState } from './searchIndexStore';

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

/** The file as last written, by the index's revision: written again only after a change. */
let written: { etag: string; body: string } | null = null;

/**
 * The few bytes of a catalog above the limit, told from the state document alone (one read): the
 * browser is not kept waiting while a cold instance loads an index it will never send.
 */
async function tooLargeFile(limit: number): Promise<{ etag: string; body: string } | null> {
  const state = (await searchIndexState.get()).data();
  const base = baseOf(state);
  const products = Number(state?.products);
  if (!base || !Number.isInteger(products) || products <= limit) return null;
  const file: SearchIndexFile = { format: SEARCH_INDEX_FORMAT, products, browser: false, text: '' };
  return { etag: `"${base.version}-${products}-${limit}"`, body: JSON.stringify(file) };
}

/** The file of the index this instance holds (encoded again only after a change). */
async function indexFile(limit: number): Promise<{ etag: string; body: string } | null> {
  const index = await searchIndexNow();
  if (!index) return null;
  const etag = `"${revisionOf(index)}-${limit}"`;
  if (written?.etag !== etag) {
    const { records } = index.search;
    const browser = records.length <= limit;
    const file: SearchIndexFile = { format: SEARCH_INDEX_FORMAT, products: records.length, browser, text: browser ? encodeSearchRecords(records) : '' };
    written = { etag, body: JSON.stringify(file) };
  }
  return written;
}

export const searchIndexFile = onRequest({ invoker: 'public', memory: SEARCH_FUNCTION_MEMORY }, async (request, response) => {
  if (refusedMethod(request, response)) return;
  const limit = browserLimit();
  const answer = (await tooLargeFile(limit)) ?? (await indexFile(limit));
  if (!answer) {
    answerMissing(response);
    return;
  }
  const { etag } = answer;
  const cacheControl = `public, max-age=${CACHE_SECONDS}, s-maxage=${CACHE_SECONDS}`;
  // A browser or the CDN that holds this revision is told so in a few bytes.
  if (request.get('If-None-Match') === etag) {
    response.status(304).set('Cache-Control', cacheControl).set('ETag', etag).end();
    return;
  }
  response.set('ETag', etag);
  // 5,000 products are some 80 KB gzipped rather than 850 KB.
  sendText(request, response, answer.body, 'application/json', cacheControl);
});
