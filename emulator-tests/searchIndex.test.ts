import { Timestamp } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { productSearchTokens, readSearchSuggestions, SEARCH_INDEX_FORMAT, type SearchSuggestion } from '@harbor/domain';
import { fetchSearchIndex } from '../web/src/lib/search/searchIndexReader';
import { fetchSearchPage, searchPageUrl } from '../web/src/lib/search/searchPageReader';
import { createProductSearch } from '@harbor/domain';
import { readCatalogParams } from '../web/src/features/catalog/catalogParams';
import { fetchFacetedPage } from '../web/src/features/catalog/facetedQueries';
import { fetchCatalogPage, firstPageFromIndex } from '../web/src/features/catalog/catalogQueries';
import { SEARCH_SUGGESTIONS_PATH } from '../web/src/lib/search/providerChoice';
import { shopUrl } from '../scripts/emulators';
import { compactSearchIndex, logSearchIndexChange, rebuildSearchIndex } from '../functions/src/searchIndex';
import { forgetLoadedSearchIndex, searchIndexNow } from '../functions/src/searchIndexStore';
import { adminDb, clearFirestore, publicDb, searchIndexUrl } from './harness';

const state = adminDb.doc('searchIndex/state');
const change = (id: string) => adminDb.doc(`searchIndexChanges/${id}`);

function productData(index: number, active = true) {
  const fields = { name: `Chocolate Wafer ${index}`, sku: `SNK-9${String(index).padStart(3, '0')}`, brand: 'Lantern Bay', category: 'Snacks' };
  return { ...fields, price: 1000 + index, stock: 5, active, unit: 'case', packSize: 1, minOrderQty: 1, tiers: [], imageUrl: '', searchTokens: productSearchTokens(fields) };
}

const serverPage = (query: string) => fetchSearchPage(searchPageUrl(`?${query}`, shopUrl));

async function suggestions(q: string, limit = 6): Promise<SearchSuggestion[]> {
  const response = await fetch(`${shopUrl}${SEARCH_SUGGESTIONS_PATH}?${new URLSearchParams({ q, limit: String(limit) }).toString()}`);
  expect(response.status).toBe(200);
  return readSearchSuggestions(await response.json()) ?? [];
}

/** Waits (a few seconds at most) until `found` holds; returns how long it took. */
async function within(seconds: number, found: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await found()) return Date.now() - started;
    if (Date.now() - started > seconds * 1000) throw new Error(`Not within ${seconds} s.`);
    await new Promise((done) => setTimeout(done, 200));
  }
}

const pageIds = async (query: string) => (await serverPage(query))?.products.map((product) => product.id) ?? [];

