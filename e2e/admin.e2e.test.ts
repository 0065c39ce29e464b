/**
 * The back office in a browser: access; one journey in which the admin creates a product through
 * the form, a shopper finds it by search and buys it, the admin ships that order and the shopper's
 * history shows it shipped; the dashboard and the CSV export; screenshots of every admin page at 1280 px.
 */
import { readFile } from 'node:fs/promises';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { admin, buyer, login } from './accounts';
import { giveApprovedCompany } from './companies';
import Papa from 'papaparse';
import { writeOrder, type OrderFixture } from './orders';
import { expect, headerSearch, horizontalOverflow, screenshot, scrollToSection, test } from './fixtures';

const app = getApps().find((each) => each.name === 'admin-e2e') ?? initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-harbor' }, 'admin-e2e');
const db = getFirestore(app);
const auth = getAuth(app);

const run = Date.now().toString(36);

let customer: { uid: string; email: string; password: string; name: string };

/** An order of this run's customer, placed `daysAgo` days ago. */
function createOrder(id: string, fixture: Omit<OrderFixture, 'buyer'> = {}): Promise<void> {
  return writeOrder(db, id, {
    buyer: customer,
    company: 'Lighthouse Provisions Co',
    poNumber: `PO-${id.slice(-4)}`,
    notes: 'Deliver to the loading dock at the back.',
    address: { line1: '48 Pier Road', city: 'Bar Harbor', region: 'ME', postalCode: '04609' },
    ...fixture,
  });
}

