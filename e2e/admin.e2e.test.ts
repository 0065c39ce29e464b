/**
 * The back office in a browser: access; one journey in which the admin creates a product through
 * the form, a shopper finds it by search and buys it, the admin ships that order and the shopper's
 * history shows it shipped; the dashboard and the CSV export; screenshots of every admin page at 1280 px.
 */
import { readFile } from 'node:fs/promises';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedProducts } from '../scripts/catalog/products';
import { openPage, screenshot, scrollToSection, useBrowser, waitForToastsToClose } from './browser';

const app = getApps().find((each) => each.name === 'admin-e2e') ?? initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-harbor' }, 'admin-e2e');
const db = getFirestore(app);
const auth = getAuth(app);

const ADMIN = { email: 'admin@harbor.test', password: 'harbor-admin-1' };
const SHOPPER = { email: 'buyer@harbor.test', password: 'harbor-buyer-1' };
const run = Date.now().toString(36);
const DAY = 86_400_000;

const browser = useBrowser();
let customer: { uid: string; email: string; password: string };

async function signIn(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

/** An order in the shape placeOrder writes, for a customer of this run, placed `daysAgo` days ago. */
async function createOrder(id: string, { daysAgo = 0, status = 'pending', lines = [[0, 4]] as Array<[productIndex: number, quantity: number]> } = {}): Promise<void> {
  const items = lines.map(([index, quantity]) => {
    const product = seedProducts[index]!;
    return { productId: product.id, name: product.name, sku: product.sku, unit: product.unit, imageUrl: product.imageUrl, unitPrice: product.price, quantity, lineTotal: product.price * quantity };
  });
  const subtotal = items.reduce((sum, item) => sum + item.lineTotal, 0);
  const tax = Math.round(subtotal * 0.08);
  const shipping = subtotal >= 50_000 ? 0 : 2_500;
  const placed = Timestamp.fromMillis(Date.now() - daysAgo * DAY - 60_000);
  await db.doc(`orders/${id}`).set({
    userId: customer.uid,
    userEmail: customer.email,
    items,
    subtotal,
    shipping,
    tax,
    total: subtotal + shipping + tax,
    currency: 'USD',
    status,
    shippingAddress: { line1: '48 Pier Road', line2: '', city: 'Bar Harbor', region: 'ME', postalCode: '04609', country: 'United States' },
    company: 'Lighthouse Provisions Co',
    poNumber: `PO-${id.slice(-4)}`,
    notes: 'Deliver to the loading dock at the back.',
    paymentMethod: 'invoice-net30',
    requestId: `request-${id}`,
    createdAt: placed,
    updatedAt: placed,
    statusHistory: [{ status: 'pending', at: placed.toMillis(), by: customer.uid }],
  });
}

beforeAll(async () => {
  const email = `e2e-admin-${run}@harbor.test`;
  const password = 'customer-pass-1';
  const user = await auth.createUser({ email, password, displayName: 'Lighthouse Buyer' });
  customer = { uid: user.uid, email, password };
  await db.doc(`users/${user.uid}`).set({ name: 'Lighthouse Buyer', email, company: 'Lighthouse Provisions Co' });
  // A month of orders, so the dashboard and the order list have something to show.
  const statuses = ['delivered', 'delivered', 'shipped', 'cancelled', 'delivered', 'processing'];
  await Promise.all(
    Array.from({ length: 24 }, (_, index) =>
      createOrder(`hist-${run}-${String(index).padStart(2, '0')}`, {
        daysAgo: 1 + Math.floor(index * 1.2),
        status: statuses[index % statuses.length],
        lines: [
          [index % 40, 2 + (index % 5) * 2],
          [(index * 7) % 120, 4 + (index % 3) * 4],
        ],
      }),
    ),
  );
});

describe('admin access', () => {
  it('sends a shopper who types /admin/products to the home page', async () => {
    const { page, context } = await openPage(browser());
    await signIn(page, SHOPPER);
    await page.goto('/admin/products');
    await page.waitForURL((url) => url.pathname === '/');
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });
});

describe('admin creates a product, a shopper buys it, the admin ships it, the shopper sees it shipped', () => {
  const sku = `E2E-${run}`.toUpperCase();
  const name = `Harbor Test Crate ${run}`;
  let orderId = '';

  it('the admin creates a product through the form', async () => {
    const { page, context, consoleErrors } = await openPage(browser());
    await signIn(page, ADMIN);
    await page.goto('/admin/products');
    await page.getByRole('link', { name: 'New product', exact: true }).click();
    await page.getByRole('heading', { name: 'New product' }).waitFor();

    // An empty form is refused field by field, with the messages beside the fields.
    await page.getByRole('button', { name: 'Create product' }).click();
    await expect(page.getByText('Name must be at least 2 characters.').isVisible()).resolves.toBe(true);
    await expect(page.getByText('Choose a category from the list.').isVisible()).resolves.toBe(true);
    await expect(page.getByText('Price must be an amount such as 18.99.').isVisible()).resolves.toBe(true);

    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('SKU', { exact: true }).fill(sku.toLowerCase());
    await page.getByLabel('Brand', { exact: true }).fill('Harborline');
    await page.getByLabel('Category', { exact: true }).selectOption('Packaging');
    await page.getByLabel('Unit', { exact: true }).fill('crate of 12');
    await page.getByLabel('Description', { exact: true }).fill('Stackable crates for the e2e run.');
    await page.getByLabel('Price (USD)', { exact: true }).fill('24.50');
    await page.getByLabel('Stock', { exact: true }).fill('120');
    await page.getByLabel('Pack size', { exact: true }).fill('2');
    await page.getByLabel('Minimum order', { exact: true }).fill('4');
    await page.getByRole('button', { name: 'Add tier' }).click();
    await page.getByLabel('Tier 1 from quantity', { exact: true }).fill('20');
    await page.getByLabel('Tier 1 unit price', { exact: true }).fill('22.00');
    await page.getByLabel('Or image URL', { exact: true }).fill('/images/products/pkg-1001.svg');
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'admin-product-form-1280');
    await page.getByRole('button', { name: 'Create product' }).click();

    await page.waitForURL((url) => url.pathname === '/admin/products' && url.searchParams.get('q') === sku);
    await page.getByRole('link', { name, exact: true }).waitFor();
    const stored = await db.collection('products').where('sku', '==', sku).get();
    expect(stored.size).toBe(1);
    expect(stored.docs[0]!.data()).toMatchObject({ name, price: 2450, packSize: 2, minOrderQty: 4, stock: 120, active: true, tiers: [{ minQty: 20, price: 2200 }] });
    expect(stored.docs[0]!.get('searchTokens')).toEqual(expect.arrayContaining(['harbor', 'crate', sku.toLowerCase().replace('-', '')]));

    // The same SKU again is refused on the SKU field, and the form keeps what was typed.
    await page.goto('/admin/products/new');
    await page.getByLabel('Name', { exact: true }).fill('Second crate');
    await page.getByLabel('SKU', { exact: true }).fill(sku);
    await page.getByLabel('Category', { exact: true }).selectOption('Packaging');
    await page.getByLabel('Unit', { exact: true }).fill('crate');
    await page.getByLabel('Price (USD)', { exact: true }).fill('5');
    await page.getByRole('button', { name: 'Create product' }).click();
    const skuError = page.locator('.sku-field .field-error');
    await skuError.waitFor();
    expect(await skuError.textContent()).toBe(`SKU ${sku} is already used by "${name}".`);
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Second crate');
    expect(consoleErrors.filter((text) => !text.includes('409'))).toEqual([]);
    await context.close();
  });

  it('a shopper finds the new product by header search and buys it', async () => {
    const { page, context, consoleErrors } = await openPage(browser());
    await signIn(page, customer);
    const search = page.getByPlaceholder('Search for products...');
    await search.fill(name);
    await search.press('Enter');
    await page.getByRole('heading', { level: 1, name: `Results for “${name}”` }).waitFor();
    const card = page.locator('article.product-card', { hasText: name });
    await card.waitFor();
    expect(await page.locator('article.product-card').count()).toBe(1);
    expect(await card.locator('.product-sku').textContent()).toBe(sku);

    // 20 crates reach the $22.00 tier: $440.00, shipping $25.00, tax 8% $35.20.
    await card.getByRole('link').click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.getByLabel('Quantity', { exact: true }).fill('20');
    await page.getByText('20 × $22.00 = $440.00').waitFor();
    await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await page.getByText(`Added 20 × ${name} to your cart.`).waitFor();
    await page.getByRole('link', { name: 'Cart, 20 items' }).click();
    await page.getByRole('heading', { name: 'Cart' }).waitFor();
    await page.getByRole('button', { name: 'Proceed to checkout' }).click();

    await page.getByRole('heading', { name: 'Checkout' }).waitFor();
    expect(await page.getByLabel('Company', { exact: true }).inputValue()).toBe('Lighthouse Provisions Co');
    await page.getByLabel('Address line 1').fill('48 Pier Road');
    await page.getByLabel('City').fill('Bar Harbor');
    await page.getByLabel('State / region').fill('ME');
    await page.getByLabel('Postal code').fill('04609');
    await page.getByLabel('Country').fill('United States');
    await page.getByRole('button', { name: 'Place order · $500.20' }).click();

    await page.waitForURL(/\/order-confirmation\/HW-[0-9A-Z]{10}$/);
    orderId = page.url().split('/').pop()!;
    await page.getByRole('heading', { name: 'Thank you, your order is placed' }).waitFor();
    expect(await page.getByText('20 × $22.00').count()).toBe(1);
    expect(await page.locator('dd.total').textContent()).toBe('$500.20');

    const product = (await db.collection('products').where('sku', '==', sku).get()).docs[0]!;
    expect(product.get('stock')).toBe(100);
    expect((await db.doc(`orders/${orderId}`).get()).data()).toMatchObject({
      userId: customer.uid,
      status: 'pending',
      total: 50_020,
      items: [{ productId: product.id, quantity: 20, unitPrice: 2200 }],
    });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('the admin marks an order shipped through the orders page', async () => {
    const { page, context } = await openPage(browser());
    await signIn(page, ADMIN);
    await page.goto('/admin/orders');
    const search = page.getByRole('search', { name: 'Order search' });
    await search.getByLabel('Search orders').fill(orderId);
    await search.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('link', { name: `Order ${orderId}` }).click();
    const dialog = page.getByRole('dialog', { name: `Order ${orderId}` });
    await dialog.waitFor();

    // Only the legal next statuses are offered.
    await dialog.getByRole('button', { name: 'Start processing' }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Mark as shipped' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Start processing' }).click();
    await dialog.getByRole('button', { name: 'Mark as shipped' }).click();
    await dialog.getByText('Mark as delivered').waitFor();
    await waitForToastsToClose(page);
    await screenshot(page, 'admin-order-detail-1280');
    expect(await dialog.locator('.order-summary-row .status-badge').textContent()).toBe('Shipped');

    const order = (await db.doc(`orders/${orderId}`).get()).data()!;
    expect(order.status).toBe('shipped');
    expect(order.statusHistory.map((change: { status: string }) => change.status)).toEqual(['pending', 'processing', 'shipped']);
    await context.close();
  });

  it("the shopper's order history on /profile shows the order as shipped", async () => {
    const { page, context } = await openPage(browser());
    await signIn(page, customer);
    await page.goto('/profile');
    const row = page.getByRole('row', { name: new RegExp(orderId) });
    await row.waitFor();
    expect(await row.locator('.status-badge').textContent()).toBe('Shipped');
    expect(await row.getByText('$500.20').count()).toBe(1);
    await scrollToSection(page.getByRole('region', { name: 'Order history' }));
    await screenshot(page, 'profile-history-shipped-1280');

    await row.getByRole('link', { name: `Order ${orderId}, view details` }).click();
    await page.waitForURL(`**/order-confirmation/${orderId}`);
    await page.getByRole('heading', { name: 'Thank you, your order is placed' }).waitFor();
    expect(await page.locator('.status-badge').textContent()).toBe('Shipped');
    await context.close();
  });
});

describe('admin pages', () => {
  it('the dashboard shows sales, open orders, low stock and the 30-day chart', async () => {
    await createOrder(`today-${run}`, { status: 'pending', lines: [[5, 10]] });
    const { page, context } = await openPage(browser());
    await signIn(page, ADMIN);
    await page.goto('/admin');
    await page.waitForURL('**/admin/dashboard');
    await page.getByRole('heading', { name: 'Revenue per day' }).waitFor();
    expect(await page.locator('.chart-bar').count()).toBe(30);
    const today = page.locator('.stat').filter({ hasText: 'Today' });
    expect(Number((await today.locator('.stat-note').textContent())?.split(' ')[0])).toBeGreaterThanOrEqual(1);
    const lowStock = page.getByRole('region', { name: 'Low on stock' });
    await lowStock.getByRole('link').first().waitFor();
    await page.getByRole('region', { name: 'Latest orders' }).getByRole('link', { name: `today-${run}` }).first().waitFor();
    await screenshot(page, 'admin-dashboard-1280');
    await context.close();
  });

  it('the product list searches, filters, pages and toggles a product', async () => {
    const { page, context } = await openPage(browser());
    await signIn(page, ADMIN);
    await page.goto('/admin/products');
    await page.locator('.admin-table tbody tr').first().waitFor();
    expect(await page.locator('.admin-table tbody tr').count()).toBe(20);
    await screenshot(page, 'admin-products-1280');

    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Page 2').waitFor();

    await page.getByLabel('Category', { exact: true }).selectOption('Beverages');
    const categoryCells = page.locator('.admin-table tbody tr td:nth-child(3)');
    await expect.poll(async () => new Set(await categoryCells.allTextContents())).toEqual(new Set(['Beverages']));

    const search = page.getByRole('search', { name: 'Product search' });
    await search.getByLabel('Search products').fill('BEV-1002');
    await search.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => page.locator('.admin-table tbody tr').count()).toBe(1);
    const toggle = page.getByRole('switch', { name: 'Sparkling Water, Unflavored is on sale' });
    await toggle.click();
    await page.waitForFunction(() => document.querySelector('[role="switch"]')?.getAttribute('aria-checked') === 'false');
    expect((await db.doc('products/bev-1002').get()).get('active')).toBe(false);
    await toggle.click();
    await page.waitForFunction(() => document.querySelector('[role="switch"]')?.getAttribute('aria-checked') === 'true');
    expect((await db.doc('products/bev-1002').get()).get('active')).toBe(true);
    await context.close();
  });

  it('an unknown product id shows not-found', async () => {
    const { page, context } = await openPage(browser());
    await signIn(page, ADMIN);
    await page.goto('/admin/products/edit/no-such-product');
    await page.getByRole('heading', { name: 'Product not found' }).waitFor();
    await context.close();
  });

  it('the order list filters by status and exports the filtered orders as CSV', async () => {
    const { page, context } = await openPage(browser());
    await signIn(page, ADMIN);
    await page.goto('/admin/orders');
    await page.locator('.admin-table tbody tr').first().waitFor();
    await screenshot(page, 'admin-orders-1280');

    await page.getByLabel('Status', { exact: true }).selectOption('delivered');
    const statusBadges = page.locator('.admin-table tbody .status-badge');
    await expect.poll(async () => new Set(await statusBadges.allTextContents())).toEqual(new Set(['Delivered']));
    const badges = await statusBadges.allTextContents();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
    const rows = csv.trim().split('\r\n');
    expect(rows[0]).toMatch(/^Order number,Placed at \(UTC\),Status,Company/);
    expect(rows.length - 1).toBeGreaterThanOrEqual(badges.length);
    expect(rows.slice(1).every((row) => row.split(',')[2] === 'delivered')).toBe(true);
    expect(csv).toContain(`hist-${run}-00`);
    await context.close();
  });
});
