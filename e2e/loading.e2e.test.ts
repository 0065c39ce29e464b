import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { freshEmail } from './accounts';
import { openPage, useBrowser, viewports } from './browser';
import { storeGuestCart } from './guestCart';

const browser = useBrowser();

/** The chunks the shop downloads only when a visit needs them, from the build's Vite manifest. */
const manifest = JSON.parse(readFileSync(new URL('../web/dist/.vite/manifest.json', import.meta.url), 'utf8')) as Record<string, { file: string }>;
const onDemand = ['src/lib/authClient.ts', 'src/lib/functionsClient.ts', 'src/lib/validation.ts'].map((module) => {
  const chunk = manifest[module];
  if (!chunk) throw new Error(`The build has no chunk of its own for ${module}.`);
  return `/${chunk.file}`;
});

function scriptsRequested(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

async function readsSoFar(page: Page): Promise<number> {
  return page.evaluate(() => (window as { __harborReads?: { total: number } }).__harborReads?.total ?? Number.NaN);
}

describe('loading only what a visit needs', () => {
  it('shows the catalog to a signed-out visitor without downloading Auth, Cloud Functions or zod', async () => {
    const { page, context } = await openPage(browser(), viewports.phone);
    const scripts = scriptsRequested(page);
    await page.goto('/');
    await page.locator('.product-card').first().waitFor();
    await page.getByRole('link', { name: 'Login' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((script) => onDemand.includes(script))).toEqual([]);
    await context.close();
  });

  it('restores a guest cart and merges it into a new account at registration', async () => {
    const { page, context, consoleErrors } = await openPage(browser());
    await storeGuestCart(page);
    await page.goto('/cart');
    await page.getByRole('link', { name: 'Cart, 15 items' }).waitFor();

    await page.goto('/register');
    await page.getByLabel('Full name').fill('Merge Tester');
    await page.getByLabel('Company').fill('Merge & Co');
    await page.getByLabel('E-mail').fill(freshEmail('merge'));
    await page.getByLabel('Password', { exact: true }).fill('merge-pass-1');
    await page.getByLabel('Confirm password').fill('merge-pass-1');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Hi, Merge Tester').waitFor();

    // The guest cart leaves the browser only after the mergeCart callable saved it to the account
    // (the first call may start the function cold).
    await expect.poll(() => page.evaluate(() => localStorage.getItem('cart'))).toBeNull();
    await page.goto('/cart');
    await page.getByRole('list', { name: 'Cart items' }).waitFor();
    await expect(page.getByRole('link', { name: 'Sparkling Water, Lime' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('link', { name: 'Pretzel Twists' }).isVisible()).resolves.toBe(true);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('goes back to the catalog without reading Firestore again', async () => {
    const { page, context } = await openPage(browser());
    await page.goto('/');
    await page.locator('.product-card').first().waitFor();
    await page.locator('.product-card a').first().click();
    await page.waitForURL('**/product/**');
    await page.waitForLoadState('networkidle');
    const readsBeforeBack = await readsSoFar(page);
    expect(readsBeforeBack).toBeGreaterThan(0);
    await page.goBack();
    await page.locator('.product-card').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await readsSoFar(page)).toBe(readsBeforeBack);
    await context.close();
  });
});
