/**
 * `/sitemap.xml` on the shop's own origin (a Hosting rewrite in firebase.json), so search engines
 * find every product page; robots.txt, a file of the web build, names it. The sitemap is read from
 * the catalog when Hosting's CDN asks for it, so it follows product changes without a build or a
 * deploy.
 */
import { logger } from 'firebase-functions';
import { onRequest } from 'firebase-functions/v2/https';
import { Timestamp } from 'firebase-admin/firestore';
import { escapeHtml, PRODUCT_CATEGORIES } from '@harbor/domain';
import { paths, SITEMAP_PATH } from '../../web/src/config/paths';
import { db } from './admin';
import { refusedMethod, sendText } from './http';
import { shopOrigin } from './shopOrigin';

/**
 * Hosting's CDN keeps an answer an hour: crawlers read it a few times a day, so the products are
 * read about once an hour, and a new product is listed within the hour. Browsers do not keep it.
 */
const CACHE_CONTROL = 'public, max-age=0, s-maxage=3600';

/** The most URLs one sitemap file may hold (sitemaps.org); more would need a sitemap index. */
const MAX_SITEMAP_URLS = 50_000;

interface SitemapUrl {
  loc: string;
  /** When the page last changed, as a W3C datetime. */
  lastmod?: string;
}

/** A category's page, written as the web app's catalogHref writes a view of one category. */
const categoryHref = (category: string): string => `${paths.home}?${new URLSearchParams({ category }).toString()}`;

/** The home page, each category with active products and each active product, at most MAX_SITEMAP_URLS. */
async function sitemapUrls(origin: string): Promise<SitemapUrl[]> {
  // Enough products to fill the file and to know it overflowed, with only the fields it uses.
  const products = await db.collection('products').where('active', '==', true).select('category', 'updatedAt').limit(MAX_SITEMAP_URLS).get();
  const shownCategories = new Set(products.docs.map((product) => product.get('category') as unknown));
  const pages: SitemapUrl[] = [
    { loc: `${origin}${paths.home}` },
    ...PRODUCT_CATEGORIES.filter((category) => shownCategories.has(category)).map((category) => ({ loc: `${origin}${categoryHref(category)}` })),
  ];
  const productRoom = MAX_SITEMAP_URLS - pages.length;
  if (products.size > productRoom) {
    // Search engines refuse a larger file whole: better the first products (by id) than none.
    logger.warn(`The sitemap lists ${productRoom} active products, all its ${MAX_SITEMAP_URLS} URLs (the protocol's limit) leave room for: the others are left out. Split it into a sitemap index.`);
  }
  return [
    ...pages,
    ...products.docs.slice(0, productRoom).map((product) => {
      const updatedAt: unknown = product.get('updatedAt');
      return { loc: `${origin}${paths.product(product.id)}`, ...(updatedAt instanceof Timestamp ? { lastmod: updatedAt.toDate().toISOString() } : {}) };
    }),
  ];
}

function sitemapXml(urls: SitemapUrl[]): string {
  // HTML's five escapes are XML's too.
  const entries = urls.map(({ loc, lastmod }) => `<url><loc>${escapeHtml(loc)}</loc>${lastmod ? `<lastmod>${escapeHtml(lastmod)}</lastmod>` : ''}</url>`);
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...entries, '</urlset>', ''].join('\n');
}

export const sitemap = onRequest({ invoker: 'public' }, async (request, response) => {
  if (refusedMethod(request, response)) return;
  if (request.path !== SITEMAP_PATH) {
    response.status(404).end();
    return;
  }
  const origin = shopOrigin(request);
  if (!origin) {
    response.status(400).end();
    return;
  }
  sendText(request, response, sitemapXml(await sitemapUrls(origin)), 'application/xml; charset=utf-8', CACHE_CONTROL);
});
