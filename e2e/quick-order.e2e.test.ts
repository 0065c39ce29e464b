/** Quick order on the cart page: pasted lines are added at once and each bad line is reported. */
import { describe, expect, it } from 'vitest';
import { horizontalOverflow, openPage, screenshot, viewports, useBrowser } from './browser';

const browser = useBrowser();

describe('quick order', () => {
  it('adds the valid lines and reports the unknown SKU, invalid quantity and out-of-stock lines', async () => {
    const { page, context } = await openPage(browser());
    await page.goto('/cart');
    await page.getByRole('heading', { name: 'Your cart is empty' }).waitFor();
    const quickOrder = page.getByRole('region', { name: 'Quick order' });
    const box = quickOrder.getByLabel('SKUs and quantities');
    await box.fill(['BEV-1001 10', 'NOPE-1 5', 'bev-1011, 10', '', 'BEV-1009 1', 'BEV-1005,8', 'BEV-1002 lots'].join('\n'));
    await quickOrder.getByRole('button', { name: 'Add to cart' }).click();

    const problems = page.getByRole('list', { name: 'Lines not added' }).getByRole('listitem');
    await problems.first().waitFor();
    expect(await problems.allTextContents()).toEqual([
      'Line 2 NOPE-1 5: No product with SKU NOPE-1 is sold.',
      'Line 3 bev-1011, 10: Quantity must be a multiple of the pack size (6).',
      'Line 5 BEV-1009 1: Coconut Water is out of stock.',
      'Line 7 BEV-1002 lots: "lots" is not a quantity: write a whole number of at least 1.',
    ]);
    expect(await page.locator('.cart-line-name').allTextContents()).toEqual(['Sparkling Water, Lime', 'Spring Water']);
    expect(await page.getByTestId('cart-badge').textContent()).toBe('18');
    // Only the lines to correct stay in the box.
    expect(await page.getByRole('region', { name: 'Quick order' }).getByLabel('SKUs and quantities').inputValue()).toBe(
      ['NOPE-1 5', 'bev-1011, 10', 'BEV-1009 1', 'BEV-1002 lots'].join('\n'),
    );
    await screenshot(page, 'cart-quick-order-1280');

    // Correcting a line adds it to the cart it already holds.
    await page.getByRole('region', { name: 'Quick order' }).getByLabel('SKUs and quantities').fill('BEV-1011 12');
    await page.getByRole('region', { name: 'Quick order' }).getByRole('button', { name: 'Add to cart' }).click();
    await page.locator('.cart-line-name', { hasText: 'Oat Milk, Barista Edition' }).waitFor();
    expect(await page.getByTestId('cart-badge').textContent()).toBe('30');
    await context.close();
  });

  it('is offered on the empty cart on a phone', async () => {
    const { page, context } = await openPage(browser(), viewports.phone);
    await page.goto('/cart');
    await page.getByRole('region', { name: 'Quick order' }).waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
    await page.getByRole('region', { name: 'Quick order' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'cart-quick-order-390');
    await context.close();
  });
});
