/**
 * The shop's public pages rendered on the server (Hosting rewrites `/`, `/product/**` and every
 * path that is not a client-only page or a file to this function: firebase.json). The renderer is
 * the web app's own (web/src/server.tsx, built into web/dist-server before the functions are
 * bundled): its routes, components and endpoints, reading the catalog from here. Hosting's CDN
 * keeps a page a minute and serves it a minute longer while it renders the next; browsers ask
 * again each time.
 */
import { applicationDefault } from 'firebase-admin/app';
import { onRequest } from 'firebase-functions/v2/https';
import { logger } from 'firebase-functions/logger';
import type { RenderedPage, renderShopPage } from '@harbor/shop-renderer';
import { refusedMethod, sendText } from './http';
import { answerSearchPage } from './searchPage';
import { CACHE_SECONDS } from './searchIndexFile';
import { SEARCH_FUNCTION_MEMORY } from './searchIndexStore';

/**
 * The renderer's bundle beside this one (functions/build.mjs): loaded by the first request, so
 * the other functions, bundled with this module, never load it.
 */
const RENDERER_FILE = './renderer.js';
type ShopRenderer = { renderShopPage: typeof renderShopPage };
let renderer: Promise<ShopRenderer> | undefined;

const emulatorHost = process.env.FIRESTORE_EMULATOR_HOST;

let token: { value: string; expiresAt: number } | null = null;

/** The function's OAuth token for Firestore's REST API, kept until a minute before it expires; the emulator takes "owner". */
async function accessToken(): Promise<string> {
  if (emulatorHost) return 'owner';
  if (!token || token.expiresAt - 60_000 < Date.now()) {
    const { access_token, expires_in } = await applicationDefault().getAccessToken();
    token = { value: access_token, expiresAt: Date.now() + expires_in * 1000 };
  }
  return token.value;
}

const catalog = {
  db: {
    origin: emulatorHost ? `http://${emulatorHost}` : 'https://firestore.googleapis.com',
    projectId: process.env.GCLOUD_PROJECT ?? '',
    accessToken,
  },
  searchPage: (url: string) => answerSearchPage(new URLSearchParams(url.split('?')[1] ?? '')),
  searchIndex: async () => null,
};

export const renderPage = onRequest({ invoker: 'public', memory: SEARCH_FUNCTION_MEMORY }, async (request, response) => {
  if (refusedMethod(request, response)) return;
  let page: RenderedPage;
  try {
    renderer ??= import(RENDERER_FILE) as Promise<ShopRenderer>;
    page = await (await renderer).renderShopPage(request.originalUrl, { catalog });
  } catch (error) {
    // A renderer that failed to load is loaded again by the next request.
    renderer = undefined;
    logger.error(`Rendering ${request.originalUrl} failed.`, error);
    response.status(500).set('Cache-Control', 'no-store').type('text').send('The shop could not show this page. Please try again in a moment.');
    return;
  }
  // A page whose reads failed is not kept: the next visitor gets a fresh attempt.
  const cacheControl = page.status === 503 ? 'no-store' : `public, max-age=0, s-maxage=${CACHE_SECONDS}, stale-while-revalidate=${CACHE_SECONDS}`;
  sendText(request, response.status(page.status), page.html, 'text/html; charset=utf-8', cacheControl);
});
