/**
 * The measurements of `npm run bench`, run inside `firebase emulators:exec` against the shop as
 * built for the emulators: seeds the catalog size bench/run.ts passes (5,000 products by default),
 * builds its search index once, then measures the figures of that size (bench/scale.ts), then measures bundle sizes, Lighthouse (mobile),
 * Firestore reads per view (counted in the web data layer, web/src/lib/readCounter.ts),
 * callable latency under concurrent calls and of the actions people wait on (bench/actions.ts), and
 * the speed of a 5,000-row product CSV import. Writes bench/results.json and bench/results.md, adds the
 * run to bench/history/ and puts the tables, beside the previous run's figures, in README.md.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import type { Locator, Page as PlaywrightPage } from '@playwright/test';
import puppeteer, { type Page as PuppeteerPage } from 'puppeteer-core';
import { cartItemFor, PRODUCT_IMPORT_BATCH, SEARCH_INDEX_BROWSER_LIMIT, smallestValidQuantity, type CartItem } from '../domain/src/index';
import { buyer, login } from '../e2e/accounts';
import { chromiumArgs, chromiumPath, launchBrowser, openPage, viewports, waitForShopCode } from '../e2e/browser';
import { sampleGuestCart, storeGuestCart } from '../e2e/guestCart';
import { adminClient } from '../emulator-tests/adminFixtures';
import { adminDb, switchOffTriggers, switchOnTriggers, webClient, type TestClient } from '../emulator-tests/harness';
import { importAs, newProductsCsv } from '../emulator-tests/productCsvRows';
import { percentile, runOrderLoad, timedCalls, type OrderLoadOptions, type TimedCalls } from '../emulator-tests/orderLoad';
import { bulkProducts } from '../scripts/catalog/bulkProducts';
import { seedProducts } from '../scripts/catalog/products';
import { functionsUrl, ROOT } from '../scripts/emulators';
import { seed } from '../scripts/seed';
import { BUDGETS, routeBudgetKb } from './budgets';
import { startCompressingProxy } from './compressingProxy';
import { http2ShopUrl, startHttp2Front, trustFrontArgs } from './http2Front';
import { bundleReport, HOME_PATH, kb } from './bundle';
import { SEARCH_PAGE_PATH } from '../web/src/config/paths';
import { readProductCsv, sendImportBatches } from '../web/src/features/admin/productImport';
import { latestRun, publishHistory, recordRun } from './history';
import { DEFAULT_PRODUCTS, parseCatalogSize } from './catalogSize';
import { adminProductListMs, importJobRowsPerSecond, indexUpdateAfterEdit, measured, searchP95Ms, type Measured } from './scale';
import { comparisonSummary } from './markdown';
import { measureSearchIndex } from '../scripts/catalog/searchIndexSize';
import { measureActions } from './actions';
import type { BenchResults, ImportResult, LighthouseResult, ReadsResult, LatencyResult, ScaleResult, SearchResult } from './results';

const PRODUCTS = parseCatalogSize(process.env.BENCH_PRODUCTS ?? String(DEFAULT_PRODUCTS));
const SEARCH_WORD = 'coffee';
const PRODUCT_ID = 'bev-1001';
/** `BENCH_LIGHTHOUSE_ONLY=1 npm run bench` measures reads and Lighthouse only, prints them and records nothing (a quick look at a change). */
const LIGHTHOUSE_ONLY = process.env.BENCH_LIGHTHOUSE_ONLY === '1';
/** With it, `BENCH_LIGHTHOUSE_PAGES=cart,home` measures those pages only (the first word of their names). */
const LIGHTHOUSE_PAGES = LIGHTHOUSE_ONLY ? process.env.BENCH_LIGHTHOUSE_PAGES?.split(',').map((page) => page.trim().toLowerCase()) : undefined;
/** A Lighthouse page's short name: the first word of its name, lower case ("cart" for "Cart (2 lines)"). */
const pageKey = (name: string) => name.split(' ')[0]!.toLowerCase();
/** `BENCH_ACTIONS_ONLY=1 npm run bench` times the actions people wait on (bench/actions.ts) only, prints them and records nothing. */
const ACTIONS_ONLY = process.env.BENCH_ACTIONS_ONLY === '1';
const LIGHTHOUSE_RUNS = 5;
const MERGE_CLIENTS = 20;
const MERGE_ROUNDS = 5;
const ORDER_BUYERS_ONE_PRODUCT = 20;
const ORDER_BUYERS_EACH_PRODUCT = 100;
const IMPORT_ROWS = 5_000;
/** A misspelt word and an exact SKU, for the search function's answer times. */
const TYPO_SEARCH = 'chocolte';
const SKU_SEARCH = 'BEV-1001';