test.beforeAll(async () => {
  const email = `e2e-admin-${run}@harbor.test`;
  const password = 'customer-pass-1';
  const user = await auth.createUser({ email, password, displayName: 'Lighthouse Buyer' });
  customer = { uid: user.uid, email, password, name: 'Lighthouse Buyer' };
  await db.doc(`users/${user.uid}`).set({ name: customer.name, email, company: 'Lighthouse Provisions Co' });
  await giveApprovedCompany(db, user.uid, 'Lighthouse Provisions Co');
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

test.describe('admin access', () => {
  test('sends a shopper who types /admin/products to the home page', async ({ page }) => {
    await login(page, buyer, '/admin/products');
    await expect(page).toHaveURL((url) => url.pathname === '/');
  });
});

test.describe('admin creates a product, a shopper buys it, the admin ships it, the shopper sees it shipped', () => {
  // Each step works on what the one before it made.
  test.describe.configure({ mode: 'serial' });
  const sku = `E2E-${run}`.toUpperCase();
  const name = `Harbor Test Crate ${run}`;
  const productsWithSku = () => db.collection('products').where('sku', '==', sku).get();
  let orderId = '';

  test('the admin creates a product through the form', async ({ page, consoleErrors }) => {
    await login(page, admin, '/admin/products');
    await page.getByRole('link', { name: 'New product', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'New product' })).toBeVisible();

    // An empty form is refused field by field, with the messages beside the fields.
    await page.getByRole('button', { name: 'Create product' }).click();
    await expect(page.getByText('Name must be at least 2 characters.')).toBeVisible();
    await expect(page.getByText('Choose a category from the list.')).toBeVisible();
    await expect(page.getByText('Price must be an amount such as 18.99.')).toBeVisible();

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
    await screenshot(page, 'admin-product-form');
    await page.getByRole('button', { name: 'Create product' }).click();

    await expect(page).toHaveURL((url) => url.pathname === '/admin/products' && url.searchParams.get('q') === sku);
    await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
    await expect.poll(async () => (await productsWithSku()).size).toBe(1);
    const stored = (await productsWithSku()).docs[0]!;
    expect(stored.data()).toMatchObject({ name, price: 2450, packSize: 2, minOrderQty: 4, stock: 120, active: true, tiers: [{ minQty: 20, price: 2200 }] });
    expect(stored.get('searchTokens')).toEqual(expect.arrayContaining(['harbor', 'crate', sku.toLowerCase().replace('-', '')]));

    // The same SKU again is refused on the SKU field, and the form keeps what was typed.
    await page.goto('/admin/products/new');
    await page.getByLabel('Name', { exact: true }).fill('Second crate');
    await page.getByLabel('SKU', { exact: true }).fill(sku);
    await page.getByLabel('Category', { exact: true }).selectOption('Packaging');
    await page.getByLabel('Unit', { exact: true }).fill('crate');
    await page.getByLabel('Price (USD)', { exact: true }).fill('5');
    await page.getByRole('button', { name: 'Create product' }).click();
    await expect(page.locator('.sku-field').getByRole('alert')).toHaveText(`SKU ${sku} is already used by "${name}".`);
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Second crate');
    expect(consoleErrors.filter((text) => !text.includes('409'))).toEqual([]);
  });

  test('a shopper finds the new product by header search and buys it', async ({ page, consoleErrors }) => {
    await login(page, customer);
    await headerSearch(page).fill(name);
    await headerSearch(page).press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: `Results for “${name}”` })).toBeVisible();
    const card = page.locator('article.product-card', { hasText: name });
    await expect(card).toBeVisible();
    await expect(page.locator('article.product-card')).toHaveCount(1);
    await expect(card.locator('.product-sku')).toHaveText(sku);

    // 20 crates reach the $22.00 tier: $440.00, shipping $25.00, Maine tax 5.5% $24.20.
    await card.getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await page.getByLabel('Quantity', { exact: true }).fill('20');
    await expect(page.getByText('20 × $22.00 = $440.00')).toBeVisible();
    await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await expect(page.getByText(`Added 20 × ${name} to your cart.`)).toBeVisible();
    await page.getByRole('link', { name: 'Cart, 20 items' }).click();
    await expect(page.getByRole('heading', { name: 'Cart' })).toBeVisible();
    await page.getByRole('button', { name: 'Proceed to checkout' }).click();

    await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
    await expect(page.getByLabel('Company', { exact: true })).toHaveValue('Lighthouse Provisions Co');
    await page.getByLabel('Address line 1').fill('48 Pier Road');
    await page.getByLabel('City').fill('Bar Harbor');
    await page.getByLabel('State / region').fill('ME');
    await page.getByLabel('Postal code').fill('04609');
    await page.getByLabel('Country').fill('United States');
    await page.getByRole('button', { name: 'Place order · $489.20' }).click();

    await expect(page).toHaveURL(/\/order-confirmation\/HW-[0-9A-Z]{10}$/);
    orderId = new URL(page.url()).pathname.split('/').pop()!;
    await expect(page.getByRole('heading', { name: 'Thank you, your order is placed' })).toBeVisible();
    await expect(page.getByText('20 × $22.00')).toHaveCount(1);
    await expect(page.locator('dd.total')).toHaveText('$489.20');

    const product = (await productsWithSku()).docs[0]!;
    await expect.poll(async () => (await product.ref.get()).get('stock')).toBe(100);
    await expect
      .poll(async () => (await db.doc(`orders/${orderId}`).get()).data())
      .toMatchObject({
        userId: customer.uid,
        status: 'pending',
        total: 48_920,
        items: [{ productId: product.id, quantity: 20, unitPrice: 2200 }],
      });
    expect(consoleErrors).toEqual([]);
  });

  test('the admin marks an order shipped through the orders page', async ({ page }) => {
    await login(page, admin, '/admin/orders');
    const search = page.getByRole('search', { name: 'Order search' });
    await search.getByLabel('Search orders').fill(orderId);
    await search.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('link', { name: `Order ${orderId}` }).click();
    const dialog = page.getByRole('dialog', { name: `Order ${orderId}` });
    await expect(dialog).toBeVisible();

    // Only the legal next statuses are offered.
    await expect(dialog.getByRole('button', { name: 'Start processing' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Mark as shipped' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Start processing' }).click();
    await dialog.getByRole('button', { name: 'Mark as shipped' }).click();
    // Shipping asks for the carrier and a tracking number in that carrier's format.
    const shipment = dialog.getByRole('form', { name: 'Shipment' });
    await shipment.getByLabel('Carrier').selectOption('UPS');
    await shipment.getByLabel('Tracking number').fill('12345');
    await shipment.getByRole('button', { name: 'Confirm shipment' }).click();
    await expect(shipment.getByRole('alert')).toHaveText('This is not a UPS tracking number (it looks like 1Z999AA10123456784).');
    await shipment.getByLabel('Tracking number').fill('1Z 999 AA1 0123456784');
    await shipment.getByRole('button', { name: 'Confirm shipment' }).click();
    await expect(dialog.getByRole('button', { name: 'Mark as delivered' })).toBeVisible();
    await expect(dialog.getByRole('link', { name: '1Z999AA10123456784' })).toBeVisible();
    await screenshot(page, 'admin-order-detail', { hideToasts: true });
    await expect(dialog.locator('.order-summary-row .status-badge')).toHaveText('Shipped');

    await expect.poll(async () => (await db.doc(`orders/${orderId}`).get()).get('status')).toBe('shipped');
    const order = (await db.doc(`orders/${orderId}`).get()).data()!;
    expect(order.statusHistory.map((change: { status: string }) => change.status)).toEqual(['pending', 'processing', 'shipped']);
    expect(order.shipmentCount).toBe(1);
    expect((await db.doc(`orders/${orderId}/shipments/1`).get()).data()).toMatchObject({ number: `${orderId}-1`, carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });

    // The buyer's inbox (the harness's maildev) has the shipped e-mail with the tracking link.
    const inbox = process.env.HARBOR_MAILDEV_URL!;
    type Caught = { subject: string; text: string; to: { address: string }[] };
    const shippedMail = async () =>
      ((await (await fetch(`${inbox}/email`)).json()) as Caught[]).filter((mail) => mail.to.some((to) => to.address === customer.email) && mail.subject === `Your order ${orderId} has shipped`);
    await expect.poll(async () => (await shippedMail()).length, { timeout: 30_000 }).toBe(1);
    const [mail] = await shippedMail();
    expect(mail!.text).toContain('Tracking number: 1Z999AA10123456784');
    expect(mail!.text).toContain('https://www.ups.com/track?tracknum=1Z999AA10123456784');
  });

  test("the shopper's order history on /profile shows the order as shipped", async ({ page }) => {
    await login(page, customer, '/profile');
    // The statement of account lists the order's invoice in a row of its own.
    const history = page.getByRole('region', { name: 'Order history' });
    const row = history.getByRole('row', { name: new RegExp(orderId) });
    await expect(row).toBeVisible();
    await expect(row.locator('.status-badge')).toHaveText('Shipped');
    await expect(row.getByText('$489.20')).toHaveCount(1);
    await scrollToSection(history);
    await screenshot(page, 'profile-history-shipped');

    await row.getByRole('link', { name: `Order ${orderId}, view details` }).click();
    await expect(page).toHaveURL((url) => url.pathname === `/order-confirmation/${orderId}`);
    await expect(page.getByRole('heading', { name: 'Thank you, your order is placed' })).toBeVisible();
    await expect(page.locator('.confirmation-header .status-badge')).toHaveText('Shipped');
    const shipment = page.getByRole('region', { name: 'Shipment' });
    await expect(shipment.getByText('UPS')).toBeVisible();
    await expect(shipment.getByRole('link', { name: '1Z999AA10123456784' })).toHaveAttribute('href', 'https://www.ups.com/track?tracknum=1Z999AA10123456784');

    // The invoice, issued when the order shipped, downloads as a PDF named by its number.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: new RegExp(`^Invoice INV-\\d{6} \\(PDF\\) for order ${orderId}$`) }).click();
    expect((await download).suggestedFilename()).toMatch(new RegExp(`^INV-\\d{6}-${orderId}\\.pdf$`));
  });
});

