/**
 * The product page: volume tiers, a quantity box that refuses invalid quantities, adding at the
 * tier price, and not-found for unknown or inactive ids.
 */
import { describe, expect, it } from 'vitest';
import { seedProducts } from '../scripts/catalog/products';
import { horizontalOverflow, openPage, screenshot, viewports, useBrowser } from './browser';

const browser = useBrowser();

// Oat Milk, Barista Edition: sold in packs of 6, minimum 6, $3.49; $3.29 from 36, $3.09 from 72.
const OAT_MILK = '/product/bev-1011';

describe('product page', () => {
  it('refuses an invalid quantity and adds a valid one at the tier price', async () => {
    const { page, context, consoleErrors } = await openPage(browser());
    await page.goto(OAT_MILK);
    await page.getByRole('heading', { level: 1, name: 'Oat Milk, Barista Edition' }).waitFor();
    expect(await page.title()).toBe('Oat Milk, Barista Edition (BEV-1011) | Harbor Wholesale');
    const quantity = page.getByLabel('Quantity', { exact: true });
    const addButton = page.getByRole('button', { name: 'Add to cart', exact: true });
    expect(await quantity.inputValue()).toBe('6');
    expect(await page.locator('.price-now').textContent()).toBe('$3.49');

    await quantity.fill('10');
    await page.getByText('Quantity must be a multiple of the pack size (6).').waitFor();
    expect(await quantity.getAttribute('aria-invalid')).toBe('true');
    expect(await addButton.isDisabled()).toBe(true);
    await quantity.press('Enter');
    expect(await page.getByTestId('cart-badge').count()).toBe(0);

    await quantity.fill('3');
    await page.getByText('The minimum order quantity is 6.').waitFor();
    expect(await addButton.isDisabled()).toBe(true);

    await quantity.fill('36');
    await page.getByText('36 × $3.29 = $118.44').waitFor();
    expect(await page.locator('.tier-table tr[aria-current="true"] td').first().textContent()).toContain('36–71');
    await screenshot(page, 'product-1280');
    await addButton.click();
    await page.getByText('Added 36 × Oat Milk, Barista Edition to your cart.').waitFor();
    expect(await page.getByTestId('cart-badge').textContent()).toBe('36');

    // The steppers move by whole packs: 36 -> 42 -> 36.
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    expect(await quantity.inputValue()).toBe('42');
    await page.getByRole('button', { name: 'Decrease quantity' }).click();
    expect(await quantity.inputValue()).toBe('36');

    await page.getByTestId('cart-badge').click();
    await page.waitForURL('**/cart');
    const line = page.locator('.cart-line', { hasText: 'Oat Milk, Barista Edition' });
    await line.waitFor();
    expect(await line.textContent()).toContain('$3.29 each');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('fits a phone screen', async () => {
    const { page, context } = await openPage(browser(), viewports.phone);
    await page.goto(OAT_MILK);
    await page.getByRole('heading', { level: 1, name: 'Oat Milk, Barista Edition' }).waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'product-390');
    await page.locator('.buy-box').scrollIntoViewIfNeeded();
    await screenshot(page, 'product-390-buy-box');
    await context.close();
  });

  it('shows not found for an unknown id and for an inactive product', async () => {
    const inactive = seedProducts.find((product) => !product.active)!;
    const { page, context } = await openPage(browser());
    for (const id of ['no-such-product', inactive.id]) {
      await page.goto(`/product/${id}`);
      await page.getByRole('heading', { level: 1, name: 'Product not found' }).waitFor();
      expect(await page.getByRole('link', { name: 'Browse the catalog' }).isVisible(), id).toBe(true);
    }
    await context.close();
  });
});
