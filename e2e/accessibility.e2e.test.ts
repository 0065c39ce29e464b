import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { admin, buyer, login } from './accounts';
import { seriousA11yViolations } from './axe';
import { openPage, useBrowser, viewports } from './browser';
import { storeGuestCart } from './guestCart';

const browser = useBrowser();

/** Opens a route and waits until its page (not a spinner) is shown. */
async function show(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('main h1').first().waitFor();
  await page.waitForLoadState('networkidle');
}

describe('accessibility: axe-core finds no serious or critical violation', () => {
  for (const [viewport, size] of Object.entries(viewports)) {
    it(`on every public route (${viewport})`, async () => {
      const { page, context } = await openPage(browser(), size);
      for (const path of ['/', '/?search=coffee', '/login', '/register', '/product/bev-1001', '/cart', '/no/such/page']) {
        await show(page, path);
        expect({ path, violations: await seriousA11yViolations(page) }).toEqual({ path, violations: [] });
      }
      await storeGuestCart(page);
      await show(page, '/cart');
      await page.getByRole('list', { name: 'Cart items' }).waitFor();
      expect({ path: '/cart (with items)', violations: await seriousA11yViolations(page) }).toEqual({ path: '/cart (with items)', violations: [] });
      await context.close();
    });
  }

  it("on a shopper's routes", async () => {
    const { page, context } = await openPage(browser());
    await login(page, buyer);
    for (const path of ['/profile', '/checkout', '/order-confirmation/no-such-order']) {
      await show(page, path);
      expect({ path, violations: await seriousA11yViolations(page) }).toEqual({ path, violations: [] });
    }
    // The open user menu, too.
    await page.getByText(`Hi, ${buyer.name}`).click();
    expect({ path: 'user menu', violations: await seriousA11yViolations(page) }).toEqual({ path: 'user menu', violations: [] });
    await context.close();
  });

  it("on an administrator's routes", async () => {
    const { page, context } = await openPage(browser());
    await login(page, admin);
    for (const path of ['/admin/dashboard', '/admin/products', '/admin/products/new', '/admin/products/edit/bev-1001', '/admin/orders']) {
      await show(page, path);
      expect({ path, violations: await seriousA11yViolations(page) }).toEqual({ path, violations: [] });
    }
    await context.close();
  });
});
