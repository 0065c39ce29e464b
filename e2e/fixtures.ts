/**
 * What every journey imports instead of '@playwright/test': the same `test` and `expect`, a
 * `consoleErrors` fixture (the page's console errors so far), and helpers for screenshots and
 * layout checks.
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { test as base, expect, type BrowserContext, type Locator, type Page, type Request } from '@playwright/test';

export { expect };

export const test = base.extend<{ consoleErrors: string[]; recordQueries: void }>({
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await use(errors);
  },
  // Every journey records the structured queries its pages send to Firestore, for the index check
  // (scripts/indexes/queryShapes.ts).
  recordQueries: [
    async ({ context }, use) => {
      recordQueriesOf(context);
      await use();
    },
    { auto: true },
  ],
});

/** Records the Firestore queries a browser context's pages send (the test's own context does so by itself; another one a journey opens, through this). */
export function recordQueriesOf(context: BrowserContext): void {
  const folder = process.env.HARBOR_QUERY_LOG;
  if (folder) context.on('request', (request) => recordFirestoreQueries(request, join(folder, `journeys-${process.pid}.jsonl`)));
}

/**
 * Appends the structured queries of a request to the query log: the REST runQuery and
 * runAggregationQuery bodies, and the Listen targets the SDK sends over its WebChannel (form
 * fields `reqN___data__` holding JSON).
 */
const recordedQueries = new Set<string>();

function recordFirestoreQueries(request: Request, file: string): void {
  const url = request.url();
  const body = request.postData();
  if (!body) return;
  const queries: unknown[] = [];
  if (/:run(Aggregation)?Query$/.test(new URL(url).pathname)) {
    const json = JSON.parse(body) as { structuredQuery?: unknown; structuredAggregationQuery?: { structuredQuery?: unknown } };
    queries.push(json.structuredQuery ?? json.structuredAggregationQuery?.structuredQuery);
  } else if (url.includes('/google.firestore.v1.Firestore/Listen/channel')) {
    for (const [key, value] of new URLSearchParams(body)) {
      if (/^req\d+___data__$/.test(key)) queries.push((JSON.parse(value) as { addTarget?: { query?: { structuredQuery?: unknown } } }).addTarget?.query?.structuredQuery);
    }
  }
  const lines = queries.filter(Boolean).map((query) => JSON.stringify(query)).filter((line) => !recordedQueries.has(line));
  for (const line of lines) recordedQueries.add(line);
  if (lines.length > 0) appendFileSync(file, lines.map((line) => `${line}\n`).join(''));
}

const screenshotDir = new URL('./screenshots/', import.meta.url).pathname;

/** Saves what the viewport shows as e2e/screenshots/<name>-<viewport width>.png (e.g. home-1280.png, home-390.png). */
export async function screenshot(page: Page, name: string, { hideToasts = false } = {}): Promise<void> {
  // They are for a person looking through the pages; a CI run keeps none, and each cost a capture
  // and a PNG encoding of the page.
  if (process.env.CI) return;
  mkdirSync(screenshotDir, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  // hideToasts: the page rather than a notification over its header, without waiting seconds for it to close.
  const style = hideToasts ? '[data-sonner-toaster] { display: none !important; }' : undefined;
  await page.screenshot({ path: `${screenshotDir}${name}-${width}.png`, fullPage: false, style });
}

/** The header's search box. */
export function headerSearch(page: Page): Locator {
  return page.getByRole('banner').getByRole('combobox', { name: 'Search products' });
}

/** Waits until every toast has closed, so a screenshot shows the page rather than a notification over the header. */
export async function waitForToastsToClose(page: Page): Promise<void> {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
}

/** Scrolls a section further down the page to just below the sticky header, for its screenshot. */
export async function scrollToSection(section: Locator): Promise<void> {
  await section.evaluate((element) => {
    const headerHeight = document.querySelector('.site-header')?.getBoundingClientRect().height ?? 0;
    window.scrollTo(0, window.scrollY + element.getBoundingClientRect().top - headerHeight - 16);
  });
}

/** How many pixels the page is wider than the viewport (0 when nothing scrolls sideways); poll it with expect.poll. */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}
