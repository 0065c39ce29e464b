import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { freshEmail } from './accounts';
import { waitForShopCode } from './browser';
import { expect, test } from './fixtures';
import { storeGuestCart } from './guestCart';

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** A chunk and every chunk it imports statically, as files. */
function withStaticImports(manifest: Record<string, ManifestChunk>, key: string, found = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The build has no chunk of its own for ${key}.`);
  if (found.has(`/${chunk.file}`)) return found;
  found.add(`/${chunk.file}`);
  for (const imported of chunk.imports ?? []) withStaticImports(manifest, imported, found);
  return found;
}

/**
 * The chunks the shop downloads only when a visit needs them, from the build's Vite manifest:
 * Auth, Cloud Functions, zod, and the Firestore SDK with the Firebase app (everything the SDK's
 * loader brings that the first page does not load anyway).
 */
function onDemandChunks(): string[] {
  const manifest = JSON.parse(readFileSync(new URL('../web/dist/.vite/manifest.json', import.meta.url), 'utf8')) as Record<string, ManifestChunk>;
  const firstPage = new Set([...withStaticImports(manifest, 'index.html'), ...withStaticImports(manifest, 'src/features/catalog/pages/HomePage.tsx')]);
  const sdk = [...withStaticImports(manifest, 'src/lib/firestoreClient.ts')].filter((file) => !firstPage.has(file));
  if (sdk.length < 2) throw new Error('The Firestore SDK is not in chunks of its own: the first page loads it.');
  return [...['src/lib/authClient.ts', 'src/lib/functionsClient.ts', 'src/lib/validation.ts'].map((module) => [...withStaticImports(manifest, module)][0]!), ...sdk];
}

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

test.describe('loading only what a visit needs', () => {
  test('shows the catalog to a signed-out visitor without downloading Auth, Cloud Functions, zod or the Firestore SDK', { tag: '@phone-only' }, async ({ page }) => {
    const onDemand = onDemandChunks();
    const scripts = scriptsRequested(page);
    const searchPages: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/search-page.json') searchPages.push(url.search);
    });
    await page.goto('/');
    await expect(page.locator('article.product-card').first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    await waitForShopCode(page);
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    await expect(page.getByRole('region', { name: 'Filters' }).getByText(/In stock only \(\d+\)/)).toBeVisible();
    // Everything the visit loads has arrived: nothing may be downloaded after this either.
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((script) => onDemand.includes(script))).toEqual([]);
    // The first page and the filter counts came with the HTML, rendered on the server: the browser
    // asks for neither again and reads no document.
    expect(searchPages).toEqual([]);
    expect(await readsSoFar(page)).toBe(0);
  });

  test('opens a search with its products and filter counts rendered by the server, without the search index or its search code', { tag: '@phone-only' }, async ({ page }) => {
    const manifest = JSON.parse(readFileSync(new URL('../web/dist/.vite/manifest.json', import.meta.url), 'utf8')) as Record<string, ManifestChunk>;
    const searchCode = [...withStaticImports(manifest, 'src/lib/search/searchIndex.ts')][0]!;
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto('/?search=coffee');
    await expect(page.getByRole('heading', { level: 1, name: 'Results for “coffee”' })).toBeVisible();
    await expect(page.locator('article.product-card', { hasText: 'Cold Brew Coffee Concentrate' })).toBeVisible();
    // The filter counts, from the server too (on a phone, behind the Filters button, which works once the page's code has started).
    await waitForShopCode(page);
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    await expect(page.getByRole('region', { name: 'Filters' }).getByText(/In stock only \(\d+\)/)).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(requested).not.toContain('/search-page.json');
    expect(requested).not.toContain('/search-index.json');
    expect(requested).not.toContain(searchCode);
    expect(await readsSoFar(page)).toBe(0);
  });

  test('opens a product page rendered by the server, reading no document in the browser', { tag: '@phone-only' }, async ({ page }) => {
    await page.goto('/product/bev-1001');
    await expect(page.getByRole('heading', { level: 1, name: 'Sparkling Water, Lime' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add to cart', exact: true })).toBeEnabled();
    await page.waitForLoadState('networkidle');
    expect(await readsSoFar(page)).toBe(0);
  });

  test("opens the catalog and a product page with their own code listed for after the first paint, and the cart without the home page's", { tag: '@phone-only' }, async ({ page }) => {
    const manifest = JSON.parse(readFileSync(new URL('../web/dist/.vite/manifest.json', import.meta.url), 'utf8')) as Record<string, ManifestChunk>;
    const file = (module: string) => `/${manifest[module]!.file}`;
    const boot = JSON.parse(readFileSync(new URL('../web/dist/boot.json', import.meta.url), 'utf8')) as { file: string };
    const home = file('src/features/catalog/pages/HomePage.tsx');
    // What the server sends for each address, before any script runs.
    const documentFor = async (path: string) => (await page.request.get(path)).text();
    // The code a server-rendered page lists for after its first paint (web/src/lib/deferredModules.ts).
    const listedCode = (html: string) => {
      const { entry, preload } = JSON.parse(/<script type="application\/json" id="shop-modules">([^<]*)<\/script>/.exec(html)?.[1] ?? '{}') as { entry?: string; preload?: string[] };
      return [entry, ...(preload ?? [])];
    };
    const catalog = await documentFor('/');
    expect(listedCode(catalog)).toContain(home);
    expect(listedCode(catalog)).toContain(file('index.html'));
    // Before that paint the browser fetches the page's images and one small script, no other code.
    expect(catalog).not.toContain('rel="modulepreload"');
    expect([...catalog.matchAll(/<script type="module"[^>]*src="([^"]+)"/g)].map(([, src]) => src)).toEqual([`/${boot.file}`]);
    expect(await documentFor('/cart')).not.toContain(home);
    const product = await documentFor('/product/bev-1001');
    expect(listedCode(product)).toContain(file('src/features/catalog/pages/ProductPage.tsx'));
    expect(listedCode(product)).not.toContain(home);
    expect(product).not.toContain('rel="modulepreload"');

    const scripts = scriptsRequested(page);
    await storeGuestCart(page);
    await page.goto('/cart');
    await expect(page.getByRole('list', { name: 'Cart items' })).toBeVisible();
    await page.goto('/product/bev-1001');
    await expect(page.getByRole('heading', { level: 1, name: 'Sparkling Water, Lime' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(scripts).not.toContain(`/${manifest['src/features/catalog/pages/HomePage.tsx']!.file}`);
  });

  test('restores a guest cart and merges it into a new account at registration', async ({ page, consoleErrors }) => {
    await storeGuestCart(page);
    await page.goto('/cart');
    await expect(page.getByRole('link', { name: 'Cart, 15 items' })).toBeVisible();

    await page.goto('/register');
    await page.getByLabel('Full name').fill('Merge Tester');
    await page.getByLabel('Company').fill('Merge & Co');
    await page.getByLabel('Address line 1').fill('3 Wharf St');
    await page.getByLabel('City').fill('Portland');
    await page.getByLabel('Postal code').fill('04101');
    await page.getByLabel('E-mail').fill(freshEmail('merge'));
    await page.getByLabel('Password', { exact: true }).fill('merge-pass-1');
    await page.getByLabel('Confirm password').fill('merge-pass-1');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Hi, Merge Tester')).toBeVisible();

    // The guest cart leaves the browser only after the mergeCart callable saved it to the account
    // (the first call may start the function cold).
    await expect.poll(() => page.evaluate(() => localStorage.getItem('cart'))).toBeNull();
    await page.goto('/cart');
    await expect(page.getByRole('list', { name: 'Cart items' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sparkling Water, Lime' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Pretzel Twists' })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('goes back to the catalog without asking the server or Firestore for it again', async ({ page }) => {
    const firstCard = page.locator('article.product-card').first();
    await page.goto('/');
    await expect(firstCard).toBeVisible();
    const name = (await firstCard.locator('.product-name').textContent()) ?? '';
    // A link followed before the page's code started loads the product page from the server.
    await waitForShopCode(page);
    await firstCard.getByRole('link').click();
    await expect(page).toHaveURL(/\/product\//);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await page.waitForLoadState('networkidle');
    // From here on, any request for a catalog page: the server's search page or a Firestore read.
    const asked: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname === '/search-page.json' || pathname.includes('/documents')) asked.push(pathname);
    });
    const readsBeforeBack = await readsSoFar(page);
    expect(readsBeforeBack).toBeGreaterThanOrEqual(0); // the emulator build counts reads
    await page.goBack();
    await expect(firstCard).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual([]);
    expect(await readsSoFar(page)).toBe(readsBeforeBack);
  });
});