/** A saved cart waiting on the server from an earlier visit; mergeCart adds the guest cart's other line. */
const serverCart: CartItem[] = [
  { ...sampleGuestCart[0]!, quantity: 1 },
  { id: 'bev-1005', price: 699, quantity: 12, name: 'Spring Water', sku: 'BEV-1005', imageUrl: '/images/products/bev-1005.svg', unit: 'case of 24 x 16.9 oz bottles', minOrderQty: 4, packSize: 1 },
];

function elapsed(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(0)} s`;
}

// ---------------------------------------------------------------- Firestore reads per view

/**
 * The view has its content and its code: a heading, the shop's code started (a server-rendered page
 * shows its heading before), and no spinner, skeleton or busy part, such as the cart's prices (a
 * signed-in page's cart listener keeps the network busy).
 */
async function settle(page: PlaywrightPage): Promise<void> {
  await page.locator('main h1').first().waitFor();
  await waitForShopCode(page);
  await page.waitForFunction(() => !document.querySelector('main .spinner, main .skeleton, main [aria-busy="true"]'));
}

async function readsSoFar(page: PlaywrightPage): Promise<number> {
  const total = await page.evaluate(() => (window as { __harborReads?: { total: number } }).__harborReads?.total);
  if (typeof total !== 'number') throw new Error('window.__harborReads is missing: the bench needs the emulator build of the shop.');
  return total;
}

/**
 * The reads of the view once no more come: a signed-in view reads the buyer's company after its
 * profile, which may land after the page has settled (counted too early, the figure went 3 or 4).
 */
async function settledReads(page: PlaywrightPage): Promise<number> {
  let reads = await readsSoFar(page);
  const deadline = performance.now() + 10_000;
  for (let quiet = 0; quiet < 4 && performance.now() < deadline; ) {
    await page.waitForTimeout(250);
    const now = await readsSoFar(page);
    quiet = now === reads ? quiet + 1 : 0;
    reads = now;
  }
  return reads;
}

async function measureReads(): Promise<ReadsResult[]> {
  const browser = await launchBrowser();
  const results: ReadsResult[] = [];
  const view = async (name: string, path: string, prepare?: (page: PlaywrightPage) => Promise<void>) => {
    const { page, context } = await openPage(browser, viewports.phone);
    await prepare?.(page);
    await page.goto(path);
    await settle(page);
    results.push({ view: name, path, reads: await settledReads(page) });
    await context.close();
  };
  try {
    await view('Home, first page', HOME_PATH);
    await view(`Search "${SEARCH_WORD}"`, `/?search=${SEARCH_WORD}`);
    await view('Product page', `/product/${PRODUCT_ID}`);
    await view('Cart, guest with 2 lines', '/cart', (page) => storeGuestCart(page));
    // Today's prices for a cart are read 30 products per request: one request for 20 lines.
    const twentyLines = seedProducts.slice(0, 20).map((product) => cartItemFor({ ...product, active: true }, smallestValidQuantity(product)));
    await view('Cart, guest with 20 lines', '/cart', (page) => storeGuestCart(page, twentyLines));
    await view('Cart, signed in (profile and saved cart)', '/cart', async (page) => {
      await login(page, buyer);
    });

    // Going back to the catalog is served from the request cache.
    const { page, context } = await openPage(browser, viewports.phone);
    await page.goto(HOME_PATH);
    await page.locator('.product-card').first().waitFor();
    await page.locator('.product-card a').first().click();
    await settle(page);
    const beforeBack = await readsSoFar(page);
    await page.goBack();
    await page.locator('.product-card').first().waitFor();
    await page.waitForLoadState('networkidle');
    results.push({ view: 'Home again, by back navigation', path: HOME_PATH, reads: (await readsSoFar(page)) - beforeBack });
    await context.close();
  } finally {
    await browser.close();
  }
  return results;
}

// ---------------------------------------------------------------- Lighthouse

// Lighthouse loads the shop over HTTPS and HTTP/2, as Firebase Hosting serves it (bench/http2Front.ts).
const lighthouseArgs = [...chromiumArgs.filter((arg) => arg !== '--headless'), ...trustFrontArgs];

async function lighthouseRun(url: string, prepare?: (page: PuppeteerPage) => Promise<void>) {
  const browser = await puppeteer.launch({ executablePath: chromiumPath, args: lighthouseArgs, headless: true });
  try {
    const page = await browser.newPage();
    await prepare?.(page);
    const result = await lighthouse(
      url,
      // Default (mobile) settings; storage is kept only when a run prepared some.
      { output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices'], disableStorageReset: Boolean(prepare) },
      undefined,
      page,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}.`);
    return result.lhr;
  } finally {
    await browser.close();
  }
}

