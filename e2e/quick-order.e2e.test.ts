/** Quick order on the cart page: pasted lines are added at once and each bad line is reported. */
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
    // On the narrowest phones a line's large total takes a row of its own, beside nothing.
    await quickOrder.getByLabel('SKUs and quantities').fill('BEV-1001 480');
    await quickOrder.getByRole('button', { name: 'Add to cart' }).click();
    await page.setViewportSize({ width: 320, height: 640 });
    const line = page.getByRole('list', { name: 'Cart items' }).getByRole('listitem');
    await expect(line.locator('.cart-line-total')).toHaveText(/^\$[\d,]+\.\d\d$/);
    await expect.poll(() => horizontalOverflow(page)).toBe(0);
    const [quantity, total] = [await line.getByRole('spinbutton').boundingBox(), await line.locator('.cart-line-total').boundingBox()];
    expect(total!.y).toBeGreaterThanOrEqual(quantity!.y + quantity!.height);
    await screenshot(page, 'cart-narrow-phone');
  });
});
