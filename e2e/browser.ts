import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

export const shopUrl = process.env.HARBOR_SHOP_URL ?? 'http://localhost:5000';
export const screenshotDir = new URL('./screenshots/', import.meta.url).pathname;

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The flags that keep Chromium headless and off the network on these machines. */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's Chromium, driven by playwright-core. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
}

export const viewports = {
  desktop: { width: 1280, height: 900 },
  phone: { width: 390, height: 844 },
} as const;

/** A fresh context (own cookies and local storage) and page; console errors are collected. */
export async function openPage(browser: Browser, viewport: { width: number; height: number } = viewports.desktop): Promise<{ context: BrowserContext; page: Page; consoleErrors: string[] }> {
  const context = await browser.newContext({ viewport, baseURL: shopUrl });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  return { context, page, consoleErrors };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: `${screenshotDir}${name}.png`, fullPage: false });
}

/** Waits until every toast has closed, so a screenshot shows the page rather than a notification over the header. */
export async function waitForToastsToClose(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector('[data-sonner-toast]') === null, undefined, { timeout: 15_000 });
}

/** Scrolls a section further down the page to just below the sticky header, for its screenshot. */
export async function scrollToSection(section: Locator): Promise<void> {
  await section.evaluate((element) => {
    const headerHeight = document.querySelector('.site-header')?.getBoundingClientRect().height ?? 0;
    window.scrollTo(0, window.scrollY + element.getBoundingClientRect().top - headerHeight - 16);
  });
}

/** One browser for a test file: launched before its tests, closed after them. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('The browser is not running: call useBrowser() at the top of a test file.');
    return browser;
  };
}

/** How many pixels the page is wider than the viewport (0 when nothing scrolls sideways). */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}