async function measureLighthouse(): Promise<{ pages: LighthouseResult[]; version: string; browser: string; settings: string }> {
  const pages: { name: string; path: string; prepare?: (page: PuppeteerPage) => Promise<void> }[] = [
    { name: 'Home', path: HOME_PATH },
    { name: 'Search', path: `/?search=${SEARCH_WORD}` },
    { name: 'Product', path: `/product/${PRODUCT_ID}` },
    {
      name: 'Cart (2 lines)',
      path: '/cart',
      // Only the favicon is fetched first, so the shop's own files still load cold; Lighthouse
      // then starts from a blank page, as for the other pages.
      prepare: async (page) => {
        await page.goto(`${http2ShopUrl}/favicon.svg`);
        await page.evaluate((items: string) => localStorage.setItem('cart', items), JSON.stringify(sampleGuestCart));
        await page.goto('about:blank');
      },
    },
  ];
  const results: LighthouseResult[] = [];
  let version = '';
  let browser = '';
  let settings = '';
  for (const { name, path, prepare } of pages.filter((page) => !LIGHTHOUSE_PAGES || LIGHTHOUSE_PAGES.includes(pageKey(page.name)))) {
    const runs = [];
    let failedRuns = 0;
    // One run first, not counted: the emulators start a function's worker on its first request
    // (production's CDN and warm instances answer those), and that start-up took the CPU from the
    // page of the first measured run.
    await lighthouseRun(`${http2ShopUrl}${path}`, prepare);
    while (runs.length < LIGHTHOUSE_RUNS) {
      const lhr = await lighthouseRun(`${http2ShopUrl}${path}`, prepare);
      // A run Lighthouse could not finish (a timeout on a busy machine) scores nothing: run again.
      if (lhr.runtimeError || typeof lhr.categories.performance?.score !== 'number') {
        failedRuns += 1;
        console.warn(`  Lighthouse could not measure ${path}: ${lhr.runtimeError?.message ?? 'no performance score'}`);
        if (failedRuns > LIGHTHOUSE_RUNS) throw new Error(`Lighthouse failed ${failedRuns} times on ${path}.`);
        continue;
      }
      runs.push(lhr);
    }
    // The run with the median performance score stands for the page, as Lighthouse recommends.
    runs.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
    const median = runs[Math.floor(runs.length / 2)]!;
    // The full report of that run, for a closer look (bench/out is not committed).
    mkdirSync(join(ROOT, 'bench/out'), { recursive: true });
    writeFileSync(join(ROOT, `bench/out/lighthouse-${pageKey(name)}.json`), JSON.stringify(median));
    const score = (id: string) => Math.round((median.categories[id]?.score ?? 0) * 100);
    const metric = (id: string) => median.audits[id]?.numericValue ?? Number.NaN;
    const requests = (median.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
    results.push({
      page: name,
      path,
      performance: score('performance'),
      performanceRuns: runs.map((lhr) => Math.round((lhr.categories.performance?.score ?? 0) * 100)),
      failedRuns,
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      lcpMs: Math.round(metric('largest-contentful-paint')),
      tbtMs: Math.round(metric('total-blocking-time')),
      cls: Math.round(metric('cumulative-layout-shift') * 1000) / 1000,
      scriptTransferKb: kb(requests.filter((request) => request.resourceType === 'Script').reduce((sum, request) => sum + (request.transferSize ?? 0), 0)),
      failedAudits: Object.values(median.audits)
        .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'notApplicable')
        .map((audit) => audit.id),
    });
    version = median.lighthouseVersion;
    browser = median.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0] ?? median.environment.hostUserAgent;
    const { formFactor, throttling, throttlingMethod } = median.configSettings;
    settings = `${formFactor}, ${throttlingMethod} throttling (${throttling.rttMs} ms RTT, ${Math.round(throttling.throughputKbps ?? 0)} kbps, CPU x${throttling.cpuSlowdownMultiplier}); the shop over HTTPS and HTTP/2, its files in the smallest encoding accepted (Brotli) and Firestore's responses gzip-compressed, as in production`;
  }
  return { pages: results, version, browser, settings };
}

