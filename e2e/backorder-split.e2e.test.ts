/**
 * Ordering above the stock of a backorderable product: the product page, the cart and the checkout
 * say what ships now and what waits on backorder before the buyer confirms, the checkout offers
 * "Ship complete", and the order keeps the split it was shown and waits whole when asked to.
 */
import type { Route } from '@playwright/test';
import { FieldValue } from 'firebase-admin/firestore';
import { login } from './accounts';
import { adminDb, newBuyer } from './adminAccounts';
import { expect, scrollToSection, screenshot, test } from './fixtures';

const SPLIT = '12 ship now, 18 on backorder, expected Dec 9';

test.describe('backorders before confirming', () => {
  test('a buyer ordering 30 with 12 on the shelf sees the split on the product page, in the cart and at checkout', { tag: '@phone' }, async ({ page, consoleErrors }) => {
    // A product of this run alone (the two projects each order it), named to sort after the seed
    // catalog's first pages, and removed afterwards.
    const productId = `e2e-backorder-${Date.now()}`;
    const name = 'Woven Produce Baskets';
    await adminDb.doc(`products/${productId}`).set({
      name,
      sku: `WPB-${Date.now() % 1_000_000}`,
      brand: 'Fairlead',
      description: 'Sturdy woven baskets for market stalls.',
      category: 'Packaging',
      price: 1149,
      currency: 'USD',
      unit: 'bundle of 10',
      packSize: 1,
      minOrderQty: 1,
      stock: 12,
      backorderable: true,
      restockDate: '2026-12-09',
      backordered: 0,
      active: true,
      tiers: [],
      imageUrl: '/images/products/pkg-1008.svg',
      imagePath: '',
      searchTokens: [],
      createdAt: FieldValue.serverTimestamp(),
    });
    try {
      const buyer = await newBuyer('Bo Backorder');
      await login(page, buyer, `/product/${productId}`);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      await expect(page.locator('.product-detail-info .stock')).toHaveText('Low stock: 12 left, more on backorder');
      await page.getByLabel('Quantity', { exact: true }).fill('30');
      await expect(page.getByRole('status').filter({ hasText: SPLIT })).toBeVisible();
      await page.getByRole('form', { name: `Order ${name}` }).scrollIntoViewIfNeeded();
      await screenshot(page, 'backorder-product');
      // The buyer leaves the page while the cart's save is on its way (held here, never answered):
      // nothing is lost, the page that loads next saves the change.
      let heldSave: Route | undefined;
      await page.route('**/documents:commit*', (route) => (heldSave ? route.fallback() : void (heldSave = route)));
      await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
      await expect(page.getByText(`Added 30 × ${name} to your cart.`)).toBeVisible();
      await expect.poll(() => heldSave).toBeDefined();

      await page.goto('/cart');
      const line = page.locator('.cart-line', { hasText: name });
      await expect(line.getByText(SPLIT)).toBeVisible();
      await screenshot(page, 'backorder-cart', { hideToasts: true });
      await page.getByRole('button', { name: 'Proceed to checkout' }).click();

      await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
      const summarySplit = page.getByRole('complementary', { name: 'Order summary' }).getByText(SPLIT);
      await expect(summarySplit).toBeVisible();
      await summarySplit.scrollIntoViewIfNeeded();
      await screenshot(page, 'backorder-checkout');
      // The buyer asks for one delivery: the 12 on the shelf wait for the rest.
      const shipComplete = page.getByRole('checkbox', { name: /Ship complete/ });
      await expect(shipComplete).not.toBeChecked();
      await shipComplete.check();
      await expect(page.getByText(/^Ships complete: the units on the shelf wait/)).toBeVisible();
      await scrollToSection(page.getByRole('region', { name: 'Backordered items' }));
      await screenshot(page, 'backorder-ship-complete');
      const placeOrder = page.getByRole('button', { name: /^Place order/ });
      await expect(placeOrder).toBeEnabled();
      await placeOrder.click();
      await expect(page).toHaveURL(/\/order-confirmation\/HW-[0-9A-Z]{10}$/);

      const orderId = new URL(page.url()).pathname.split('/').pop()!;
      const order = (await adminDb.doc(`orders/${orderId}`).get()).data()!;
      expect(order).toMatchObject({ shipComplete: true, readyToShip: false });
      expect(order.items).toEqual([expect.objectContaining({ productId, quantity: 30, allocated: 12, backordered: 18, shipped: 0, cancelled: 0 })]);
      expect((await adminDb.doc(`products/${productId}`).get()).data()).toMatchObject({ stock: 0, backordered: 18 });
      expect(consoleErrors).toEqual([]);
    } finally {
      await adminDb.doc(`products/${productId}`).delete();
    }
  });
});