describe('the search index: a base and a change log kept by the products trigger', () => {
  beforeAll(async () => {
    await clearFirestore();
    await Promise.all(Array.from({ length: 12 }, (_, index) => adminDb.doc(`products/wafer-${index}`).set(productData(index, index !== 11))));
    // Both functions started (an emulated function's first call starts its process: seconds).
    await within(20, async () => (await pageIds('search=wafer')).length === 11 && (await suggestions('wafer')).length > 0);
  }, 60_000);

  it('logs a product edit with one read, and the search page and the suggestions find it within seconds', async () => {
    const { writeTime } = await adminDb.doc('products/wafer-3').update({ name: 'Hazelnut Praline Bites' });
    const waited = await within(5, async () => (await pageIds('search=praline')).includes('wafer-3') && (await suggestions('pralin')).some((hit) => hit.id === 'wafer-3'));
    expect(waited).toBeLessThan(5_000);
    const logged = await change('wafer-3').get();
    expect(logged.get('updateReads')).toBeLessThanOrEqual(2);
    expect((logged.get('changedAt') as Timestamp).isEqual(writeTime)).toBe(true);
    // A typo, a SKU, and what a suggestion shows (no more).
    expect((await suggestions('hazlenut'))[0]).toEqual({ id: 'wafer-3', name: 'Hazelnut Praline Bites', sku: 'SNK-9003', imageUrl: '', unit: 'case', price: 1003, fromPrice: 1003 });
    expect((await suggestions('snk-9003')).map((hit) => hit.id)).toEqual(['wafer-3']);
    expect(await suggestions('wafer', 3)).toHaveLength(3);
  });

  it('logs nothing for a write that changes nothing the index holds', async () => {
    const before = (await change('wafer-3').get()).updateTime!;
    await adminDb.doc('products/wafer-3').update({ stock: 9, description: 'Now with more hazelnut.' });
    await new Promise((done) => setTimeout(done, 1_500));
    expect((await change('wafer-3').get()).updateTime!.isEqual(before)).toBe(true);
  });

  it('drops a product made inactive, and a deleted one', async () => {
    await adminDb.doc('products/wafer-4').update({ active: false });
    await adminDb.doc('products/wafer-5').delete();
    await within(5, async () => {
      const ids = await pageIds('search=wafer');
      return !ids.includes('wafer-4') && !ids.includes('wafer-5') && !(await suggestions('SNK-9004')).some((hit) => hit.id === 'wafer-4');
    });
    expect((await change('wafer-5').get()).get('row')).toBeNull();
  });

  it('never lets a late or repeated event replace a newer change', async () => {
    const { writeTime } = await adminDb.doc('products/wafer-6').update({ name: 'Mint Creams' });
    await within(5, async () => (await pageIds('search=mint')).includes('wafer-6'));
    const older = Timestamp.fromMillis(writeTime.toMillis() - 1_000);
    expect(await logSearchIndexChange('wafer-6', null, older)).toBeNull();
    expect(await logSearchIndexChange('wafer-6', null, writeTime)).toBeNull();
    expect((await change('wafer-6').get()).get('row')).toEqual(expect.stringContaining('Mint Creams'));
    await new Promise((done) => setTimeout(done, 1_200));
    expect(await pageIds('search=mint')).toEqual(['wafer-6']);
  });

  it('rebuilds a new base from the products, folds the change log and repairs drift', async () => {
    // Drift: a change lost, a part written wrong.
    await rebuildSearchIndex();
    await adminDb.doc('products/wafer-7').update({ name: 'Sea Salt Caramels' });
    await within(5, async () => (await pageIds('search=caramel')).includes('wafer-7'));
    await change('wafer-7').delete();
    const { version } = (await state.get()).data() as { version: number };
    await adminDb.doc(`searchIndexParts/${version}_0`).update({ text: '[]' });
    forgetLoadedSearchIndex();
    expect((await searchIndexNow())!.search.search('caramel')).toEqual([]);

    const report = await rebuildSearchIndex();
    expect(report.products).toBe(9);
    expect(report.repaired).toBeGreaterThan(0);
    const rebuilt = (await state.get()).data()!;
    expect(rebuilt).toMatchObject({ format: SEARCH_INDEX_FORMAT, version: version + 1, products: 9, previousVersion: version, lastRebuild: { products: 9, repaired: report.repaired } });
    expect(rebuilt.lastRebuild.ms).toBeGreaterThanOrEqual(0);
    // Folded: the log holds nothing the new base covers.
    expect((await adminDb.collection('searchIndexChanges').get()).docs.filter((doc) => doc.id.startsWith('wafer-'))).toEqual([]);
    // Two versions are kept: the new one and the one before, for readers still loading it.
    const versions = new Set((await adminDb.collection('searchIndexParts').get()).docs.map((doc) => doc.get('version') as number));
    expect([...versions].sort()).toEqual([version, version + 1]);
    await within(5, async () => (await pageIds('search=caramel')).includes('wafer-7'));
  });

  it('loads the base and the changes logged after it on a cold start', async () => {
    await adminDb.doc('products/wafer-8').update({ name: 'Orange Jellies' });
    await within(5, async () => (await change('wafer-8').get()).exists);
    forgetLoadedSearchIndex();
    const index = (await searchIndexNow())!;
    expect(index.base.version).toBe((await state.get()).get('version'));
    expect(index.search.search('jellies').map((record) => record.id)).toEqual(['wafer-8']);
    expect(index.search.search('caramels').map((record) => record.id)).toEqual(['wafer-7']);
    expect(index.search.records).toHaveLength(9);
  });

  it('folds a long change log into a new base from the base and the log alone, keeping the last minutes in the log', async () => {
    const loggedAt = async (id: string) => ((await change(id).get()).get('changedAt') as Timestamp | undefined)?.toMillis();
    await adminDb.doc('products/wafer-9').update({ name: 'Lemon Drops' });
    await within(5, async () => (await loggedAt('wafer-9')) !== undefined);
    await adminDb.doc('products/wafer-10').update({ name: 'Cherry Cola Bottles' });
    await within(5, async () => (await loggedAt('wafer-10')) !== undefined);
    // Drift the compaction must not see: a product's log entry lost. Only a rebuild reads products.
    await adminDb.doc('products/wafer-2').update({ name: 'Liquorice Wheels' });
    await within(5, async () => (await loggedAt('wafer-2')) !== undefined);
    await change('wafer-2').delete();
    const { version } = (await state.get()).data() as { version: number };

    // A short log is left as it is.
    expect(await compactSearchIndex(100)).toBe(0);
    expect((await state.get()).get('version')).toBe(version);

    // Settled: the changes before the one to wafer-10, which stays in the log on top of the new base.
    const [lemon, cherry] = [(await loggedAt('wafer-9'))!, (await loggedAt('wafer-10'))!];
    const settledAt = (lemon + cherry) / 2;
    expect(await compactSearchIndex(1, Date.now() - settledAt)).toBe(2);
    const compacted = (await state.get()).data()!;
    expect(compacted).toMatchObject({ version: version + 1, products: 9, previousVersion: version });
    expect((compacted.coveredUntil as Timestamp).toMillis()).toBeGreaterThanOrEqual(lemon);
    expect((compacted.coveredUntil as Timestamp).toMillis()).toBeLessThan(cherry);
    const log = (await adminDb.collection('searchIndexChanges').get()).docs.map((doc) => doc.id).filter((id) => id.startsWith('wafer-'));
    expect(log).toEqual(['wafer-10']);
    forgetLoadedSearchIndex();
    const index = (await searchIndexNow())!;
    expect(index.search.search('jellies').map((record) => record.id)).toEqual(['wafer-8']);
    expect(index.search.search('lemon').map((record) => record.id)).toEqual(['wafer-9']);
    expect(index.search.search('cherry').map((record) => record.id)).toEqual(['wafer-10']);
    expect(index.search.search('liquorice')).toEqual([]);
    expect(index.search.records).toHaveLength(9);
    // The nightly rebuild, which reads the products, repairs it.
    expect((await rebuildSearchIndex()).repaired).toBe(1);
  });

  it('serves the index as one cacheable file for the browser', async () => {
    const response = await fetch(searchIndexUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=60, s-maxage=60');
    expect(response.headers.get('content-encoding')).toBe('gzip');
    const index = await fetchSearchIndex(searchIndexUrl);
    expect(index).toMatchObject({ browser: true, products: 9 });
    expect(index!.records.map((record) => record.name)).toContain('Orange Jellies');
    expect((await fetch(searchIndexUrl, { method: 'POST' })).status).toBe(405);

    // A browser or the CDN holding this revision gets a 304; a product change names a new one.
    const etag = response.headers.get('etag')!;
    expect(etag).toMatch(/^"[\d-]+"$/);
    const revalidated = (tag: string) => fetch(searchIndexUrl, { headers: { 'If-None-Match': tag } });
    expect((await revalidated(etag)).status).toBe(304);
    const product = adminDb.doc(`products/${index!.records[0]!.id}`);
    const { price } = (await product.get()).data() as { price: number };
    await product.update({ price: price + 1 });
    await within(5, async () => (await revalidated(etag)).status === 200);
    await product.update({ price });
  });

  it('answers a filtered view from the index and reads only the products of its page', async () => {
    await adminDb.doc('products/other-brand').set({ ...productData(50), brand: 'Harborline', name: 'Sea Salt Crackers' });
    // Each function holds its own copy: both take the change within a second or two.
    let index = await fetchSearchIndex(searchIndexUrl);
    await within(5, async () => {
      index = await fetchSearchIndex(searchIndexUrl);
      return Boolean(index?.records.some((record) => record.id === 'other-brand')) && (await pageIds('brand=Harborline')).includes('other-brand');
    });
    const { records } = index!;
    const search = { records, search: () => createProductSearch(records) };
    const view = (query: string) => fetchFacetedPage(publicDb, search, readCatalogParams(new URLSearchParams(query)));

    const lantern = await view('brand=Lantern%20Bay&sort=price-desc');
    expect(lantern.total).toBe(9);
    expect(lantern.documentsRead).toBe(9);
    expect(lantern.rows.map((product) => product.price)).toEqual([...lantern.rows.map((product) => product.price)].sort((a, b) => b - a));

    const typo = await view('search=crakers&brand=Harborline');
    expect(typo.rows.map((product) => product.id)).toEqual(['other-brand']);
    expect(typo.documentsRead).toBe(1);

    // The server answers the same pages.
    for (const query of ['brand=Lantern%20Bay&sort=price-desc', 'search=crakers&brand=Harborline', 'search=wafer&page=2', 'price=10-25&inStock=1&sort=newest']) {
      const browser = await view(query);
      const server = await serverPage(query);
      expect(server).toMatchObject({ total: browser.total, pageCount: browser.pageCount });
      expect(server!.products.map((product) => product.id)).toEqual(browser.rows.map((product) => product.id));
    }
    const response = await fetch(searchPageUrl('?search=wafer', shopUrl));
    expect(response.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60');
    expect((await fetch(searchPageUrl('?search=wafer', shopUrl), { method: 'POST' })).status).toBe(405);
    expect(await serverPage(`page=-4&sort=random&price=free&category=Weapons&search=${'wafer '.repeat(40)}`)).not.toBeNull();
  });

  it("gives the first page of the landing page and of a category as Firestore's query would", async () => {
    const shop = { searchPage: (url: string) => fetchSearchPage(`${shopUrl}${url}`) };
    for (const query of ['', 'category=Snacks']) {
      const params = readCatalogParams(new URLSearchParams(query));
      const fromIndex = await firstPageFromIndex(params, shop);
      const fromFirestore = await fetchCatalogPage(publicDb, params);
      expect(fromIndex?.page.rows.map((product) => product.id)).toEqual(fromFirestore.rows.map((product) => product.id));
      expect(fromIndex?.page).toMatchObject({ next: fromFirestore.next, previous: null, documentsRead: 0 });
    }
    expect(await firstPageFromIndex(readCatalogParams(new URLSearchParams('sort=price-asc')), shop)).toBeNull();
  });
});
