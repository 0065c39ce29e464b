/**
 * The figures `npm run bench` takes at each catalog size beside today's (bench/results.ts,
 * ScaleResult): the search function's answer to a typo and to a SKU, what the browser downloads for
 * search, one product edit reaching the index, the back office's product list and the background
 * import job. A figure whose feature is not in the shop answers null with the reason, so that the
 * run goes on and records the rest.
 */
import { admin as adminAccount, login } from '../e2e/accounts';
import { launchBrowser, viewports } from '../e2e/browser';
import { adminClient } from '../emulator-tests/adminFixtures';
import { adminDb, type TestClient } from '../emulator-tests/harness';
import { percentile } from '../emulator-tests/orderLoad';
import { newProductsCsv } from '../emulator-tests/productCsvRows';
import { readProductCsv, startImportJob } from '../web/src/features/admin/productImport';
import { productFromData, productInputOf } from '../domain/src/index';
import { functionsUrl } from '../scripts/emulators';

/** Calls per search figure, after as many to warm the function's instance. */
const SEARCH_CALLS = 30;
const EDIT_FOUND_WITHIN_MS = 60_000;
const IMPORT_DONE_WITHIN_MS = 1_800_000;

/** A figure, or null and why it could not be measured. */
export type Measured<T> = { value: T } | { value: null; reason: string };

/** `measure`'s figure, or null with its error's message when the shop could not give it. */
export async function measured<T>(what: string, measure: () => Promise<T>): Promise<Measured<T>> {
  try {
    return { value: await measure() };
  } catch (error) {
    const reason = `${what} not available: ${error instanceof Error ? error.message : String(error)}`;
    console.warn(`  ${reason}`);
    return { value: null, reason };
  }
}

const searchPageUrl = (text: string) => `${functionsUrl}/searchPage?search=${encodeURIComponent(text)}`;

/**
 * p95 of searchPage straight from the function, warm, one call at a time; fails when the answer
 * does not name `expected` (the search must still find it at this size).
 */
export async function searchP95Ms(text: string, expected: string): Promise<number> {
  const call = async () => {
    const started = performance.now();
    const response = await fetch(searchPageUrl(text));
    const body = await response.text();
    if (!response.ok) throw new Error(`searchPage answered ${response.status} to "${text}".`);
    if (!body.includes(expected)) throw new Error(`searchPage did not find ${expected} for "${text}".`);
    return performance.now() - started;
  };
  for (let warm = 0; warm < SEARCH_CALLS; warm++) await call();
  const times: number[] = [];
  for (let run = 0; run < SEARCH_CALLS; run++) times.push(await call());
  return Math.round(percentile(times, 0.95));
}

/**
 * An admin renames one product through saveProduct; the time until searchPage finds the new name,
 * and the documents the index update read (searchIndexChanges/{productId}.updateReads).
 */
export async function indexUpdateAfterEdit(productId: string): Promise<{ ms: number; reads: number }> {
  const stored = await adminDb.doc(`products/${productId}`).get();
  if (!stored.exists) throw new Error(`there is no product ${productId} to edit.`);
  const product = productFromData(productId, stored.data()!);
  const name = `Quillfeather Edition ${Date.now()}`;
  const admin = await adminClient();
  try {
    const started = performance.now();
    await admin.call('saveProduct', { ...productInputOf(product), name });
    for (;;) {
      const body = await (await fetch(searchPageUrl('Quillfeather'))).text();
      if (body.includes(name)) break;
      if (performance.now() - started > EDIT_FOUND_WITHIN_MS) throw new Error(`the renamed product was not found by search within ${EDIT_FOUND_WITHIN_MS / 1000} s.`);
      await new Promise((done) => setTimeout(done, 100));
    }
    const ms = Math.round(performance.now() - started);
    const reads = (await adminDb.doc(`searchIndexChanges/${productId}`).get()).get('updateReads') as unknown;
    if (typeof reads !== 'number') throw new Error('searchIndexChanges/{productId} carries no updateReads.');
    return { ms, reads };
  } finally {
    await admin.close();
  }
}

/** Milliseconds from navigating to the back office's product list, signed in as an admin, to its first rows. */
export async function adminProductListMs(shopUrl: string): Promise<number> {
  const browser = await launchBrowser();
  try {
    // Signed in on the origin measured (the CDN's front, HTTPS with the bench's own certificate).
    const context = await browser.newContext({ viewport: viewports.desktop, baseURL: shopUrl, ignoreHTTPSErrors: true });
    const page = await context.newPage();
    await login(page, adminAccount);
    // Once before, off the clock: the page's code is then cached as for an admin at work.
    await page.goto(`${shopUrl}/admin/products`);
    await page.locator('.admin-table tbody tr').first().waitFor();
    await page.goto(`${shopUrl}/`);
    const started = performance.now();
    await page.goto(`${shopUrl}/admin/products`);
    await page.locator('.admin-table tbody tr').first().waitFor({ timeout: 30_000 });
    return Math.round(performance.now() - started);
  } finally {
    await browser.close();
  }
}

interface ImportJob {
  status?: string;
  startedAt?: { toMillis(): number };
  finishedAt?: { toMillis(): number };
  doneRows?: number;
  error?: string;
}

/** An import job of `rows` new products through the back office's callables, as its page starts one; its rows per second from its start to its end. */
export async function importJobRowsPerSecond(rows: number): Promise<number> {
  const parsed = await readProductCsv(newProductsCsv(rows).replaceAll('BLK-', 'JOB-'));
  if (parsed.problems.length > 0) throw new Error(`the import's file has problems: ${JSON.stringify(parsed.problems.slice(0, 3))}`);
  const admin: TestClient = await adminClient();
  try {
    const jobId = await startImportJob('bench.csv', parsed, {
      start: (input) => admin.call<{ jobId: string }>('startProductImport', input),
      upload: (input) => admin.call('uploadProductImportChunk', input),
      run: (input) => admin.call('runProductImport', input),
    });
    const waitedFrom = performance.now();
    for (;;) {
      const job = (await adminDb.doc(`productImports/${jobId}`).get()).data() as ImportJob | undefined;
      if (job?.status === 'failed') throw new Error(`the import job failed: ${job.error ?? 'no error given'}`);
      if (job?.status === 'done' && job.startedAt && job.finishedAt) {
        if (job.doneRows !== undefined && job.doneRows !== rows) throw new Error(`the import job did ${job.doneRows} of its ${rows} rows.`);
        return Math.round(rows / Math.max(0.001, (job.finishedAt.toMillis() - job.startedAt.toMillis()) / 1000));
      }
      if (performance.now() - waitedFrom > IMPORT_DONE_WITHIN_MS) throw new Error(`the import job was not done within ${IMPORT_DONE_WITHIN_MS / 60_000} minutes (status ${job?.status ?? 'none'}).`);
      await new Promise((done) => setTimeout(done, 500));
    }
  } finally {
    await admin.close();
  }
}
