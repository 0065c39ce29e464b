import { describe, expect, it } from 'vitest';
import { openPage, screenshot, viewports, useBrowser } from './browser';

const browser = useBrowser();

describe('home page', () => {
  it('shows the header search input and the seeded catalog', async () => {
    const { page, context, consoleErrors } = await openPage(browser());
    const response = await page.goto('/');
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response?.headers()['x-content-type-options']).toBe('nosniff');
    await expect(page.getByPlaceholder('Search for products...').isVisible()).resolves.toBe(true);
    await page.locator('.product-card').first().waitFor();
    expect(await page.locator('.product-card').count()).toBeGreaterThan(0);
    await screenshot(page, 'home-1280');
    // Nothing was blocked by the Content-Security-Policy or failed to load.
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('fits a phone screen', async () => {
    const { page, context } = await openPage(browser(), viewports.phone);
    await page.goto('/');
    await page.locator('.product-card').first().waitFor();
    await screenshot(page, 'home-390');
    await context.close();
  });
});
