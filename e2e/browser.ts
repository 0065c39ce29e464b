/**
 * Debian's Chromium and the shop's address, as the browser tests (e2e/playwright.config.ts) and the
 * bench (bench/measure.ts) use them.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { shopUrl as harnessShopUrl } from '../scripts/emulators';

/** The shop on the hosting emulator: HARBOR_SHOP_URL as the harness sets it, else its port shifted by HARBOR_PORT_OFFSET. */
export const shopUrl = process.env.HARBOR_SHOP_URL ?? harnessShopUrl;

/** Debian's Chromium: the bench's browser, Lighthouse's among them. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
/**
 * The journeys' browser: Chromium's headless shell (Debian's chromium-headless-shell), the same
 * Blink and V8 without the full browser's windowing and GPU process, as Playwright runs headless by
 * default. 26 journeys took 3.1 min in it against 3.9 min in Chromium, every one of them faster.
 * Chromium itself where the shell is not installed.
 */
export const journeyBrowserPath = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : chromiumPath);

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

export const viewports = {
  desktop: { width: 1280, height: 900 },
  phone: { width: 390, height: 844 },
} as const;

/** Debian's Chromium, for scripts outside the test runner. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
}

/** A fresh context (own cookies and local storage) and page on the shop, for scripts outside the test runner. */
export async function openPage(browser: Browser, viewport: { width: number; height: number } = viewports.desktop): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, baseURL: shopUrl });
  return { context, page: await context.newPage() };
}

/**
 * Waits until the shop's code has taken the page: a page rendered on the server shows its content
 * and follows its links first, and its buttons answer from then on (React replays a tap made while
 * it hydrates, not one made before its code arrived).
 */
export async function waitForShopCode(page: Page): Promise<void> {
  await page.waitForFunction(() => Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer$')));
}