test.describe('admin pages', () => {
  test('the dashboard shows sales, open orders, low stock and the 30-day chart', async ({ page }) => {
    await createOrder(`today-${run}`, { status: 'pending', lines: [[5, 10]] });
    await login(page, admin, '/admin');
    await expect(page).toHaveURL((url) => url.pathname === '/admin/dashboard');
    await expect(page.getByRole('heading', { name: 'Revenue per day' })).toBeVisible();
    await expect(page.locator('.chart-bar')).toHaveCount(30);
    const today = page.locator('.stat').filter({ hasText: 'Today' });
    await expect.poll(async () => Number((await today.locator('.stat-note').textContent())?.split(' ')[0])).toBeGreaterThanOrEqual(1);
    await expect(page.getByRole('region', { name: 'Low on stock' }).getByRole('link').first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Latest orders' }).getByRole('link', { name: `today-${run}` }).first()).toBeVisible();
    const receivables = page.getByRole('region', { name: 'Receivables' });
    await expect(receivables.locator('.stat').filter({ hasText: 'Receivables' }).locator('.stat-value')).toHaveText(/^\$[\d,]+\.\d\d$/);
    await expect(receivables.locator('.stat').filter({ hasText: 'Overdue' }).locator('.stat-value')).toHaveText(/^\$[\d,]+\.\d\d$/);
    await screenshot(page, 'admin-dashboard');
  });

  test('the product list searches, filters, pages and toggles a product', async ({ page }) => {
    const rows = page.locator('.admin-table tbody tr');
    await login(page, admin, '/admin/products');
    await expect(rows).toHaveCount(20);
    await screenshot(page, 'admin-products');

    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Page 2')).toBeVisible();

    await page.getByLabel('Category', { exact: true }).selectOption('Beverages');
    const categoryCells = page.locator('.admin-table tbody tr td:nth-child(3)');
    await expect.poll(async () => new Set(await categoryCells.allTextContents())).toEqual(new Set(['Beverages']));

    const search = page.getByRole('search', { name: 'Product search' });
    // Several words: looked up by the one the fewest products hold (counted first), the others
    // checked on the page read.
    await search.getByLabel('Search products').fill('water sparkling');
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(rows.first()).toContainText('Sparkling Water');
    await expect.poll(async () => (await rows.allTextContents()).every((text) => text.includes('Sparkling Water'))).toBe(true);
    await search.getByLabel('Search products').fill('BEV-1002');
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(rows).toHaveCount(1);
    const toggle = page.getByRole('switch', { name: 'Sparkling Water, Unflavored is on sale' });
    const active = async () => (await db.doc('products/bev-1002').get()).get('active');
    await toggle.click();
    await expect(toggle).not.toBeChecked();
    await expect.poll(active).toBe(false);
    await toggle.click();
    await expect(toggle).toBeChecked();
    await expect.poll(active).toBe(true);
  });

  test('the product list fits a 360 px wide screen: the table scrolls, the page does not', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await login(page, admin, '/admin/products');
    await expect(page.locator('.admin-table tbody tr')).toHaveCount(20);
    await expect.poll(() => horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'admin-products');
  });

  test('the product CSV export writes every product by SKU, read a page at a time, and downloads it at the end', async ({ page, consoleErrors }) => {
    await login(page, admin, '/admin/products');
    await expect(page.locator('.admin-table tbody tr').first()).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    const stored = await db.collection('products').orderBy('sku').select('sku').get();
    const table = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true });
    expect(table.meta.fields?.slice(0, 3)).toEqual(['id', 'name', 'sku']);
    expect(table.data.map((row) => row.sku)).toEqual(stored.docs.map((product) => product.get('sku')));
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Products exported.' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Export products' })).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });

  test('the product CSV import reviews the file, runs as a job with its own page, and lists and downloads the refused rows', async ({ page, consoleErrors }) => {
    const sku = (n: number) => `IMP-${run.toUpperCase()}-${n}`;
    const csv = [
      'id,name,sku,brand,description,category,price,unit,packSize,minOrderQty,stock,active,tiers,imageUrl',
      `,Import Crate ${run} A,${sku(1)},Harbor,,Packaging,12.50,crate,1,1,40,false,,`,
      `,Import Crate ${run} B,${sku(2)},Harbor,,Packaging,13.50,crate,1,1,40,false,,`,
      `,Import Crate ${run} C,${sku(3)},Harbor,,Packaging,-1.00,crate,1,1,40,false,,`,
    ].join('\r\n');
    await login(page, admin, '/admin/products');
    await page.getByLabel('Import CSV').setInputFiles({ name: 'spring-crates.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const dialog = page.getByRole('dialog', { name: 'Import products' });
    await expect(dialog.getByRole('status')).toContainText('2 new, 0 changed, 0 unchanged. 1 row refused (listed below).');
    await expect(dialog.getByRole('row').filter({ hasText: 'Price must not be negative.' })).toContainText('4');
    await screenshot(page, 'admin-import-review');

    await dialog.getByRole('button', { name: 'Import 2 rows' }).click();
    await expect(page).toHaveURL(/\/admin\/products\/imports\/[A-Za-z0-9]+$/);
    await expect(page.getByRole('heading', { name: 'Import of spring-crates.csv' })).toBeVisible();
    // The page follows the job live: no reload between "waiting" and "finished".
    await expect(page.getByRole('status').filter({ hasText: 'Imported spring-crates.csv' })).toHaveText('Imported spring-crates.csv: 2 new, 0 changed, 0 unchanged, 1 refused.', { timeout: 60_000 });
    const refused = page.getByRole('table', { name: 'Refused rows by line of the file' });
    await expect(refused.getByRole('row')).toHaveCount(2);
    await expect(refused.getByRole('row').nth(1)).toHaveText(/4\s*price\s*Price must not be negative\./);
    await screenshot(page, 'admin-import-job');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download refused rows (CSV)' }).click()]);
    expect(download.suggestedFilename()).toBe('spring-crates-refused-rows.csv');
    expect((await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '')).toBe('line,column,problem\r\n4,price,Price must not be negative.\r\n');
    const stored = await db.collection('products').where('sku', 'in', [sku(1), sku(2), sku(3)]).get();
    expect(stored.docs.map((product) => [product.get('sku'), product.get('price')]).sort()).toEqual([
      [sku(1), 1250],
      [sku(2), 1350],
    ]);

    await page.getByRole('link', { name: 'All imports' }).click();
    await expect(page.getByRole('row').filter({ hasText: 'spring-crates.csv' }).first()).toContainText('Finished');
    expect(consoleErrors).toEqual([]);
  });

  test('an unknown product id shows not-found', async ({ page }) => {
    await login(page, admin, '/admin/products/edit/no-such-product');
    await expect(page.getByRole('heading', { name: 'Product not found' })).toBeVisible();
  });

  test('the order list filters by status and exports the filtered orders as CSV', async ({ page }) => {
    await login(page, admin, '/admin/orders');
    await expect(page.locator('.admin-table tbody tr').first()).toBeVisible();
    await screenshot(page, 'admin-orders');

    await page.getByLabel('Status', { exact: true }).selectOption('delivered');
    const statusBadges = page.locator('.admin-table tbody .status-badge');
    await expect.poll(async () => new Set(await statusBadges.allTextContents())).toEqual(new Set(['Delivered']));
    const badges = await statusBadges.allTextContents();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    const rows = csv.trim().split('\r\n');
    expect(rows[0]).toMatch(/^Order number,Placed at \(UTC\),Status,Company/);
    expect(rows.length - 1).toBeGreaterThanOrEqual(badges.length);
    expect(rows.slice(1).every((row) => row.split(',')[2] === 'delivered')).toBe(true);
    expect(csv).toContain(`hist-${run}-00`);
  });
});
