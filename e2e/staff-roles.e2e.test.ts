/**
 * The back office by role: the warehouse ships an order and cannot open Customers; finance sets a
 * credit limit and reads the change as a sentence in the company's history from the audit log,
 * which the admin's audit log page and its CSV say in the same words; a sales rep sees only the
 * companies assigned to it, and their quotes.
 */
import { readFile } from 'node:fs/promises';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import type { Page } from '@playwright/test';
import { expect, screenshot, test } from './fixtures';
import { writeOrder } from './orders';

const app = getApps().find((each) => each.name === 'staff-e2e') ?? initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-harbor' }, 'staff-e2e');
const db = getFirestore(app);
const run = Date.now().toString(36);

const STAFF = {
  admin: { email: 'admin@harbor.test', password: 'harbor-admin-1', name: 'Avery Admin' },
  sales: { email: 'sales@harbor.test', password: 'harbor-sales-1', name: 'Sam Sales' },
  warehouse: { email: 'warehouse@harbor.test', password: 'harbor-warehouse-1', name: 'Wren Warehouse' },
  finance: { email: 'finance@harbor.test', password: 'harbor-finance-1', name: 'Frankie Finance' },
};

async function signIn(page: Page, account: { email: string; password: string; name: string }): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-mail', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText(`Hi, ${account.name}`)).toBeVisible();
}

/** A pending order of Seaside Café (the demo buyer's company), as placeOrder writes it. */
async function pendingOrder(id: string): Promise<void> {
  const buyer = (await db.collection('users').where('email', '==', 'buyer@harbor.test').limit(1).get()).docs[0]!;
  await writeOrder(db, id, { buyer: { uid: buyer.id, email: 'buyer@harbor.test' }, companyId: 'seaside-cafe', company: 'Seaside Café Ltd', lines: [[0, 2]] });
}