// ---------------------------------------------------------------- callable latency

const loadNow = () => Math.round(loadavg()[0]! * 10) / 10;

function latencyRow(callable: string, load: string, timed: TimedCalls, loadAverage: [number, number]): LatencyResult {
  return {
    callable,
    load,
    calls: timed.latenciesMs.length,
    failures: timed.failures.length,
    p50Ms: Math.round(percentile(timed.latenciesMs, 0.5)),
    p95Ms: Math.round(percentile(timed.latenciesMs, 0.95)),
    loadAverage,
  };
}

/** mergeCart from 20 clients at once, each merging the sample guest cart into its saved `serverCart`. */
async function measureMergeCart(): Promise<LatencyResult> {
  const clients = await Promise.all(Array.from({ length: MERGE_CLIENTS }, (_, index) => webClient(`bench-${index}-${Date.now()}@harbor.test`)));
  const fillCarts = () => Promise.all(clients.map((client) => adminDb.doc(`carts/${client.uid}`).set({ items: serverCart })));
  const merge = (client: TestClient) => client.call('mergeCart', { guestItems: sampleGuestCart });
  const timed: TimedCalls = { latenciesMs: [], failures: [] };
  const loadBefore = loadNow();
  try {
    // Warm-up round (not counted): the emulator starts a worker for each simultaneous call.
    await fillCarts();
    await Promise.all(clients.map(merge));
    for (let round = 1; round <= MERGE_ROUNDS; round++) {
      await fillCarts();
      await timedCalls(clients, merge, timed);
    }
  } finally {
    await Promise.all(clients.map((client) => client.close()));
  }
  return latencyRow('mergeCart', `${MERGE_CLIENTS} clients, each its own cart`, timed, [loadBefore, loadNow()]);
}

/** placeOrder from many buyers at once: all of one product (contention on its stock), or each of its own. */
async function measurePlaceOrder(load: string, options: OrderLoadOptions): Promise<LatencyResult> {
  const loadBefore = loadNow();
  const result = await runOrderLoad(options);
  if (result.unaccountedUnits !== 0 || result.lowestStock < 0) {
    throw new Error(`placeOrder under "${load}" lost track of stock: ${result.unaccountedUnits} units unaccounted for, lowest stock ${result.lowestStock}.`);
  }
  for (const failure of new Set(result.failures.map((failure) => `${failure.code}: ${failure.message}`))) console.warn(`  placeOrder failed (${load}): ${failure}`);
  return latencyRow('placeOrder', load, result, [loadBefore, loadNow()]);
}

/** Server-rendered pages timed one request at a time, after a warm-up: the renderPage function's own answer time. */
const RENDERED_PAGES = [HOME_PATH, `/?search=${SEARCH_WORD}`, `/product/${PRODUCT_ID}`];
const RENDER_WARM_UP = 5;
const RENDER_REQUESTS = 40;

async function measureRender(): Promise<LatencyResult> {
  const loadBefore = loadNow();
  const timed: TimedCalls = { latenciesMs: [], failures: [] };
  const render = async (path: string) => {
    const started = performance.now();
    const response = await fetch(`${functionsUrl}/renderPage${path}`, { headers: { 'Accept-Encoding': 'gzip' } });
    await response.arrayBuffer();
    if (response.status !== 200) timed.failures.push({ code: String(response.status), message: path });
    return performance.now() - started;
  };
  for (const path of RENDERED_PAGES) {
    for (let request = 0; request < RENDER_WARM_UP; request++) await render(path);
    for (let request = 0; request < RENDER_REQUESTS; request++) timed.latenciesMs.push(await render(path));
  }
  return latencyRow('renderPage', `one at a time: ${RENDERED_PAGES.join(', ')}`, timed, [loadBefore, loadNow()]);
}

