import { Timestamp } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { builtShopUrl, shopUrl } from '../scripts/emulators';
import { catalogHref } from '../web/src/features/catalog/catalogParams';
import { adminDb, clearFirestore, functionsPort, PROJECT_ID } from './harness';

const sitemapUrl = `${shopUrl}/sitemap.xml`;
/** The function itself, without Hosting in front: it answers whatever path it is given. */
const functionUrl = `http://127.0.0.1:${functionsPort}/${PROJECT_ID}/us-central1/sitemap`;

const coffeeChangedAt = new Date('2025-03-04T05:06:07Z');
const cupsChangedAt = new Date('2025-06-01T00:00:00Z');

/** The `<loc>` and `<lastmod>` of each `<url>` of a sitemap, in order. */
function sitemapEntries(xml: string): { loc: string; lastmod?: string }[] {
  return [...xml.matchAll(/<url><loc>([^<]*)<\/loc>(?:<lastmod>([^<]*)<\/lastmod>)?<\/url>/g)].map(([, loc = '', lastmod]) => ({ loc, ...(lastmod ? { lastmod } : {}) }));
}

describe('robots.txt and sitemap.xml on the shop origin', () => {
  beforeAll(async () => {
    await clearFirestore();
    const product = (category: string, active: boolean, updatedAt?: Date) => ({ name: `A ${category} product`, category, active, ...(updatedAt ? { updatedAt: Timestamp.fromDate(updatedAt) } : {}) });
    const batch = adminDb.batch();
    batch.set(adminDb.doc('products/coffee-1'), product('Beverages', true, coffeeChangedAt));
    batch.set(adminDb.doc('products/Paper Cups #12 & Lids'), product('Paper Goods', true, cupsChangedAt));
    batch.set(adminDb.doc('products/tea-undated'), product('Beverages', true));
    batch.set(adminDb.doc('products/retired-gloves'), product('Safety', false, coffeeChangedAt));
    await batch.commit();
  });

  it('serves a robots.txt that keeps crawlers out of the client-only pages and names the sitemap at the address the shop was built for', async () => {
    const response = await fetch(`${shopUrl}/robots.txt`);
    expect(response.status).toBe(200);
    const lines = (await response.text()).split('\n');
    expect(lines).toEqual(expect.arrayContaining(['User-agent: *', 'Allow: /', 'Disallow: /checkout', 'Disallow: /order-confirmation/', 'Disallow: /admin/', 'Sitemap: ' + `${builtShopUrl}/sitemap.xml`]));
  });

  it('lists the home page, the categories with active products and the active products, with their last change', async () => {
    const response = await fetch(sitemapUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=3600');
    const xml = await response.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">\n/);
    // Categories are linked as the shop links them; the retired product and its category are not listed.
    expect(sitemapEntries(xml)).toEqual([
      { loc: `${shopUrl}/` },
      { loc: `${shopUrl}${catalogHref({ category: 'Beverages' })}` },
      { loc: `${shopUrl}${catalogHref({ category: 'Paper Goods' })}` },
      { loc: `${shopUrl}/product/Paper%20Cups%20%2312%20%26%20Lids`, lastmod: cupsChangedAt.toISOString() },
      { loc: `${shopUrl}/product/coffee-1`, lastmod: coffeeChangedAt.toISOString() },
      { loc: `${shopUrl}/product/tea-undated` },
    ]);
  });

  it('takes the origin from the forwarded host only when it is a host name, and answers only its two paths and reads', async () => {
    const homePage = async (headers: Record<string, string>) => sitemapEntries(await (await fetch(`${functionUrl}/sitemap.xml`, { headers })).text())[0]?.loc;
    expect(await homePage({ 'X-Forwarded-Host': 'shop.example.com', 'X-Forwarded-Proto': 'https' })).toBe('https://shop.example.com/');
    expect(await homePage({ 'X-Forwarded-Host': 'Shop.Example.com:8443' })).toBe('https://shop.example.com:8443/');
    expect(await homePage({ 'X-Forwarded-Host': 'evil.example/shop' })).toBe(`http://127.0.0.1:${functionsPort}/`);
    expect((await fetch(`${functionUrl}/humans.txt`)).status).toBe(404);
    expect((await fetch(sitemapUrl, { method: 'POST' })).status).toBe(405);
  });
});
