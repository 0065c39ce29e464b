/**
 * One product as a shopper sees it, answered on the server: `/product-page.json?id=<id>` on the
 * shop's own origin (a Hosting rewrite in firebase.json). A visit that opens on a product page
 * gets it over the connection that brought the page, instead of opening one to Firestore first;
 * the largest paint of a product page (its name) waits for this answer. Hosting's CDN keeps an
 * answer a minute, as it does the search page's; browsers do not keep it. Only that first view
 * asks it: the shop reads a product it navigates to from Firestore, which is current.
 */
import { onRequest } from 'firebase-functions/v2/https';
import { documentIdSchema, type ProductPageAnswer } from '@harbor/domain';
import { db } from './admin';
import { CACHE_SECONDS, refusedMethod, sendJson } from './searchIndexFile';
import { shownProduct } from './shownProduct';

/** An id a product can have (the shop's rule for document ids, exactly as given); anything else names no product. */
const productId = documentIdSchema('Product id');
const isProductId = (id: string): boolean => productId.safeParse(id).data === id;

export const productPage = onRequest({ invoker: 'public' }, async (request, response) => {
  if (refusedMethod(request, response)) return;
  // The raw query string (Express's parser would turn a repeated name into an array).
  const id = new URLSearchParams(request.originalUrl.split('?')[1] ?? '').get('id') ?? '';
  const answer: ProductPageAnswer = { product: isProductId(id) ? shownProduct(await db.doc(`products/${id}`).get()) : null };
  sendJson(request, response, answer, `public, max-age=0, s-maxage=${CACHE_SECONDS}`);
});