async function measureLatency(): Promise<LatencyResult[]> {
  return [
    await measureRender(),
    ...(await measureActions()),
    await measureMergeCart(),
    await measurePlaceOrder(`${ORDER_BUYERS_ONE_PRODUCT} buyers of one product`, { buyers: ORDER_BUYERS_ONE_PRODUCT, sharedProduct: true, rounds: 5, productPrefix: 'bench-one' }),
    await measurePlaceOrder(`${ORDER_BUYERS_EACH_PRODUCT} buyers, each of its own product`, { buyers: ORDER_BUYERS_EACH_PRODUCT, sharedProduct: false, rounds: 2, productPrefix: 'bench-each' }),
  ];
}

// ---------------------------------------------------------------- product CSV import

/**
 * An admin imports a file of IMPORT_ROWS new products as the admin page does: every batch compared
 * first, then written. Fails when a batch fails or a product is missing afterwards.
 */
async function measureImport(): Promise<ImportResult> {
  const parsed = await readProductCsv(newProductsCsv(IMPORT_ROWS));
  if (parsed.problems.length > 0) throw new Error(`The import's file has problems: ${JSON.stringify(parsed.problems.slice(0, 3))}`);
  const products = adminDb.collection('products');
  const countBefore = (await products.count().get()).data().count;
  const admin = await adminClient();
  const loadBefore = loadNow();
  try {
    const timedPass = async (apply: boolean) => {
      const started = performance.now();
      const run = await sendImportBatches(parsed.products, apply, importAs(admin));
      return { run, rowsPerSecond: Math.round(IMPORT_ROWS / ((performance.now() - started) / 1000)) };
    };
    const compare = await timedPass(false);
    const newRows = compare.run.outcomes.filter((outcome) => outcome.outcome === 'new').length;
    if (newRows !== IMPORT_ROWS) throw new Error(`The import compared ${newRows} of its ${IMPORT_ROWS} rows as new.`);
    const apply = await timedPass(true);
    const added = (await products.count().get()).data().count - countBefore;
    if (apply.run.failures.length === 0 && added !== IMPORT_ROWS) throw new Error(`The import added ${added} products, not ${IMPORT_ROWS}.`);
    for (const failure of apply.run.failures) console.warn(`  Import batch of rows ${failure.rows[0]}-${failure.rows.at(-1)} failed: ${failure.message}`);
    return {
      rows: IMPORT_ROWS,
      batches: Math.ceil(IMPORT_ROWS / PRODUCT_IMPORT_BATCH),
      failedBatches: compare.run.failures.length + apply.run.failures.length,
      compareRowsPerSecond: compare.rowsPerSecond,
      applyRowsPerSecond: apply.rowsPerSecond,
      loadAverage: [loadBefore, loadNow()],
    };
  } finally {
    await admin.close();
  }
}

// ---------------------------------------------------------------- instant search

/** Waits until the search index of the seeded catalog is stored (the rebuild after the seed); returns its stored text. */
async function builtSearchIndex(): Promise<{ products: number; text: string }> {
  const deadline = performance.now() + 180_000;
  for (;;) {
    const state = (await adminDb.doc('searchIndex/state').get()).data();
    if (typeof state?.version === 'number' && typeof state.parts === 'number') {
      const parts = await adminDb.collection('searchIndexParts').where('version', '==', state.version).get();
      const text = parts.docs
        .sort((a, b) => (a.get('part') as number) - (b.get('part') as number))
        .map((part) => part.get('text') as string)
        .join('');
      return { products: state.products as number, text };
    }
    if (performance.now() > deadline) throw new Error('The search index was not built within three minutes of the seed.');
    await new Promise((done) => setTimeout(done, 500));
  }
}

/**
 * Types until a keystroke's suggestions come from the loaded index (the server's search page is
 * not asked), so that the next suggestion measures the index alone; that keystroke builds
 * MiniSearch, off the clock.
 */
