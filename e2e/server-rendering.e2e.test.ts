import { readdirSync, readFileSync } from 'node:fs';
import { formatMoney } from '@harbor/domain';
import type { Page } from '@playwright/test';
import { shopUrl, waitForShopCode } from './browser';
import { expect, headerSearch, test } from './fixtures';

/** The public pages the server renders, with what each shows first. */
const PUBLIC_PAGES = [
  { path: '/', heading: 'Wholesale catalog' },
  { path: '/?search=coffee', heading: 'Results for “coffee”' },
  { path: '/product/bev-1001', heading: 'Sparkling Water, Lime' },
  { path: '/no/such/page', heading: 'Page not found' },
];

test.describe('public pages rendered on the server', () => {
  test('hydrate with React, with no hydration error in the console, on every public page', async ({ page, consoleErrors }) => {
    for (const { path, heading } of PUBLIC_PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      // React's root marks its container once it hydrates it.
      await waitForShopCode(page);
      await page.waitForLoadState('networkidle');
    }
    // The not-found page answers 404, which the browser reports as a failed load; nothing else.
    expect(consoleErrors.filter((error) => !error.includes('404'))).toEqual([]);
  });

  test('ship React alone: no chunk of the build holds Preact', () => {
    const assets = new URL('../web/dist/assets/', import.meta.url);
    const scripts = readdirSync(assets).filter((file) => file.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(10);
    expect(scripts.filter((file) => /preact/i.test(readFileSync(new URL(file, assets), 'utf8')))).toEqual([]);
  });

  test('show the catalog, a search and a product with their prices without JavaScript, and navigate by links and the search form', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: shopUrl, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/?category=Beverages');
    await expect(page.getByRole('heading', { level: 1, name: 'Beverages' })).toBeVisible();
    const card = page.locator('article.product-card', { hasText: 'Sparkling Water, Lime' });
    await expect(card).toContainText(formatMoney(1899));
    // The header's search form is a plain GET form.
    await page.getByRole('combobox', { name: 'Search products' }).fill('coffee');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/\?search=coffee$/);
    await expect(page.locator('article.product-card', { hasText: 'Cold Brew Coffee Concentrate' })).toBeVisible();
    // A card's link opens the product, rendered with its price.
    await page.goto('/?category=Beverages');
    await card.getByRole('link', { name: /Sparkling Water, Lime/ }).click();
    await expect(page).toHaveURL(/\/product\/bev-1001$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sparkling Water, Lime' })).toBeVisible();
    await expect(page.getByText(formatMoney(1899)).first()).toBeVisible();
    await context.close();
  });

  test('answer a tap on the list toggle, a sort chosen and text typed into the search box before the page\'s code arrived', async ({ page, consoleErrors }) => {
    const releaseEntry = await openWithEntryHeld(page, '/');
    const listToggle = page.getByRole('button', { name: 'List' });
    await listToggle.click();
    await page.getByLabel('Sort by').selectOption('price-desc');
    await headerSearch(page).fill('PAP-1002');
    await expect(listToggle).toHaveAttribute('aria-pressed', 'false');
    releaseEntry();
    await expect(listToggle).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveURL((url) => url.searchParams.get('sort') === 'price-desc');
    await expect(page.getByRole('option').first()).toContainText('Multifold Paper Towels, White');
    expect(consoleErrors).toEqual([]);
  });

  test('keep the latest of a quantity typed before the page\'s code arrived and changed again while it started', async ({ page, consoleErrors }) => {
    // The page's announcement that it has hydrated is held back, as on a slow phone: the visitor
    // changes the quantity again meanwhile, which React answers itself.
    await page.addInitScript(() => {
      const state = { held: true, seen: false };
      window.addEventListener('harbor:page-hydrated', (event) => state.held && ((state.seen = true), event.stopImmediatePropagation()), true);
      Object.assign(window, { pageHydratedState: state, announcePageHydrated: () => ((state.held = false), document.dispatchEvent(new Event('harbor:page-hydrated'))) });
    });
    // Sparkling Water, Lime: $18.99 a case, $17.99 from 10 cases.
    const releaseEntry = await openWithEntryHeld(page, '/product/bev-1001');
    const quantity = page.getByLabel('Quantity', { exact: true });
    await quantity.fill('3');
    releaseEntry();
    await page.waitForFunction(() => (window as unknown as { pageHydratedState: { seen: boolean } }).pageHydratedState.seen);
    await quantity.fill('36');
    await page.evaluate(() => (window as unknown as { announcePageHydrated: () => void }).announcePageHydrated());
    await expect(page.locator('.line-total')).toHaveText(`36 × ${formatMoney(1799)} = ${formatMoney(36 * 1799)} (you save ${formatMoney(36 * 100)})`);
    await expect(quantity).toHaveValue('36');
    expect(consoleErrors).toEqual([]);
  });

  test('keep a quantity typed on a product page before its code arrived, and price it once the code has', async ({ page, consoleErrors }) => {
    // Sparkling Water, Lime: $18.99 a case, $17.99 from 10 cases.
    const releaseEntry = await openWithEntryHeld(page, '/product/bev-1001');
    const quantity = page.getByLabel('Quantity', { exact: true });
    await quantity.fill('36');
    releaseEntry();
    await expect(page.locator('.line-total')).toHaveText(`36 × ${formatMoney(1799)} = ${formatMoney(36 * 1799)} (you save ${formatMoney(36 * 100)})`);
    await expect(quantity).toHaveValue('36');
    expect(consoleErrors).toEqual([]);
  });
});

/**
 * Opens `path` with the shop's entry held back, as on a slow phone, once the boot script is
 * running; returns what lets the entry arrive.
 */
async function openWithEntryHeld(page: Page, path: string): Promise<() => void> {
  const boot = JSON.parse(readFileSync(new URL('../web/dist/boot.json', import.meta.url), 'utf8')) as { file: string };
  const releaseEntry = await holdBack(page, /\/assets\/index-[\w-]+\.js$/);
  const bootLoaded = page.waitForResponse((response) => response.url().endsWith(boot.file));
  await page.goto(path);
  await bootLoaded;
  // The boot script is running once it preloads the page's modules (it listens before that).
  await page.locator('link[rel="modulepreload"]').first().waitFor({ state: 'attached' });
  return releaseEntry;
}

/** Holds back the files whose addresses match `pattern`; returns what lets them arrive. */
async function holdBack(page: Page, pattern: RegExp): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
