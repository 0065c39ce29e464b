/**
 * Read budget: a view of the catalog reads at most one page plus one document, however large the
 * catalog. Runs the web app's own RTK Query endpoints against 5,000 seeded products and counts
 * reads in the data layer (web/src/lib/firestoreReads.ts, as in an emulator build of the shop).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureStore } from '@reduxjs/toolkit';
import { api } from '../web/src/lib/api';
import { firestoreReads, resetFirestoreReads } from '../web/src/lib/firestoreReads';
import { catalogApi } from '../web/src/features/catalog/api';
import { readCatalogParams } from '../web/src/features/catalog/catalogParams';
import { CATALOG_PAGE_SIZE } from '@harbor/domain';
import { bulkProducts } from '../scripts/catalog/bulkProducts';
import { writeProducts } from '../scripts/seed';
import { adminDb, clearFirestore, switchOffTriggers } from './harness';

const CATALOG_SIZE = 5_000;

/** Each view the shop renders from a catalog query, as its URL query string. */
const views = [
  { name: 'home', query: '' },
  { name: 'search', query: 'search=coffee' },
  { name: 'category', query: 'category=Beverages&sort=price-asc' },
];

/** A store holding just the data layer, as the shop's store does. */
function makeStore() {
  return configureStore({ reducer: { [api.reducerPath]: api.reducer }, middleware: (getDefault) => getDefault().concat(api.middleware) });
}

type AppStore = ReturnType<typeof makeStore>;

async function load(store: AppStore, query: string): Promise<unknown[] | undefined> {
  const result = await store.dispatch(catalogApi.endpoints.getCatalogPage.initiate(readCatalogParams(new URLSearchParams(query))));
  return result.data?.rows;
}

beforeAll(async () => {
  await switchOffTriggers();
  await clearFirestore();
  const started = Date.now();
  await writeProducts(adminDb, bulkProducts(CATALOG_SIZE));
  console.log(`Seeded ${CATALOG_SIZE} products in ${Math.round((Date.now() - started) / 1000)} s.`);
}, 420_000);
afterAll(clearFirestore, 120_000);

describe(`catalog reads with ${CATALOG_SIZE.toLocaleString('en-US')} products`, () => {
  it.each(views)('a $name view reads at most the page size plus one documents', async ({ query }) => {
    resetFirestoreReads();
    const products = await load(makeStore(), query);
    expect(products).toHaveLength(CATALOG_PAGE_SIZE);
    expect(firestoreReads().total).toBeGreaterThanOrEqual(CATALOG_PAGE_SIZE);
    expect(firestoreReads().total).toBeLessThanOrEqual(CATALOG_PAGE_SIZE + 1);
  });

  it('serves a view again from the request cache without reading', async () => {
    const store = makeStore();
    await load(store, '');
    resetFirestoreReads();
    await load(store, '');
    expect(firestoreReads().total).toBe(0);
  });
});
