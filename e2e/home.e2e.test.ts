import { describe, expect, it } from 'vitest';
import { openPage, useBrowser } from './browser';

const browser = useBrowser();

describe('home page', () => {
  it('is served with the security headers and loads without a blocked request or console error', async () => {
    const { page, context, consoleErrors } = await openPage(browser());
    const response = await page.goto('/');
    const headers = response?.headers() ?? {};
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy']).toContain('camera=()');
    await expect(page.getByPlaceholder('Search for products...').isVisible()).resolves.toBe(true);
    await page.locator('.product-card').first().waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
