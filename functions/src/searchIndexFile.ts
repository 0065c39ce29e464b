/**
 * The embedded search index as one cacheable file, `/search-index.json` on the shop's own origin
 * (a Hosting rewrite in firebase.json): the browser loads it on the first focus of the search box
 * or with the catalog's filters, and Hosting's CDN keeps it a minute, so most visits never reach
 * this function. The index itself is kept in Firestore by functions/src/searchIndex.ts; this
 * joins the parts of the version the state document names.
 */
import { gzipSync } from 'node:zlib';
import { onRequest } from 'firebase-functions/v2/https';
import { SEARCH_INDEX_FORMAT, searchIndexStatus } from '@harbor/domain';
import { db } from './admin';

/** Browsers and the CDN keep the file this long; a product change reaches searches within it. */
const CACHE_SECONDS = 60;

export interface SearchIndexFile {
  format: number;
  version: number;
  /** False while a rebuild for later product writes runs. */
  current: boolean;
  /** The encoded records (domain/src/searchIndex.ts, decodeSearchRecords). */
  text: string;
}

export const searchIndexFile = onRequest({ invoker: 'public' }, async (request, response) => {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.status(405).set('Allow', 'GET, HEAD').end();
    return;
  }
  const { index, current } = searchIndexStatus((await db.doc('searchIndex/state').get()).data(), Date.now());
  // No usable index: the shop falls back to its token search; ask again next time.
  const missing = (): void => void response.status(404).set('Cache-Control', 'no-store').end();
  if (!index) {
    missing();
    return;
  }
  const etag = `"${index.version}${current ? '' : '-building'}"`;
  response.set('Cache-Control', `public, max-age=${CACHE_SECONDS}, s-maxage=${CACHE_SECONDS}`).set('ETag', etag);
  if (request.get('If-None-Match') === etag) {
    response.status(304).end();
    return;
  }
  const parts = await db.getAll(...Array.from({ length: index.parts }, (_, part) => db.doc(`searchIndexParts/${index.version}_${part}`)));
  const texts = parts.map((part) => part.get('text') as unknown);
  // A version deleted meanwhile (two newer builds in between): the next request finds the new one.
  if (texts.some((text) => typeof text !== 'string')) {
    missing();
    return;
  }
  const file: SearchIndexFile = { format: SEARCH_INDEX_FORMAT, version: index.version, current, text: texts.join('') };
  const body = JSON.stringify(file);
  response.type('application/json').set('Vary', 'Accept-Encoding');
  // About a tenth of the size: 5,000 products are some 80 KB gzipped rather than 850 KB.
  if (request.acceptsEncodings('gzip')) response.set('Content-Encoding', 'gzip').send(gzipSync(body));
  else response.send(body);
});