async function untilIndexSuggests(box: Locator, options: Locator, serverAnswers: () => number): Promise<void> {
  const deadline = performance.now() + 30_000;
  for (;;) {
    const before = serverAnswers();
    // Emptied first, so the options that show are the new keystroke's.
    await box.fill('');
    await box.fill('chocolate');
    await options.first().waitFor();
    if (serverAnswers() === before) return;
    if (performance.now() > deadline) throw new Error('The header box still asks the server for suggestions: the index did not load within 30 s.');
  }
}

/** What the first-suggestion visits type, one word each, misspelt as in a hurry: each is new to the CDN. */
const FIRST_SUGGESTION_WORDS = ['chocolte', 'napkns', 'detergnt', 'sparklng', 'cofee'];

async function measureSearch(): Promise<SearchResult & { downloadBytes: number }> {
  const index = await builtSearchIndex();
  const browser = await launchBrowser();
  try {
    // Functions that have answered before, as in a shop with visitors (the emulator starts a
    // function's first worker on its first request, seconds on this machine).
    await Promise.all([fetch(`${functionsUrl}/searchPage?search=warm`), fetch(`${functionsUrl}/searchSuggestions?q=warm&limit=6`), fetch(`${functionsUrl}/searchIndexFile`)]);
    // Above the browser's limit every suggestion comes from the server: the next one as well.
    const browserSearches = index.products <= SEARCH_INDEX_BROWSER_LIMIT;
    const firstSuggestionRunsMs: number[] = [];
    const searchDownloadRunsBytes: number[] = [];
    let nextSuggestionMs = 0;
    for (const [visit, word] of FIRST_SUGGESTION_WORDS.entries()) {
      // A fresh visit through the CDN's front, as the page loads are measured: the shop's files
      // come as production's CDN serves them, not from the Hosting emulator's own server.
      const context = await browser.newContext({ viewport: viewports.desktop, baseURL: http2ShopUrl, ignoreHTTPSErrors: true });
      const page = await context.newPage();
      await page.goto(HOME_PATH);
      await page.locator('.product-card').first().waitFor();
      const box = page.getByRole('combobox', { name: 'Search products' });
      const options = page.getByRole('listbox', { name: 'Suggested products' }).getByRole('option');
      // The suggestions the server's search page is asked for (the catalog's own requests name no search here).
      let serverAnswers = 0;
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname === SEARCH_PAGE_PATH && url.searchParams.has('search')) serverAnswers += 1;
      });
      // What the browser downloads for search: the index file, suggestions and search pages.
      let searchBytes = 0;
      page.on('requestfinished', (request) => {
        if (!new URL(request.url()).pathname.startsWith('/search')) return;
        void request.sizes().then((sizes) => {
          searchBytes += sizes.responseBodySize + sizes.responseHeadersSize;
        });
      });
      // Focused first, as a tap does (which starts loading the index); the clock starts at the first
      // keystroke, typed as soon as the products show. Until the index has loaded, the server's
      // search page suggests.
      await box.focus();
      const firstStarted = performance.now();
      await box.pressSequentially(word);
      await options.first().waitFor();
      firstSuggestionRunsMs.push(Math.round(performance.now() - firstStarted));
      // The visit's downloads for search once the page is quiet (the index may still be loading).
      await page.waitForLoadState('networkidle');
      searchDownloadRunsBytes.push(searchBytes);
      if (visit === FIRST_SUGGESTION_WORDS.length - 1) {
        if (browserSearches) await untilIndexSuggests(box, options, () => serverAnswers);
        // One input event replaces the suggestions with towels, from the index (or the server's, above the limit).
        const serverAnswersBefore = serverAnswers;
        const nextStarted = performance.now();
        await box.fill('papr towl');
        await page.waitForFunction(() => document.querySelector('[role="listbox"] [role="option"]')?.textContent?.includes('Towel'));
        nextSuggestionMs = Math.round(performance.now() - nextStarted);
        if (browserSearches && serverAnswers !== serverAnswersBefore) throw new Error('The next suggestion came from the server, not from the loaded index.');
      }
      await context.close();
    }
    return {
      downloadBytes: percentile(searchDownloadRunsBytes, 0.5),
      products: index.products,
      indexKb: kb(Buffer.byteLength(index.text)),
      indexGzipKb: kb(gzipSync(index.text).length),
      index50kGzipKb: kb(measureSearchIndex(50_000).gzipBytes),
      firstSuggestionMs: percentile(firstSuggestionRunsMs, 0.5),
      firstSuggestionRunsMs,
      nextSuggestionMs,
    };
  } finally {
    await browser.close();
  }
}