test.describe('back-office roles', () => {
  test('the warehouse ships an order, cannot cancel it, and has no Customers', async ({ page, consoleErrors }) => {
    const orderId = `HW-WH-${run}`;
    await pendingOrder(orderId);
    await signIn(page, STAFF.warehouse);
    await page.goto('/admin/dashboard');
    const sections = page.getByRole('navigation', { name: 'Admin sections' });
    await expect(sections.getByRole('link')).toHaveText(['Dashboard', 'Products', 'Orders']);
    await expect(page.getByRole('heading', { name: 'Orders to pack and ship' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Receivables' })).toHaveCount(0);

    await page.goto('/admin/orders');
    const search = page.getByRole('search', { name: 'Order search' });
    await search.getByLabel('Search orders').fill(orderId);
    await search.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('link', { name: `Order ${orderId}` }).click();
    const dialog = page.getByRole('dialog', { name: `Order ${orderId}` });
    await expect(dialog.getByRole('button', { name: 'Start processing' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: /packing slip/i })).toBeVisible();
    await expect(dialog.getByRole('button', { name: /invoice/i })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Start processing' }).click();
    await dialog.getByRole('button', { name: 'Mark as shipped' }).click();
    const shipment = dialog.getByRole('form', { name: 'Shipment' });
    await shipment.getByLabel('Carrier').selectOption('UPS');
    await shipment.getByLabel('Tracking number').fill('1Z 999 AA1 0123456784');
    await shipment.getByRole('button', { name: 'Confirm shipment' }).click();
    await expect(dialog.getByRole('button', { name: 'Mark as delivered' })).toBeVisible();
    await expect.poll(async () => (await db.doc(`orders/${orderId}`).get()).get('status')).toBe('shipped');
    const entries = await db.collection('auditLog').where('target', '==', `orders/${orderId}`).get();
    expect(entries.docs.map((entry) => [entry.get('actor.role'), entry.get('summary')]).sort()).toEqual([
      ['warehouse', `Order ${orderId}: Pending → Processing`],
      ['warehouse', `Order ${orderId}: Processing → Shipped (UPS 1Z999AA10123456784)`],
    ]);
    await page.keyboard.press('Escape');

    await page.goto('/admin/customers');
    await expect(page.getByRole('heading', { name: 'You do not have access to this page' })).toBeVisible();
    await screenshot(page, 'staff-warehouse-no-access');
    expect(consoleErrors).toEqual([]);
  });

  test('finance sets a credit limit and reads it as a sentence in the history from the audit log, which the admin lists and exports in the same words', async ({ page, consoleErrors }) => {
    await signIn(page, STAFF.finance);
    await page.goto('/admin/customers/seaside-cafe');
    const terms = page.getByRole('form', { name: 'Terms and prices' });
    await expect(terms.getByLabel('Credit limit ($)')).toBeVisible();
    // Finance sets terms and credit, not contract prices.
    await expect(terms.getByLabel('Contract discount (%)')).toHaveCount(0);
    const limit = 30_000 + (Date.now() % 1000);
    await terms.getByLabel('Credit limit ($)').fill(`${limit}.00`);
    await terms.getByRole('button', { name: 'Save terms' }).click();
    // The change reads as a sentence with money, in the recent changes and the company's history.
    const history = page.getByRole('region', { name: 'Recent changes' });
    const money = `\\$${limit.toLocaleString('en-US')}\\.00`;
    const sentence = `Credit limit changed from \\$[\\d,.]+ to ${money}\\.`;
    await expect(history.getByRole('row', { name: new RegExp(`Frankie Finance.*${sentence}`) })).toBeVisible();
    await expect(history.getByText(/creditLimit|\{/)).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'History' }).getByText(new RegExp(sentence)).first()).toBeVisible();
    await screenshot(page, 'staff-finance-credit');
    await expect(page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Audit log' })).toHaveCount(0);

    await page.locator('summary', { hasText: 'Hi, Frankie Finance' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    await signIn(page, STAFF.admin);
    await page.goto('/admin/audit');
    const filters = page.getByRole('form', { name: 'Audit log filters' });
    // Each action once in the filter.
    const actions = await filters.getByLabel('Action').locator('option').allTextContents();
    expect(new Set(actions).size).toBe(actions.length);
    await filters.getByLabel('Action').selectOption('company.update');
    await filters.getByLabel('Target').fill('companies/seaside-cafe');
    await filters.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByRole('table', { name: 'Audit log' }).getByRole('row', { name: new RegExp(`Frankie Finance.*Finance.*${sentence}`) })).toBeVisible();
    await screenshot(page, 'staff-audit-log');
    // The CSV says it in the same words.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const csv = await readFile(await download.path(), 'utf8');
    expect(csv).toMatch(new RegExp(`Frankie Finance,Finance,Customer changed,companies/seaside-cafe,Seaside Café Ltd: changed credit limit,"${sentence}"`));
    expect(csv).not.toMatch(/creditLimit|[{}]/);
    expect(consoleErrors).toEqual([]);
  });

  test('a sales rep sees only its companies and their quotes, and no orders page', async ({ page, consoleErrors }) => {
    await signIn(page, STAFF.sales);
    await page.goto('/admin/dashboard');
    await expect(page.getByRole('heading', { name: 'Your companies' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Seaside Café Ltd' })).toBeVisible();
    await page.goto('/admin/customers');
    await expect(page.getByRole('link', { name: 'Seaside Café Ltd' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Tidepool Bistro' })).toHaveCount(0);
    // Its quotes are asked by the companies assigned to it now, which the rules check.
    await page.goto('/admin/quotes');
    await expect(page.getByRole('table', { name: 'Quotes, the last changed first' }).or(page.getByText('No quotes yet.'))).toBeVisible();
    await expect(page.getByText('The quotes could not be loaded. Please try again.')).toHaveCount(0);
    await page.goto('/admin/customers/tidepool-bistro');
    await expect(page.getByText('There is no customer tidepool-bistro.')).toBeVisible();
    await page.goto('/admin/orders');
    await expect(page.getByRole('heading', { name: 'You do not have access to this page' })).toBeVisible();
    await screenshot(page, 'staff-sales-no-orders');
    // The refused read of the unassigned company is the browser's own 403 line; nothing else.
    expect(consoleErrors.filter((error) => !error.includes('status of 403 (Forbidden)'))).toEqual([]);
  });
});
