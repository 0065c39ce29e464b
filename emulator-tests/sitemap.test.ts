import { Timestamp } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { builtShopUrl, shopUrl } from '../scripts/emulators';
import { catalogHref } from '../web/src/features/catalog/catalogParams';
import { sitemapFile } from '../functions/src/sitemap';
import { rebuildSearchIndex } from '../functions/src/searchIndex';
import { searchIndexNow } from '../functions/src/searchIndexStore';
import { adminDb, clearFirestore, functionsPort, PROJECT_ID } from './harness';

const sitemapUrl = `${shopUrl}/sitemap.xml`;
const pagesUrl = `${shopUrl}/sitemaps/pages.xml`;
const productsUrl = (number: number) => `${shopUrl}/sitemaps/products-${number}.xml`;
/** The function itself, without Hosting in front: it answers whatever path it is given. */
const functionUrl = `http://127.0.0.1:${functionsPort}/${PROJECT_ID}/us-central1/sitemap`;

const coffeeChangedAt = new Date('2025-03-04T05:06:07Z');
const cupsChangedAt = new Date('2025-06-01T00:00:00Z');

/** The `<loc>` and `<lastmod>` of each `<url>` of a sitemap, in order. */
function sitemapEntries(xml: string, tag = 'url'): { loc: string; lastmod?: string }[] {
  return [...xml.matchAll(new RegExp(`<${tag}><loc>([^<]*)</loc>(?:<lastmod>([^<]*)</lastmod>)?</${tag}>`, 'g'))].map(([, loc = '', lastmod]) => ({ loc, ...(lastmod ? { lastmod } : {}) }));
}

/** Waits until the shop's sitemap of products lists `count` products (the products trigger logs them within a second or two). */
async function productsListed(count: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (sitemapEntries(await (await fetch(productsUrl(1))).text()).length !== count) {
    if (Date.now() > deadline) throw new Error(`The sitemap never listed ${count} products.`);
    await new Promise((done) => setTimeout(done, 200));
  }
}

describe('robots.txt and the sitemaps on the shop origin', () => {
  beforeAll(async () => {
    await clearFirestore();
    const product = (category: string, active: boolean, updatedAt?: Date) => ({ name: `A ${category} product`, category, active, ...(updatedAt ? { updatedAt: Timestamp.fromDate(updatedAt) } : {}) });
    const batch = adminDb.batch();
    batch.set(adminDb.doc('products/coffee-1'), product('Beverages', true, coffeeChangedAt));
    batch.set(adminDb.doc('products/Paper Cups #12 & Lids'), product('Paper Goods', true, cupsChangedAt));
    batch.set(adminDb.doc('products/tea-undated'), product('Beverages', true));
    batch.set(adminDb.doc('products/retired-gloves'), product('Safety', false, coffeeChangedAt));
    await batch.commit();
    // A cleared database fires no deletions: a new base makes every instance of the functions drop
    // what an earlier file's products left in its memory.
    await rebuildSearchIndex();
    await productsListed(3);
  });

  it('serves a robots.txt that keeps crawlers out of the client-only pages and names the sitemap at the address the shop was built for', async () => {
    const response = await fetch(`${shopUrl}/robots.txt`);
    expect(response.status).toBe(200);
    const lines = (await response.text()).split('\n');
    expect(lines).toEqual(expect.arrayContaining(['User-agent: *', 'Allow: /', 'Disallow: /checkout', 'Disallow: /order-confirmation/', 'Disallow: /admin/', 'Sitemap: ' + `${builtShopUrl}/sitemap.xml`]));
  });

  it('is a sitemap index of the pages and of the products, at most 50,000 to a file, with their last change', async () => {
    const response = await fetch(sitemapUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=3600');
    const xml = await response.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">\n/);
    expect(sitemapEntries(xml, 'sitemap')).toEqual([{ loc: pagesUrl }, { loc: productsUrl(1), lastmod: cupsChangedAt.toISOString() }]);

    // Categories are linked as the shop links them; the retired product and its category are not listed.
    expect(sitemapEntries(await (await fetch(pagesUrl)).text())).toEqual([
      { loc: `${shopUrl}/` },
      { loc: `${shopUrl}${catalogHref({ category: 'Beverages' })}` },
      { loc: `${shopUrl}${catalogHref({ category: 'Paper Goods' })}` },
    ]);
    const products = await fetch(productsUrl(1));
    expect(products.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=3600');
    expect(sitemapEntries(await products.text())).toEqual([
      { loc: `${shopUrl}/product/Paper%20Cups%20%2312%20%26%20Lids`, lastmod: cupsChangedAt.toISOString() },
      { loc: `${shopUrl}/product/coffee-1`, lastmod: coffeeChangedAt.toISOString() },
      { loc: `${shopUrl}/product/tea-undated` },
    ]);
    for (const unknown of [productsUrl(2), `${shopUrl}/sitemaps/products-0.xml`, `${shopUrl}/sitemaps/products-01.xml`, `${shopUrl}/sitemaps/other.xml`]) expect((await fetch(unknown)).status).toBe(404);
  });

  it('splits the products into files of the given size, by id, and knows no file past the last', async () => {
    const records = (await searchIndexNow())!.search.records;
    const origin = 'https://shop.example.com';
    const index = sitemapFile('/sitemap.xml', records, origin, 2)!;
    expect(sitemapEntries(index, 'sitemap').map((entry) => entry.loc)).toEqual([`${origin}/sitemaps/pages.xml`, `${origin}/sitemaps/products-1.xml`, `${origin}/sitemaps/products-2.xml`]);
    expect(sitemapEntries(sitemapFile('/sitemaps/products-1.xml', records, origin, 2)!).map((entry) => entry.loc)).toEqual([`${origin}/product/Paper%20Cups%20%2312%20%26%20Lids`, `${origin}/product/coffee-1`]);
    expect(sitemapEntries(sitemapFile('/sitemaps/products-2.xml', records, origin, 2)!).map((entry) => entry.loc)).toEqual([`${origin}/product/tea-undated`]);
    expect(sitemapFile('/sitemaps/products-3.xml', records, origin, 2)).toBeNull();
  });

  it('takes the origin from the forwarded host only when it is a host name, and answers only its own paths and reads', async () => {
    const homePage = async (headers: Record<string, string>) => sitemapEntries(await (await fetch(`${functionUrl}/sitemaps/pages.xml`, { headers })).text())[0]?.loc;
    expect(await homePage({ 'X-Forwarded-Host': 'shop.example.com', 'X-Forwarded-Proto': 'https' })).toBe('https://shop.example.com/');
    expect(await homePage({ 'X-Forwarded-Host': 'Shop.Example.com:8443' })).toBe('https://shop.example.com:8443/');
    expect(await homePage({ 'X-Forwarded-Host': 'evil.example/shop' })).toBe(`http://127.0.0.1:${functionsPort}/`);
    expect((await fetch(`${functionUrl}/humans.txt`)).status).toBe(404);
    expect((await fetch(sitemapUrl, { method: 'POST' })).status).toBe(405);
  });
});
