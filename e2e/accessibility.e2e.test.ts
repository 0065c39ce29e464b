import type { Page } from '@playwright/test';
import { admin, buyer, login } from './accounts';
import { seriousA11yViolations } from './axe';
import { expect, test } from './fixtures';
import { storeGuestCart } from './guestCart';

/**
 * Opens a route and waits until its page is shown: its heading, and no spinner or skeleton left.
 * (Not the network going idle: a signed-in page keeps its cart's Firestore listener open.)
 */
async function show(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('main h1').first()).toBeVisible();
  await expect(page.locator('main .spinner, main .skeleton')).toHaveCount(0);
}

/** Fails with the page's name and its serious or critical violations unless axe-core finds none. */
async function expectNoSeriousViolations(page: Page, name: string): Promise<void> {
  await expect.poll(async () => ({ page: name, violations: await seriousA11yViolations(page) })).toEqual({ page: name, violations: [] });
}

test.describe('accessibility: axe-core finds no serious or critical violation', () => {
  test('on every public route', { tag: '@phone' }, async ({ page }) => {
    for (const path of ['/', '/?search=coffee', '/login', '/register', '/product/bev-1001', '/cart', '/no/such/page']) {
      await show(page, path);
      await expectNoSeriousViolations(page, path);
    }
    await storeGuestCart(page);
    await show(page, '/cart');
    await expect(page.getByRole('list', { name: 'Cart items' })).toBeVisible();
    await expectNoSeriousViolations(page, '/cart (with items)');
  });

  test("on a shopper's routes", async ({ page }) => {
    await login(page, buyer);
    for (const path of ['/profile', '/checkout', '/order-confirmation/no-such-order']) {
      await show(page, path);
      await expectNoSeriousViolations(page, path);
    }
    // The open user menu, too.
    await page.getByText(`Hi, ${buyer.name}`).click();
    await expect(page.getByRole('link', { name: 'My Profile' })).toBeVisible();
    await expectNoSeriousViolations(page, 'user menu');
  });

  test("on an administrator's routes", async ({ page }) => {
    await login(page, admin);
    for (const path of ['/admin/dashboard', '/admin/products', '/admin/products/new', '/admin/products/edit/bev-1001', '/admin/orders', '/admin/customers', '/admin/customers/seaside-cafe']) {
      await show(page, path);
      await expectNoSeriousViolations(page, path);
    }
  });
});
