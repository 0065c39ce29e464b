/**
 * What every journey imports instead of '@playwright/test': the same `test` and `expect`, a
 * `consoleErrors` fixture (the page's console errors so far), and helpers for screenshots and
 * layout checks.
 */
import { mkdirSync } from 'node:fs';
import { test as base, expect, type Locator, type Page } from '@playwright/test';

export { expect };

export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await use(errors);
  },
});

const screenshotDir = new URL('./screenshots/', import.meta.url).pathname;

/** Saves what the viewport shows as e2e/screenshots/<name>-<viewport width>.png (e.g. home-1280.png, home-390.png). */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `${screenshotDir}${name}-${width}.png`, fullPage: false });
}

/** The header's search box. */
export function headerSearch(page: Page): Locator {
  return page.getByRole('banner').getByRole('combobox', { name: 'Search products' });
}

/** Waits until every toast has closed, so a screenshot shows the page rather than a notification over the header. */
export async function waitForToastsToClose(page: Page): Promise<void> {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
}

/** Scrolls a section further down the page to just below the sticky header, for its screenshot. */
export async function scrollToSection(section: Locator): Promise<void> {
  await section.evaluate((element) => {
    const headerHeight = document.querySelector('.site-header')?.getBoundingClientRect().height ?? 0;
    window.scrollTo(0, window.scrollY + element.getBoundingClientRect().top - headerHeight - 16);
  });
}

/** How many pixels the page is wider than the viewport (0 when nothing scrolls sideways); poll it with expect.poll. */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}