// ---------------------------------------------------------------- run

const started = performance.now();
if (ACTIONS_ONLY) {
  console.log('The actions people wait on, one call at a time, with the triggers on as the shop runs…');
  for (const row of await measureActions()) {
    console.log(`  ${row.callable}, ${row.load}: p50 ${row.p50Ms} ms, slowest ${row.p95Ms} ms${row.failures ? `, ${row.failures} failed` : ''} (load average ${row.loadAverage.join(', ')})`);
  }
  process.exit(0);
}
const proxy = await startCompressingProxy();
const front = await startHttp2Front();
let step = performance.now();
console.log(`Seeding ${PRODUCTS.toLocaleString('en-US')} products and the demo accounts, then building the search index once…`);
// With the triggers on, the emulator runs the products trigger once per seeded product, one event
// at a time, for minutes: thousands of function runs beside the measurements, which production
// runs long before anyone visits. The bench builds the index once, as `npm run reindex-search`
// does, with the triggers off until the last figures.
await switchOffTriggers();
await seed(bulkProducts(PRODUCTS));
const seedSeconds = Math.round((performance.now() - step) / 1000);
console.log(`  seeded in ${seedSeconds} s`);
step = performance.now();
const indexBuild = await measured('The search index build', async () => {
  // The full rebuild `npm run reindex-search` runs.
  const { rebuildSearchIndex } = await import('../functions/src/searchIndex');
  await rebuildSearchIndex();
  return Math.round((performance.now() - step) / 1000);
});
console.log(`  search index built in ${elapsed(step)}`);

const bundle = bundleReport();

step = performance.now();
console.log('Instant search: the index of the seeded catalog, time to the first suggestion…');
const searchMeasured = await measured('Instant search', measureSearch);
const { downloadBytes: searchDownloadBytes = null, ...search } = searchMeasured.value ?? {};
if (searchMeasured.value) {
  const { value } = searchMeasured;
  console.log(`  ${value.products} products: ${value.indexGzipKb} KB gzip (${value.index50kGzipKb} KB at 50,000), first suggestion ${value.firstSuggestionMs} ms, next ${value.nextSuggestionMs} ms, ${value.downloadBytes} bytes downloaded for search; done in ${elapsed(step)}`);
}
step = performance.now();
console.log(`The search function, warm: "${TYPO_SEARCH}" and ${SKU_SEARCH}…`);
const typoSearch = await measured('The typo search', () => searchP95Ms(TYPO_SEARCH, 'Chocolate'));
const skuSearch = await measured('The SKU search', () => searchP95Ms(SKU_SEARCH, SKU_SEARCH));
console.log(`  p95 ${typoSearch.value ?? '-'} ms and ${skuSearch.value ?? '-'} ms; done in ${elapsed(step)}`);

step = performance.now();
console.log('Counting Firestore reads per view…');
const reads = await measureReads();
console.log(`  done in ${elapsed(step)}`);

step = performance.now();
console.log(`Lighthouse, ${LIGHTHOUSE_RUNS} runs per page…`);
// Other work on a shared machine slows the main thread and so TBT and the performance score.
const loadBefore = loadavg()[0]!;
const lighthouseResults = await measureLighthouse();
const loadAverage = Math.round(((loadBefore + loadavg()[0]!) / 2) * 10) / 10;
console.log(`  done in ${elapsed(step)}`);
if (LIGHTHOUSE_ONLY) {
  console.log(`Load average ${loadAverage} on ${cpus().length} cores; nothing recorded.`);
  for (const { view, reads: count } of reads) console.log(`  ${view}: ${count} documents read`);
  for (const page of lighthouseResults.pages) {
    console.log(`  ${page.path}: performance ${page.performance} (${page.performanceRuns.join(', ')}), LCP ${page.lcpMs} ms, TBT ${page.tbtMs} ms, CLS ${page.cls}, accessibility ${page.accessibility}, best practices ${page.bestPractices}, JS ${page.scriptTransferKb} KB`);
  }
  proxy.close();
  front.close();
  process.exit(0);
}

