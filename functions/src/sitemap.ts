/**
 * `/sitemap.xml` on the shop's own origin (Hosting rewrites in firebase.json) is a sitemap index
 * naming `/sitemaps/pages.xml` (the home page and the categories with active products) and
 * `/sitemaps/products-1.xml`, `-2`, … (the active products by id, at most 50,000 to a file, the
 * protocol's limit); robots.txt, a file of the web build, names the index. They are made from the
 * search index this instance holds in memory (searchIndexStore.ts), never by reading the catalog,
 * so they follow product changes without a build or a deploy.
 */
import { onRequest } from 'firebase-functions/v2/https';
import { escapeHtml, PRODUCT_CATEGORIES, type SearchRecord } from '@harbor/domain';
import { PAGES_SITEMAP_PATH, paths, productsSitemapPath, SITEMAP_PATH, SITEMAPS_FOLDER } from '../../web/src/config/paths';
import { refusedMethod, sendText } from './http';
import { SEARCH_FUNCTION_MEMORY, searchIndexNow } from './searchIndexStore';
import { shopOrigin } from './shopOrigin';

/** Hosting's CDN keeps an answer an hour (crawlers read them a few times a day). Browsers do not keep it. */
const CACHE_CONTROL = 'public, max-age=0, s-maxage=3600';

/** The most URLs one sitemap file may hold (sitemaps.org). */
export const MAX_SITEMAP_URLS = 50_000;

interface SitemapUrl {
  loc: string;
  /** When the page last changed, as a W3C datetime. */
  lastmod?: string;
}

/** A category's page, written as the web app's catalogHref writes a view of one category. */
const categoryHref = (category: string): string => `${paths.home}?${new URLSearchParams({ category }).toString()}`;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>';
const SITEMAP_NAMESPACE = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

// HTML's five escapes are XML's too.
const entry = (tag: 'url' | 'sitemap', { loc, lastmod }: SitemapUrl) => `<${tag}><loc>${escapeHtml(loc)}</loc>${lastmod ? `<lastmod>${escapeHtml(lastmod)}</lastmod>` : ''}</${tag}>`;

function sitemapXml(urls: SitemapUrl[]): string {
  return [XML_HEAD, `<urlset ${SITEMAP_NAMESPACE}>`, ...urls.map((url) => entry('url', url)), '</urlset>', ''].join('\n');
}

function sitemapIndexXml(sitemaps: SitemapUrl[]): string {
  return [XML_HEAD, `<sitemapindex ${SITEMAP_NAMESPACE}>`, ...sitemaps.map((sitemap) => entry('sitemap', sitemap)), '</sitemapindex>', ''].join('\n');
}

const lastmodOf = (millis: number): string | undefined => (millis > 0 ? new Date(millis).toISOString() : undefined);
const latest = (records: SearchRecord[]): number => records.reduce((time, record) => Math.max(time, record.updatedAt), 0);

/**
 * The file at `path` (the index, the pages' sitemap or a products' sitemap) for the active
 * products `records`; null for a path that names no file (an unknown or out-of-range one).
 */
export function sitemapFile(path: string, records: SearchRecord[], origin: string, perFile = MAX_SITEMAP_URLS): string | null {
  const byId = [...records].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const files = Math.ceil(byId.length / perFile);
  const productFile = (number: number) => byId.slice((number - 1) * perFile, number * perFile);
  if (path === SITEMAP_PATH) {
    const pages = { loc: `${origin}${PAGES_SITEMAP_PATH}` };
    const products = Array.from({ length: files }, (_, at) => ({ loc: `${origin}${productsSitemapPath(at + 1)}`, lastmod: lastmodOf(latest(productFile(at + 1))) }));
    return sitemapIndexXml([pages, ...products]);
  }
  if (path === PAGES_SITEMAP_PATH) {
    const shownCategories = new Set(records.map((record) => record.category));
    return sitemapXml([
      { loc: `${origin}${paths.home}` },
      ...PRODUCT_CATEGORIES.filter((category) => shownCategories.has(category)).map((category) => ({ loc: `${origin}${categoryHref(category)}` })),
    ]);
  }
  const number = new RegExp(`^${SITEMAPS_FOLDER}products-([1-9][0-9]*)\\.xml$`).exec(path)?.[1];
  if (!number || Number(number) > files) return null;
  return sitemapXml(productFile(Number(number)).map((record) => ({ loc: `${origin}${paths.product(record.id)}`, lastmod: lastmodOf(record.updatedAt) })));
}

export const sitemap = onRequest({ invoker: 'public', memory: SEARCH_FUNCTION_MEMORY }, async (request, response) => {
  if (refusedMethod(request, response)) return;
  const origin = shopOrigin(request);
  if (!origin) {
    response.status(400).end();
    return;
  }
  const index = await searchIndexNow();
  const xml = index && sitemapFile(request.path, index.search.records, origin);
  if (!xml) {
    response.status(404).set('Cache-Control', 'no-store').end();
    return;
  }
  sendText(request, response, xml, 'application/xml; charset=utf-8', CACHE_CONTROL);
});
