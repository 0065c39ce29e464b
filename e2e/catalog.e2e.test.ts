/**
 * Catalog journeys of a guest buyer on the seeded demo catalog: header search by word and SKU,
 * category filter and pagination across reload and back, quick add from the grid, and the
 * screenshots of home and search results.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seedProducts } from '../scripts/catalog/products';
import { horizontalOverflow, openPage, screenshot, viewports, useBrowser } from './browser';

const browser = useBrowser();

const cards = (page: Page) => page.locator('article.product-card');
const categories = (page: Page) => page.getByRole('navigation', { name: 'Categories' });

/** Waits for the results of the current URL (the pages nav or an empty state), then reads a field of every card. */
async function shown(page: Page, field: '.product-name' | '.product-sku'): Promise<string[]> {
  await page.locator('.pagination-page, article.product-card, .empty-state').first().waitFor();
  await page.locator('[aria-busy="true"]').waitFor({ state: 'detached' });
  return cards(page).locator(field).allTextContents();
}

/** Waits until the pages nav says `Page n`, so the page read for the URL is on screen. */
async function onPage(page: Page, pageNumber: number): Promise<string[]> {
  await page.locator('.pagination-page', { hasText: `Page ${pageNumber}` }).waitFor();
  return shown(page, '.product-name');
}

async function headerSearch(page: Page, text: string): Promise<void> {
  const box = page.getByPlaceholder('Search for products...');
  await box.fill(text);
  await box.press('Enter');
  await page.waitForURL((url) => url.searchParams.get('search') === text.trim());
  await page.getByRole('heading', { level: 1, name: `Results for “${text.trim()}”` }).waitFor();
}

