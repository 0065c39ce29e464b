/**
 * Catalog journeys of a guest buyer on the seeded demo catalog: header search by word and SKU,
 * category filter and pagination across reload and back, quick add from the grid, and the
 * screenshots of home and search results.
 */
import type { Page } from '@playwright/test';
import { seedProducts } from '../scripts/catalog/products';
import { waitForShopCode } from './browser';
import { expect, headerSearch, horizontalOverflow, screenshot, test } from './fixtures';

const cards = (page: Page) => page.locator('article.product-card');
const cardNames = (page: Page) => cards(page).locator('.product-name');
const cardSkus = (page: Page) => cards(page).locator('.product-sku');
const categories = (page: Page) => page.getByRole('navigation', { name: 'Categories' });
const pager = (page: Page) => page.getByRole('navigation', { name: 'Pages' }).locator('.pagination-page');
const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/** Waits until the catalog shows the products of page `pageNumber` (the pager and the cards render together), then reads their names. */
async function namesOnPage(page: Page, pageNumber: number): Promise<string[]> {
  await expect(pager(page)).toHaveText(`Page ${pageNumber}`);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(cardNames(page).first()).toBeVisible();
  return cardNames(page).allTextContents();
}

async function search(page: Page, text: string): Promise<void> {
  // The shop's code puts the query in the URL trimmed; a form sent before the code has started
  // goes as typed, spaces included (the server trims it when it reads it).
  await waitForShopCode(page);
  const box = headerSearch(page);
  await box.fill(text);
  await box.press('Enter');
  await expect(page).toHaveURL((url) => url.searchParams.get('search') === text.trim());
  await expect(heading(page)).toHaveText(`Results for “${text.trim()}”`);
}

/** Code-unit order, as the catalog sorts names. */
const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

test.describe('home page', () => {
  test('shows a page of products with the header search, categories and sorting', async ({ page, consoleErrors }) => {
    await page.goto('/');
    await expect(headerSearch(page)).toBeVisible();
    await expect(pager(page)).toHaveText('Page 1');
    await expect(cardNames(page)).toHaveCount(24);
    const names = await cardNames(page).allTextContents();
    await expect(cardNames(page)).toHaveText([...names].sort(byCodeUnit));
    await expect(categories(page).getByRole('link')).toHaveCount(11);
    await expect(page.getByLabel('Sort by')).toHaveValue('name');
    await screenshot(page, 'home');
    expect(consoleErrors).toEqual([]);
  });

  test('fits a phone screen', { tag: '@phone-only' }, async ({ page }) => {
    await page.goto('/');
    await namesOnPage(page, 1);
    await expect.poll(() => horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'home');
    // Narrower phones in use, down to the narrowest: the account links stay on screen beside the logo.
    for (const width of [375, 360, 320]) {
      await page.setViewportSize({ width, height: 640 });
      await expect.poll(() => horizontalOverflow(page)).toBe(0);
      await expect(page.getByRole('link', { name: 'Register' })).toBeInViewport({ ratio: 1 });
      await expect(page.getByRole('link', { name: /^Harbor Wholesale/ })).toBeInViewport();
    }
  });
});

test.describe('header search', () => {
  test('finds products by a word, whatever its case, and echoes the query', async ({ page }) => {
    await page.goto('/');
    await search(page, '  SPARKLING ');
    await expect(page).toHaveURL(/\/\?search=SPARKLING/);
    const expected = seedProducts.filter((product) => product.active && /sparkling/i.test(product.name)).map((product) => product.name);
    await expect.poll(async () => (await cardNames(page).allTextContents()).sort()).toEqual(expected.sort());
    await expect(heading(page)).toHaveText('Results for “SPARKLING”');
  });

  test('finds products by a SKU prefix', async ({ page }) => {
    await page.goto('/');
    await search(page, 'bev-10');
    const expected = seedProducts.filter((product) => product.active && product.sku.startsWith('BEV-10')).map((product) => product.sku);
    await expect.poll(async () => (await cardSkus(page).allTextContents()).sort()).toEqual(expected.sort());
  });

  test('shows search results', { tag: '@phone' }, async ({ page }) => {
    await page.goto('/?search=water');
    await expect(heading(page)).toHaveText('Results for “water”');
    await expect.poll(() => cardNames(page).count()).toBeGreaterThan(3);
    await screenshot(page, 'search');
  });

  test('says so when nothing matches, echoing the query', async ({ page }) => {
    await page.goto('/');
    await search(page, 'unicorn saddle');
    await expect(page.getByText('No products match “unicorn saddle”')).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
    await screenshot(page, 'search-empty');
    await page.getByRole('link', { name: 'Clear search' }).first().click();
    await expect(page).toHaveURL((url) => url.search === '');
    // The box follows the URL once the navigation has rendered.
    await expect(headerSearch(page)).toHaveValue('');
    await expect(page.getByText('No products match')).toHaveCount(0);
  });
});

