import type { Timestamp } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeSearchRecords, productSearchTokens, SEARCH_INDEX_FORMAT } from '@harbor/domain';
import { fetchSearchIndex } from '../web/src/lib/search/searchIndexReader';
import { fetchSearchPage, searchPageUrl } from '../web/src/lib/search/searchPageReader';
import { createProductSearch } from '@harbor/domain';
import { readCatalogParams } from '../web/src/features/catalog/catalogParams';
import { fetchFacetedPage } from '../web/src/features/catalog/facetedQueries';
import { fetchCatalogPage, firstPageFromIndex } from '../web/src/features/catalog/catalogQueries';
import { shopUrl } from '../scripts/emulators';
import { adminDb, clearFirestore, publicDb, searchIndexUrl } from './harness';

const state = adminDb.doc('searchIndex/state');

/** Waits until no build runs and the index holds every write up to `writtenAt`; returns the state. */
async function settledState(writtenAt: Timestamp, timeoutMs = 25_000): Promise<FirebaseFirestore.DocumentData> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const data = (await state.get()).data();
    const coveredUntil = data?.coveredUntil as Timestamp | undefined;
    if (data && data.building === false && coveredUntil && coveredUntil.valueOf() >= writtenAt.valueOf()) return data;
    if (Date.now() > deadline) throw new Error(`The search index did not settle: ${JSON.stringify(data)}`);
    await new Promise((done) => setTimeout(done, 250));
  }
}

/**
 * The state once the builder is idle: settled, and no build for 3 s. Events of earlier test files'
 * product writes may still be queued after the database was cleared (which also cleared the state),
 * and each may then build once; the burst below must start from a quiet builder.
 */
async function quietState(writtenAt: Timestamp, timeoutMs?: number): Promise<FirebaseFirestore.DocumentData> {
  let state = await settledState(writtenAt, timeoutMs);
  for (;;) {
    await new Promise((done) => setTimeout(done, 3_000));
    const again = await settledState(writtenAt, timeoutMs);
    if (again.builds === state.builds) return again;
    state = again;
  }
}

const lastWriteTime = (results: { writeTime: Timestamp }[]) => results.map((result) => result.writeTime).reduce((a, b) => (a.valueOf() >= b.valueOf() ? a : b));

function productData(index: number, active = true) {
  const fields = { name: `Chocolate Wafer ${index}`, sku: `SNK-9${String(index).padStart(3, '0')}`, brand: 'Lantern Bay', category: 'Snacks' };
  return { ...fields, price: 1000 + index, stock: 5, active, unit: 'case', packSize: 1, minOrderQty: 1, tiers: [], imageUrl: '', searchTokens: productSearchTokens(fields) };
}