describe('home page', () => {
  it('shows a page of products with the header search, categories and sorting', async () => {
    const { page, context, consoleErrors } = await openPage(browser());
    await page.goto('/');
    expect(await page.getByPlaceholder('Search for products...').isVisible()).toBe(true);
    const names = await onPage(page, 1);
    expect(names).toHaveLength(24);
    expect([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(names);
    expect(await categories(page).getByRole('link').count()).toBe(11);
    expect(await page.getByLabel('Sort by').inputValue()).toBe('name');
    await screenshot(page, 'home-1280');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('fits a phone screen', async () => {
    const { page, context } = await openPage(browser(), viewports.phone);
    await page.goto('/');
    await onPage(page, 1);
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'home-390');
    await context.close();
  });
});

describe('header search', () => {
  it('finds products by a word, whatever its case, and echoes the query', async () => {
    const { page, context } = await openPage(browser());
    await page.goto('/');
    await headerSearch(page, '  SPARKLING ');
    expect(page.url()).toContain('/?search=SPARKLING');
    const expected = seedProducts.filter((product) => product.active && /sparkling/i.test(product.name)).map((product) => product.name);
    expect((await shown(page, '.product-name')).sort()).toEqual(expected.sort());
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Results for “SPARKLING”');
    await context.close();
  });

  it('finds products by a SKU prefix', async () => {
    const { page, context } = await openPage(browser());
    await page.goto('/');
    await headerSearch(page, 'bev-10');
    const skus = await shown(page, '.product-sku');
    const expected = seedProducts.filter((product) => product.active && product.sku.startsWith('BEV-10')).map((product) => product.sku);
    expect(skus.sort()).toEqual(expected.sort());
    await context.close();
  });

  it('shows search results on desktop and phone', async () => {
    for (const [label, viewport] of [['1280', viewports.desktop], ['390', viewports.phone]] as const) {
      const { page, context } = await openPage(browser(), viewport);
      await page.goto('/?search=water');
      expect((await shown(page, '.product-name')).length).toBeGreaterThan(3);
      await screenshot(page, `search-${label}`);
      await context.close();
    }
  });

  it('says so when nothing matches, echoing the query', async () => {
    const { page, context } = await openPage(browser());
    await page.goto('/');
    await headerSearch(page, 'unicorn saddle');
    await page.getByText('No products match “unicorn saddle”').waitFor();
    expect(await cards(page).count()).toBe(0);
    await screenshot(page, 'search-empty-1280');
    await page.getByRole('link', { name: 'Clear search' }).first().click();
    await page.waitForURL((url) => url.search === '');
    // The box follows the URL once the navigation has rendered.
    await page.waitForFunction(() => document.querySelector<HTMLInputElement>('#header-search')?.value === '');
    await page.getByText('No products match').waitFor({ state: 'detached' });
    await context.close();
  });
});

describe('category filter and pagination', () => {
  it('keep their place across reload and the back button', async () => {
    const { page, context } = await openPage(browser());
    await page.goto('/');
    const firstPage = await onPage(page, 1);

    await categories(page).getByRole('link', { name: 'Cleaning', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('category') === 'Cleaning');
    await expect.poll(() => shown(page, '.product-sku')).toSatisfy((skus: string[]) => skus.length > 0 && skus.every((sku) => sku.startsWith('CLN-')));
    const cleaning = await shown(page, '.product-sku');
    await page.reload();
    expect(await shown(page, '.product-sku')).toEqual(cleaning);
    expect(await categories(page).getByRole('link', { name: 'Cleaning', exact: true }).getAttribute('aria-current')).toBe('page');

    await categories(page).getByRole('link', { name: 'All products', exact: true }).click();
    expect(await onPage(page, 1)).toEqual(firstPage);
    await page.getByRole('link', { name: 'Next', exact: true }).click();
    const secondPage = await onPage(page, 2);
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    expect(secondPage).toHaveLength(24);
    expect(secondPage.some((name) => firstPage.includes(name))).toBe(false);
    expect(secondPage[0]! >= firstPage.at(-1)!).toBe(true);

    await page.reload();
    expect(await onPage(page, 2)).toEqual(secondPage);
    await page.getByRole('link', { name: 'Next', exact: true }).click();
    const thirdPage = await onPage(page, 3);
    expect(thirdPage.some((name) => secondPage.includes(name))).toBe(false);

    await page.goBack();
    expect(await onPage(page, 2)).toEqual(secondPage);
    await page.goBack();
    expect(await onPage(page, 1)).toEqual(firstPage);
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('category') === 'Cleaning');
    expect(await shown(page, '.product-sku')).toEqual(cleaning);

    await page.goForward();
    await page.goForward();
    await page.getByRole('link', { name: 'Previous', exact: true }).click();
    expect(await onPage(page, 1)).toEqual(firstPage);
    await context.close();
  });

  it('sorts by price, and keeps the sort with a category', async () => {
    const { page, context } = await openPage(browser());
    await page.goto('/?category=Snacks');
    await shown(page, '.product-name');
    await page.getByLabel('Sort by').selectOption('price-desc');
    await page.waitForURL((url) => url.searchParams.get('sort') === 'price-desc' && url.searchParams.get('category') === 'Snacks');
    await expect
      .poll(async () => {
        const prices = await cards(page).locator('.price strong').allTextContents();
        return prices.map((price) => Number(price.replace(/[$,]/g, '')));
      })
      .toSatisfy((prices: number[]) => prices.length > 1 && prices.every((price, index) => index === 0 || price <= prices[index - 1]!));
    await page.reload();
    expect(await page.getByLabel('Sort by').inputValue()).toBe('price-desc');
    await context.close();
  });
});

describe('quick add from the grid', () => {
  it('adds the smallest valid quantity with a toast, and cannot add an out-of-stock product', async () => {
    const { page, context } = await openPage(browser());
    await page.goto('/?search=oat%20milk');
    await shown(page, '.product-name');
    await page.getByRole('button', { name: 'Add Oat Milk, Barista Edition to cart' }).click();
    await page.getByText('Added 6 × Oat Milk, Barista Edition to your cart.').waitFor();
    expect(await page.getByTestId('cart-badge').textContent()).toBe('6');

    await page.goto('/?search=coconut');
    await shown(page, '.product-name');
    expect(await page.getByRole('button', { name: 'Add Coconut Water to cart' }).isDisabled()).toBe(true);
    await context.close();
  });
});
