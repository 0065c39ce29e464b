/** Quick order on the cart page: pasted lines are added at once and each bad line is reported. */
import type { Locator } from '@playwright/test';
import { expect, horizontalOverflow, screenshot, test } from './fixtures';

test.describe('quick order', () => {
  test('adds the valid lines and reports the unknown SKU, invalid quantity and out-of-stock lines', async ({ page }) => {
    await page.goto('/cart');
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
    const quickOrder = page.getByRole('region', { name: 'Quick order' });
    const box = quickOrder.getByLabel('SKUs and quantities');
    const addButton = quickOrder.getByRole('button', { name: 'Add to cart' });
    const lineNames = page.locator('.cart-line-name');
    const cartBadge = page.getByTestId('cart-badge');
    await box.fill(['BEV-1001 10', 'NOPE-1 5', 'bev-1011, 10', '', 'BEV-1009 1', 'BEV-1005,8', 'BEV-1002 lots'].join('\n'));
    await addButton.click();

    await expect(page.getByRole('list', { name: 'Lines not added' }).getByRole('listitem')).toHaveText([
      'Line 2 NOPE-1 5: No product with SKU NOPE-1 is sold.',
      'Line 3 bev-1011, 10: Quantity must be a multiple of the pack size (6).',
      'Line 5 BEV-1009 1: Coconut Water is out of stock.',
      'Line 7 BEV-1002 lots: "lots" is not a quantity: write a whole number of at least 1.',
    ]);
    await expect(lineNames).toHaveText(['Sparkling Water, Lime', 'Spring Water']);
    await expect(cartBadge).toHaveText('18');
    // Only the lines to correct stay in the box.
    await expect(box).toHaveValue(['NOPE-1 5', 'bev-1011, 10', 'BEV-1009 1', 'BEV-1002 lots'].join('\n'));
    await screenshot(page, 'cart-quick-order');

    // Correcting a line adds it to the cart it already holds.
    await box.fill('BEV-1011 12');
    await addButton.click();
    await expect(lineNames.filter({ hasText: 'Oat Milk, Barista Edition' })).toBeVisible();
    await expect(cartBadge).toHaveText('30');
  });

  test('is offered on the empty cart on a phone', { tag: '@phone-only' }, async ({ page }) => {
    await page.goto('/cart');
    const quickOrder = page.getByRole('region', { name: 'Quick order' });
    await expect(quickOrder).toBeVisible();
    await expect.poll(() => horizontalOverflow(page)).toBe(0);
    await quickOrder.scrollIntoViewIfNeeded();
    await screenshot(page, 'cart-quick-order');
    // A line's total never covers its quantity or what the quantity field says about it.
    await quickOrder.getByLabel('SKUs and quantities').fill('BEV-1001 480');
    await quickOrder.getByRole('button', { name: 'Add to cart' }).click();
    const line = page.getByRole('list', { name: 'Cart items' }).getByRole('listitem');
    const total = line.locator('.cart-line-total');
    await expect(total).toHaveText(/^\$[\d,]+\.\d\d$/);
    const box = async (locator: Locator) => (await locator.boundingBox())!;
    const apart = async (a: Locator, b: Locator) => {
      const [first, second] = [await box(a), await box(b)];
      return first.x + first.width <= second.x || second.x + second.width <= first.x || first.y + first.height <= second.y || second.y + second.height <= first.y;
    };
    await line.getByRole('spinbutton').fill('99999');
    await expect(line.getByRole('alert')).toBeVisible();
    expect(await apart(total, line.getByRole('alert'))).toBe(true);
    await screenshot(page, 'cart-quantity-problem');
    await line.getByRole('spinbutton').fill('480');
    await expect(line.getByRole('alert')).toBeHidden();
    // On the narrowest phones a large total goes below the quantity.
    await page.setViewportSize({ width: 320, height: 640 });
    await expect.poll(() => horizontalOverflow(page)).toBe(0);
    expect(await apart(total, line.locator('.quantity-control'))).toBe(true);
    await screenshot(page, 'cart-narrow-phone');
  });
});