describe('the search index builder (products/{id} trigger)', () => {
  beforeAll(async () => {
    await clearFirestore();
    const { writeTime } = await adminDb.doc('products/seed-0').set(productData(0));
    await quietState(writeTime, 25_000);
  }, 60_000);

  it('builds once for a burst of product writes, with the active products only', async () => {
    const before = (await state.get()).data()!;
    const writes = Array.from({ length: 12 }, (_, index) => adminDb.doc(`products/burst-${index}`).set(productData(index + 1, index !== 11)));
    const results = await Promise.all(writes);
    const after = await settledState(lastWriteTime(results));
    expect(after.builds).toBe(before.builds + 1);
    expect(after.version).toBe(before.version + 1);
    expect(after.format).toBe(SEARCH_INDEX_FORMAT);
    expect(after.products).toBe(12);

    // Read as the shop reads it: the file its origin serves.
    const index = await fetchSearchIndex(searchIndexUrl);
    expect(index?.version).toBe(after.version);
    expect(index?.current).toBe(true);
    const names = index!.records.map((record) => record.name);
    expect(names).toContain('Chocolate Wafer 1');
    expect(names).not.toContain('Chocolate Wafer 12');
    expect(names).toHaveLength(12);
  });

  it('serves the index as one cacheable file, and answers again with 304 while it is the same version', async () => {
    const response = await fetch(searchIndexUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=60, s-maxage=60');
    expect(response.headers.get('content-encoding')).toBe('gzip');
    const etag = response.headers.get('etag')!;
    expect(etag).toBe(`"${(await state.get()).get('version')}"`);
    expect((await fetch(searchIndexUrl, { headers: { 'If-None-Match': etag } })).status).toBe(304);
    expect((await fetch(searchIndexUrl, { method: 'POST' })).status).toBe(405);
  });

  it('rebuilds when a product changes later, and removes a product made inactive', async () => {
    const before = (await state.get()).data()!;
    const { writeTime } = await adminDb.doc('products/burst-0').update({ active: false });
    const after = await settledState(writeTime);
    expect(after.builds).toBe(before.builds + 1);
    const parts = await adminDb.collection('searchIndexParts').where('version', '==', after.version).get();
    const records = decodeSearchRecords(parts.docs.map((doc) => doc.get('text') as string).join(''));
    expect(records.map((record) => record.id)).not.toContain('burst-0');
    expect(records).toHaveLength(11);
    // Two versions at most are kept: the current one and the one before it.
    const versions = new Set((await adminDb.collection('searchIndexParts').get()).docs.map((doc) => doc.get('version') as number));
    expect([...versions].sort()).toEqual([after.version - 1, after.version]);
  });

  it('answers a filtered view from the index and reads only the products of its page', async () => {
    await adminDb.doc('products/other-brand').set({ ...productData(50), brand: 'Harborline', name: 'Sea Salt Crackers' });
    const index = await waitForIndexHolding('other-brand');
    const search = { records: index.records, search: () => createProductSearch(index.records) };
    const view = (query: string) => fetchFacetedPage(publicDb, search, readCatalogParams(new URLSearchParams(query)));

    const lantern = await view('brand=Lantern%20Bay&sort=price-desc');
    expect(lantern.total).toBe(11);
    expect(lantern.documentsRead).toBe(11);
    expect(lantern.rows.map((product) => product.price)).toEqual([...lantern.rows.map((product) => product.price)].sort((a, b) => b - a));
    expect(lantern.rows.every((product) => product.brand === 'Lantern Bay')).toBe(true);

    const typo = await view('search=crakers&brand=Harborline');
    expect(typo.rows.map((product) => product.id)).toEqual(['other-brand']);
    expect(typo.documentsRead).toBe(1);

    const cheap = await view('price=10-25&inStock=1');
    expect(cheap.total).toBe(12);
    expect((await view('price=100-up')).total).toBe(0);
  });

  it("gives the first page of the landing page and of a category as Firestore's query would", async () => {
    // (Where the next page starts is checked in catalogQueries.test.ts: more than a page of products
    // here would set off a rebuild per write and hold up the other triggers of the run.)
    await waitForIndexHolding('other-brand');
    const shop = { searchPage: (url: string) => fetchSearchPage(`${shopUrl}${url}`) };
    for (const query of ['', 'category=Snacks']) {
      const params = readCatalogParams(new URLSearchParams(query));
      const fromIndex = await firstPageFromIndex(params, shop);
      const fromFirestore = await fetchCatalogPage(publicDb, params);
      expect(fromIndex?.page.rows.map((product) => product.id)).toEqual(fromFirestore.rows.map((product) => product.id));
      expect(fromIndex?.page).toMatchObject({ next: fromFirestore.next, previous: null, documentsRead: 0 });
    }
    // Another sort, or a later page, is Firestore's to answer.
    expect(await firstPageFromIndex(readCatalogParams(new URLSearchParams('sort=price-asc')), shop)).toBeNull();
  });

  it('answers the same pages on the server (/search-page.json), leaving out a product made inactive since the build', async () => {
    const index = await waitForIndexHolding('other-brand');
    const search = { records: index.records, search: () => createProductSearch(index.records) };
    const serverPage = (query: string) => fetchSearchPage(searchPageUrl(`?${query}`, shopUrl));
    for (const query of ['brand=Lantern%20Bay&sort=price-desc', 'search=crakers&brand=Harborline', 'search=wafer&page=2', 'price=10-25&inStock=1&sort=newest']) {
      const browser = await fetchFacetedPage(publicDb, search, readCatalogParams(new URLSearchParams(query)));
      const server = await serverPage(query);
      expect(server).toMatchObject({ current: true, total: browser.total, pageCount: browser.pageCount });
      expect(server!.products.map((product) => product.id)).toEqual(browser.rows.map((product) => product.id));
    }
    const wafers = await serverPage('search=wafer');
    expect(wafers!.products[0]).toMatchObject({ name: expect.stringContaining('Chocolate Wafer'), brand: 'Lantern Bay', searchTokens: [] });

    // A malformed URL is read as the shop reads it: defaults, never an error.
    expect(await serverPage(`page=-4&sort=random&price=free&category=Weapons&search=${'wafer '.repeat(40)}`)).toMatchObject({ current: true });
    const response = await fetch(searchPageUrl('?search=wafer', shopUrl));
    // Kept a minute by the CDN, not by browsers: a reload shows a change as soon as the server has it.
    expect(response.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60');
    expect((await fetch(searchPageUrl('?search=wafer', shopUrl), { method: 'POST' })).status).toBe(405);

    // Made inactive: out of the answer at once, before the index is rebuilt without it.
    await adminDb.doc('products/other-brand').update({ active: false });
    const harborline = await serverPage('brand=Harborline');
    expect(harborline!.products.map((product) => product.id)).not.toContain('other-brand');
  });
});

/** The index as the shop reads it, once it holds the product `id`. */
async function waitForIndexHolding(id: string) {
  const deadline = Date.now() + 25_000;
  for (;;) {
    const index = await fetchSearchIndex(searchIndexUrl);
    if (index?.records.some((record) => record.id === id)) return index;
    if (Date.now() > deadline) throw new Error(`The index never held ${id}.`);
    await new Promise((done) => setTimeout(done, 250));
  }
}
