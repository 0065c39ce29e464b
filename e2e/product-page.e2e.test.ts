/**
 * The product page: volume tiers, a quantity box that refuses invalid quantities, adding at the
 * tier price, and not-found for unknown or inactive ids.
 */
import { seedProducts } from '../scripts/catalog/products';
import { expect, horizontalOverflow, screenshot, test } from './fixtures';

// Oat Milk, Barista Edition: sold in packs of 6, minimum 6, $3.49; $3.29 from 36, $3.09 from 72.
const OAT_MILK = '/product/bev-1011';

test.describe('product page', () => {
  test('refuses an invalid quantity and adds a valid one at the tier price', { tag: '@phone' }, async ({ page, consoleErrors }) => {
    await page.goto(OAT_MILK);
    await expect(page.getByRole('heading', { level: 1, name: 'Oat Milk, Barista Edition' })).toBeVisible();
    await expect(page).toHaveTitle('Oat Milk, Barista Edition (BEV-1011) | Harbor Wholesale');
    const quantity = page.getByLabel('Quantity', { exact: true });
    const addButton = page.getByRole('button', { name: 'Add to cart', exact: true });
    const cartBadge = page.getByTestId('cart-badge');
    await expect(quantity).toHaveValue('6');
    await expect(page.locator('.price-now')).toHaveText('$3.49');
    await quantity.fill('10');
    await expect(page.getByText('Quantity must be a multiple of the pack size (6).')).toBeVisible();
    await expect(quantity).toHaveAttribute('aria-invalid', 'true');
    await expect(addButton).toBeDisabled();
    await quantity.press('Enter');
    await expect(cartBadge).toHaveCount(0);

    await quantity.fill('3');
    await expect(page.getByText('The minimum order quantity is 6.')).toBeVisible();
    await expect(addButton).toBeDisabled();

    await quantity.fill('36');
    await expect(page.getByText('36 × $3.29 = $118.44')).toBeVisible();
    await expect(page.locator('.tier-table tr[aria-current="true"] td').first()).toContainText('36–71');
    await screenshot(page, 'product-tier-price');
    await addButton.click();
    await expect(page.getByText('Added 36 × Oat Milk, Barista Edition to your cart.')).toBeVisible();
    await expect(cartBadge).toHaveText('36');

    // The steppers move by whole packs: 36 -> 42 -> 36.
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await expect(quantity).toHaveValue('42');
    await page.getByRole('button', { name: 'Decrease quantity' }).click();
    await expect(quantity).toHaveValue('36');

    await cartBadge.click();
    await expect(page).toHaveURL(/\/cart$/);
    const line = page.locator('.cart-line', { hasText: 'Oat Milk, Barista Edition' });
    await expect(line).toBeVisible();
    await expect(line).toContainText('$3.29 each');
    expect(consoleErrors).toEqual([]);
  });

  test('fits a phone screen', { tag: '@phone-only' }, async ({ page }) => {
    await page.goto(OAT_MILK);
    await expect(page.getByRole('heading', { level: 1, name: 'Oat Milk, Barista Edition' })).toBeVisible();
    await expect.poll(() => horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'product');
    await page.getByRole('form', { name: 'Order Oat Milk, Barista Edition' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'product-buy-box');
  });

  test('shows not found for an unknown id and for an inactive product', async ({ page }) => {
    const inactive = seedProducts.find((product) => !product.active)!;
    for (const id of ['no-such-product', inactive.id]) {
      await page.goto(`/product/${id}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Product not found' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Browse the catalog' }), id).toBeVisible();
    }
  });
});