test.describe('category filter and pagination', () => {
  test('keep their place across reload and the back button', { tag: '@phone' }, async ({ page }) => {
    await page.goto('/');
    const firstPage = await namesOnPage(page, 1);

    const cleaningLink = categories(page).getByRole('link', { name: 'Cleaning', exact: true });
    await cleaningLink.click();
    await expect(page).toHaveURL((url) => url.searchParams.get('category') === 'Cleaning');
    await expect(heading(page)).toHaveText('Cleaning');
    await expect
      .poll(async () => {
        const skus = await cardSkus(page).allTextContents();
        return { shown: skus.length > 0, otherCategories: skus.filter((sku) => !sku.startsWith('CLN-')) };
      })
      .toEqual({ shown: true, otherCategories: [] });
    const cleaning = await cardSkus(page).allTextContents();
    await page.reload();
    await expect(cardSkus(page)).toHaveText(cleaning);
    await expect(cleaningLink).toHaveAttribute('aria-current', 'page');

    await categories(page).getByRole('link', { name: 'All products', exact: true }).click();
    await expect(pager(page)).toHaveText('Page 1');
    await expect(cardNames(page)).toHaveText(firstPage);
    await page.getByRole('link', { name: 'Next', exact: true }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get('page') === '2');
    await expect(pager(page)).toHaveText('Page 2');
    await expect(cardNames(page)).toHaveCount(24);
    const secondPage = await namesOnPage(page, 2);
    expect(secondPage.filter((name) => firstPage.includes(name))).toEqual([]);
    expect(secondPage[0]! >= firstPage.at(-1)!).toBe(true);

    await page.reload();
    await expect(pager(page)).toHaveText('Page 2');
    await expect(cardNames(page)).toHaveText(secondPage);
    await page.getByRole('link', { name: 'Next', exact: true }).click();
    const thirdPage = await namesOnPage(page, 3);
    expect(thirdPage.filter((name) => secondPage.includes(name))).toEqual([]);

    await page.goBack();
    await expect(pager(page)).toHaveText('Page 2');
    await expect(cardNames(page)).toHaveText(secondPage);
    await page.goBack();
    await expect(pager(page)).toHaveText('Page 1');
    await expect(cardNames(page)).toHaveText(firstPage);
    await page.goBack();
    await expect(page).toHaveURL((url) => url.searchParams.get('category') === 'Cleaning');
    await expect(cardSkus(page)).toHaveText(cleaning);

    await page.goForward();
    await page.goForward();
    await expect(pager(page)).toHaveText('Page 2');
    await page.getByRole('link', { name: 'Previous', exact: true }).click();
    await expect(pager(page)).toHaveText('Page 1');
    await expect(cardNames(page)).toHaveText(firstPage);
  });

  test('sorts by price, and keeps the sort with a category', async ({ page }) => {
    await page.goto('/?category=Snacks');
    await expect(heading(page)).toHaveText('Snacks');
    await expect(cardNames(page).first()).toBeVisible();
    await page.getByLabel('Sort by').selectOption('price-desc');
    await expect(page).toHaveURL((url) => url.searchParams.get('sort') === 'price-desc' && url.searchParams.get('category') === 'Snacks');
    await expect
      .poll(async () => {
        const prices = (await cards(page).locator('.price strong').allTextContents()).map((price) => Number(price.replace(/[$,]/g, '')));
        return { several: prices.length > 1, risesAt: prices.findIndex((price, index) => index > 0 && price > prices[index - 1]!) };
      })
      .toEqual({ several: true, risesAt: -1 });
    await page.reload();
    await expect(page.getByLabel('Sort by')).toHaveValue('price-desc');
  });
});

test.describe('quick add from the grid', () => {
  test('adds the smallest valid quantity with a toast, and cannot add an out-of-stock product', { tag: '@phone' }, async ({ page }) => {
    await page.goto('/?search=oat%20milk');
    await expect(heading(page)).toHaveText('Results for “oat milk”');
    await page.getByRole('button', { name: 'Add Oat Milk, Barista Edition to cart' }).click();
    await expect(page.getByText('Added 6 × Oat Milk, Barista Edition to your cart.')).toBeVisible();
    await expect(page.getByTestId('cart-badge')).toHaveText('6');

    await page.goto('/?search=coconut');
    await expect(heading(page)).toHaveText('Results for “coconut”');
    await expect(page.getByRole('button', { name: 'Add Coconut Water to cart' })).toBeDisabled();
  });
});
