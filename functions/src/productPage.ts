/**
 * One product as a shopper sees it, answered on the server: `/product-page.json?id=<id>` on the
 * shop's own origin (a Hosting rewrite in firebase.json). A visit that opens on a product page
 * gets it over the connection that brought the page, instead of opening one to Firestore first;
 * the largest paint of a product page (its name) waits for this answer. Hosting's CDN keeps an
 * answer a minute, as it does the search page's; browsers do not keep it.
 */
import { onRequest } from 'firebase-functions/v2/https';
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { productFromData, type Product, type ProductPageAnswer } from '@harbor/domain';
import { db } from './admin';
import { CACHE_SECONDS, refusedMethod, sendJson } from './searchIndexFile';

/**
 * A product document as the shop shows it to shoppers: active only, as the rules let them read it,
 * and without its search tokens (pages do not use them, and they are half the size).
 */
export function shownProduct(snapshot: DocumentSnapshot): Product | null {
  return snapshot.exists && snapshot.get('active') === true ? { ...productFromData(snapshot.id, snapshot.data() ?? {}), searchTokens: [] } : null;
}

/** An id Firestore takes as one document's (no path, no reserved name); anything else names no product. */
const isDocumentId = (id: string): boolean => id.length > 0 && id.length <= 1_500 && !id.includes('/') && id !== '.' && id !== '..' && !/^__.*__$/.test(id);

export const productPage = onRequest({ invoker: 'public' }, async (request, response) => {
  if (refusedMethod(request, response)) return;
  // The raw query string (Express's parser would turn a repeated name into an array).
  const id = new URLSearchParams(request.originalUrl.split('?')[1] ?? '').get('id') ?? '';
  const answer: ProductPageAnswer = { product: isDocumentId(id) ? shownProduct(await db.doc(`products/${id}`).get()) : null };
  sendJson(request, response, answer, `public, max-age=0, s-maxage=${CACHE_SECONDS}`);
});
