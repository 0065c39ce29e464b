/**
 * Buying at wholesale speed: the list view worked with the keyboard only, and the header's instant
 * search forgiving a typo (answered from the embedded search index the products trigger builds).
 */
import { smallestValidQuantity } from '@harbor/domain';
import { seedProducts } from '../scripts/catalog/products';
import { expect, headerSearch, test } from './fixtures';

/** The catalog's first page in its default order (name, code-unit order), active products only. */
const firstProducts = seedProducts.filter((product) => product.active).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

test.describe('list view', () => {
  test('adds three products with the keyboard only, and is remembered on the next visit', async ({ page, consoleErrors }) => {
    await page.goto('/');
    const listToggle = page.getByRole('button', { name: 'List' });
    await listToggle.focus();
    await page.keyboard.press('Enter');
    await expect(listToggle).toHaveAttribute('aria-pressed', 'true');

    const [first, second, third] = firstProducts;
    const firstQuantity = page.getByLabel(`Quantity of ${first!.name}`);
    await firstQuantity.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByLabel(`Quantity of ${second!.name}`)).toBeFocused();
    await page.keyboard.press('Enter');
    const thirdQuantity = page.getByLabel(`Quantity of ${third!.name}`);
    await expect(thirdQuantity).toBeFocused();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(String(smallestValidQuantity(third!) * 2));
    await page.keyboard.press('Enter');

    const total = smallestValidQuantity(first!) + smallestValidQuantity(second!) + smallestValidQuantity(third!) * 2;
    await expect(page.getByRole('link', { name: `Cart, ${total} items` })).toBeVisible();
    await expect(page.locator('main p[aria-live="polite"]', { hasText: `Added ${smallestValidQuantity(third!) * 2} × ${third!.name} to your cart.` })).toBeAttached();

    await page.reload();
    await expect(page.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByLabel(`Quantity of ${first!.name}`)).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });
});

test.describe('instant search', () => {
  test('"chocolte" in the header suggests chocolate products, and Enter opens the highlighted one', async ({ page, consoleErrors }) => {
    await page.goto('/cart');
    const box = headerSearch(page);
    await box.fill('chocolte');
    const suggestions = page.getByRole('listbox', { name: 'Suggested products' });
    await expect(suggestions.getByRole('option', { name: /Dark Chocolate Bar, 70% Cacao/ })).toBeVisible();
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    const first = suggestions.getByRole('option').first();
    await expect(first).toContainText('Chocolate');
    const name = (await first.locator('.search-suggestion-name').innerText()).split('\n')[0]!;
    await box.press('ArrowDown');
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await box.press('Enter');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    expect(consoleErrors).toEqual([]);
  });

  test('an exact SKU is the first suggestion', async ({ page }) => {
    await page.goto('/');
    await headerSearch(page).fill('PAP-1002');
    await expect(page.getByRole('option').first()).toContainText('Multifold Paper Towels, White');
  });
});
