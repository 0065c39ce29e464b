/**
 * The embedded search index as one cacheable file, `/search-index.json` on the shop's own origin
 * (a Hosting rewrite in firebase.json): the browser loads it on the first focus of the search box
 * or with the catalog's filters, and Hosting's CDN keeps it a minute, so most visits never reach
 * this function. The index itself is kept in Firestore by functions/src/searchIndex.ts; this
 * joins the parts of the version the state document names.
 */
import { onRequest } from 'firebase-functions/v2/https';
import type { Timestamp } from 'firebase-admin/firestore';
import { SEARCH_INDEX_FORMAT, searchIndexStatus } from '@harbor/domain';
import { db } from './admin';
import { refusedMethod, sendJson, type Response } from './http';

/** Browsers and the CDN keep the file this long; a product change reaches searches within it. */
export const CACHE_SECONDS = 60;

export interface SearchIndexFile {
  format: number;
  version: number;
  /** False while a rebuild for later product writes runs. */
  current: boolean;
  /** The encoded records (domain/src/searchIndex.ts, decodeSearchRecords). */
  text: string;
}

type IndexStatus = ReturnType<typeof searchIndexStatus>;

/**
 * The version the state document names as the one to read, and whether it holds every product
 * write. `build` tells one build from another: the version, and when the build read the products
 * (versions start again at 1 when the state document is deleted).
 */
export async function currentSearchIndex(): Promise<IndexStatus & { build: string }> {
  const state = (await db.doc('searchIndex/state').get()).data();
  const coveredUntil = state?.coveredUntil as Timestamp | undefined;
  return { ...searchIndexStatus(state, Date.now()), build: `${String(state?.version)}@${coveredUntil?.valueOf() ?? ''}` };
}

/** The encoded records of a version; null when it was deleted meanwhile (two newer builds in between). */
export async function readIndexText(index: NonNullable<IndexStatus['index']>): Promise<string | null> {
  const parts = await db.getAll(...Array.from({ length: index.parts }, (_, part) => db.doc(`searchIndexParts/${index.version}_${part}`)));
  const texts = parts.map((part) => part.get('text') as unknown);
  return texts.every((text) => typeof text === 'string') ? texts.join('') : null;
}

/** No usable index: the shop falls back to its token search; ask again next time. */
export function answerMissing(response: Response): void {
  response.status(404).set('Cache-Control', 'no-store').end();
}

export const searchIndexFile = onRequest({ invoker: 'public' }, async (request, response) => {
  if (refusedMethod(request, response)) return;
  const { index, current } = await currentSearchIndex();
  if (!index) {
    answerMissing(response);
    return;
  }
  const etag = `"${index.version}${current ? '' : '-building'}"`;
  response.set('ETag', etag);
  if (request.get('If-None-Match') === etag) {
    response.set('Cache-Control', `public, max-age=${CACHE_SECONDS}, s-maxage=${CACHE_SECONDS}`).status(304).end();
    return;
  }
  const text = await readIndexText(index);
  if (text === null) {
    answerMissing(response);
    return;
  }
  const file: SearchIndexFile = { format: SEARCH_INDEX_FORMAT, version: index.version, current, text };
  // 5,000 products are some 80 KB gzipped rather than 850 KB.
  sendJson(request, response, file, `public, max-age=${CACHE_SECONDS}, s-maxage=${CACHE_SECONDS}`);
});