step = performance.now();
console.log('Function latency: renderPage, the actions people wait on, mergeCart, placeOrder on one product, placeOrder on 100 products…');
const latency = await measureLatency();
console.log(`  done in ${elapsed(step)}`);

step = performance.now();
console.log(`Product CSV import of ${IMPORT_ROWS.toLocaleString('en-US')} new products…`);
const productImport = await measureImport();
console.log(`  compared at ${productImport.compareRowsPerSecond} rows/s, imported at ${productImport.applyRowsPerSecond} rows/s; done in ${elapsed(step)}`);

step = performance.now();
console.log('The back office product list, first rows…');
const adminList = await measured('The back office product list', () => adminProductListMs(http2ShopUrl));
console.log(`  ${adminList.value ?? '-'} ms; done in ${elapsed(step)}`);

// Last: the triggers back on (the index update runs in one, and the import job's writes set them
// off as in production), so that the figures before are taken as always.
await switchOnTriggers();
step = performance.now();
console.log(`One product edit reaching the search index, then a background import job of ${IMPORT_ROWS.toLocaleString('en-US')} rows…`);
// The edit first: the emulator runs trigger events one after another, so behind the import's
// thousands of product events the edit's would wait its turn (production runs them side by side).
const indexUpdate = await measured('The index update after one edit', () => indexUpdateAfterEdit(PRODUCT_ID));
const importJob = await measured('The import job', () => importJobRowsPerSecond(IMPORT_ROWS));
console.log(`  import ${importJob.value ?? '-'} rows/s; edit found in ${indexUpdate.value?.ms ?? '-'} ms after ${indexUpdate.value?.reads ?? '-'} reads; done in ${elapsed(step)}`);

const reasons = (...figures: Measured<unknown>[]) => figures.flatMap((figure) => ('reason' in figure ? [figure.reason] : []));
const scale: ScaleResult = {
  seedSeconds,
  indexBuildSeconds: indexBuild.value,
  typoSearchP95Ms: typoSearch.value,
  skuSearchP95Ms: skuSearch.value,
  searchDownloadBytes,
  indexUpdateMs: indexUpdate.value?.ms ?? null,
  indexUpdateReads: indexUpdate.value?.reads ?? null,
  adminProductListMs: adminList.value,
  importJobRows: importJob.value === null ? null : IMPORT_ROWS,
  importJobRowsPerSecond: importJob.value,
  unavailable: reasons(indexBuild, searchMeasured, typoSearch, skuSearch, adminList, importJob, indexUpdate),
};

const results: BenchResults = {
  measuredAt: new Date().toISOString(),
  environment: {
    cpu: cpus()[0]?.model.trim() ?? 'unknown',
    cores: cpus().length,
    node: process.version,
    browser: lighthouseResults.browser,
    lighthouse: lighthouseResults.version,
    lighthouseSettings: lighthouseResults.settings,
    loadAverage,
    products: PRODUCTS,
  },
  bundle: {
    home: {
      jsKb: kb(bundle.home.jsGzipBytes),
      cssKb: kb(bundle.home.cssGzipBytes),
      budgetKb: BUDGETS.homeJsKb,
      files: bundle.home.assets.map((asset) => ({ file: asset.file, kb: kb(asset.gzipBytes) })),
    },
    routes: bundle.routes.map((route) => ({
      paths: route.paths,
      page: route.page,
      jsKb: kb(route.added.jsGzipBytes),
      cssKb: kb(route.added.cssGzipBytes),
      budgetKb: routeBudgetKb(route.paths),
    })),
  },
  lighthouse: lighthouseResults.pages,
  reads,
  latency,
  ...(searchMeasured.value ? { search: search as SearchResult } : {}),
  productImport,
  scale,
  durationSeconds: Math.round((performance.now() - started) / 1000),
};
const historyDir = join(ROOT, 'bench/history');
const previous = latestRun(historyDir, PRODUCTS);
recordRun(historyDir, results);
console.log(`\n${publishHistory(ROOT, historyDir)}`);
console.log(comparisonSummary(results, previous));
console.log('Recorded in bench/history/; README.md updated.');
proxy.close();
front.close();
process.exit(0);
