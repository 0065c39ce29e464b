import { expect, headerSearch, test } from './fixtures';

test.describe('home page', { tag: '@phone' }, () => {
  test('is served with the security headers and loads without a blocked request or console error', async ({ page, consoleErrors }) => {
    const response = await page.goto('/');
    const headers = response?.headers() ?? {};
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy']).toContain('camera=()');
    await expect(headerSearch(page)).toBeVisible();
    await expect(page.locator('.product-card').first()).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });
});
