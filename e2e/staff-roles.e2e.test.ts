/**
 * The back office by role, one walk per role through the README's table of what each may do, as a
 * week goes: the warehouse ships an order of Seaside Café (which issues its invoice), finance sets
 * the café's credit limit and reaches its invoice's payment, the café's sales rep follows its
 * orders and prices its quote request, and the admin finds all of it and the audit log. Each walk
 * does (or reaches the working control of) what its role may do, finds nothing of what it may
 * not, and checks its dashboard on a desktop and a phone.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { login } from './accounts';
import { adminDb } from './adminAccounts';
import { viewports } from './browser';
import { expect, horizontalOverflow, screenshot, scrollToSection, test } from './fixtures';
import { writeOrder } from './orders';
import { writeQuoteRequest } from './quoteRequests';

const run = Date.now().toString(36).toUpperCase();
/** Seaside Café's pending order, which the warehouse ships; and an order of a company no sales rep looks after. */
const SEASIDE_ORDER = `HW-WK${run}`.slice(0, 13);
const OTHER_ORDER = `HW-XO${run}`.slice(0, 13);
const QUOTE_ID = `week-${run}`;
const QUOTE_NUMBER = `Q-9${String(Date.now()).slice(-5)}`;

const STAFF = {
  admin: { email: 'admin@harbor.test', password: 'harbor-admin-1', name: 'Avery Admin' },
  sales: { email: 'sales@harbor.test', password: 'harbor-sales-1', name: 'Sam Sales' },
  warehouse: { email: 'warehouse@harbor.test', password: 'harbor-warehouse-1', name: 'Wren Warehouse' },
  finance: { email: 'finance@harbor.test', password: 'harbor-finance-1', name: 'Frankie Finance' },
};
type Role = keyof typeof STAFF;


/** The back office's tabs the role is shown. */
const tabs = (page: Page) => page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link');

/** The order's dialog over the orders page, as its link from a list opens it. */
async function openOrder(page: Page, orderId: string) {
  await page.goto(`/admin/orders?order=${orderId}`);
  return page.getByRole('dialog', { name: `Order ${orderId}` });
}

/**
 * The dashboard as shown (its first card loaded) fits the width at 1280 px and on a phone: nothing
 * wider than the page, order and quote numbers whole on one line; screenshots of both.
 */
async function dashboardFits(page: Page, role: Role, firstCard: string): Promise<void> {
  await expect(page.getByRole('heading', { name: firstCard })).toBeVisible();
  for (const viewport of [viewports.desktop, viewports.phone]) {
    await page.setViewportSize(viewport);
    await expect.poll(() => horizontalOverflow(page)).toBe(0);
    const brokenNumbers = await page.locator('.admin-table .mono').evaluateAll((numbers) => numbers.filter((number) => number.getClientRects().length > 1).length);
    expect(brokenNumbers).toBe(0);
    await screenshot(page, `staff-${role}-dashboard`);
  }
  await page.setViewportSize(viewports.desktop);
}

test.describe.configure({ mode: 'serial' });

test.describe("back-office roles, a week's walk", () => {
  test.beforeAll(async () => {
    const buyer = (await adminDb.collection('users').where('email', '==', 'buyer@harbor.test').limit(1).get()).docs[0]!;
    await writeOrder(adminDb, SEASIDE_ORDER, { buyer: { uid: buyer.id, email: 'buyer@harbor.test' }, companyId: 'seaside-cafe', company: 'Seaside Café Ltd', lines: [[0, 2]] });
    await writeOrder(adminDb, OTHER_ORDER, { buyer: { uid: 'faraway-buyer', email: 'orders@faraway.test' }, companyId: `faraway-${run}`, company: 'Faraway Provisions', lines: [[4, 5]] });
    // Cold brew at its contract price ($49.00), sparkling water at its volume tier ($16.99 from 40).
    await writeQuoteRequest(adminDb, QUOTE_ID, { number: QUOTE_NUMBER, companyId: 'seaside-cafe', companyName: 'Seaside Café Ltd', buyer: { uid: buyer.id, name: 'Blake Buyer', email: 'buyer@harbor.test' }, lines: [[2, 12], [0, 40]] });
  });

  test('the warehouse: packs and ships orders, adjusts stock; no cancelling, invoices, customers or money', async ({ page, consoleErrors }) => {
    await login(page, STAFF.warehouse, '/admin/dashboard');
    await expect(tabs(page)).toHaveText(['Dashboard', 'Products', 'Orders', 'Returns', 'To ship']);
    await expect(page.getByRole('region', { name: 'Receivables' })).toHaveCount(0);
    await dashboardFits(page, 'warehouse', 'Orders to pack and ship');

    // Stock, not products: an adjustment with a reason, no editing.
    await page.goto('/admin/products?q=BEV-1001');
    await page.getByRole('button', { name: 'Adjust stock of Sparkling Water, Lime' }).click();
    await expect(page.getByRole('dialog', { name: 'Adjust stock of Sparkling Water, Lime' }).getByLabel('Reason')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('link', { name: 'New product', exact: true })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Edit Sparkling Water, Lime' })).toHaveCount(0);

    // Every order; moves it on and ships it, with its packing slip; neither cancels nor sees invoices.
    const dialog = await openOrder(page, SEASIDE_ORDER);
    await expect(dialog.getByRole('button', { name: /packing slip/i })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Start processing' }).click();
    await dialog.getByRole('button', { name: 'Mark as shipped' }).click();
    const shipment = dialog.getByRole('form', { name: 'Shipment' });
    await shipment.getByLabel('Carrier').selectOption('UPS');
    await shipment.getByLabel('Tracking number').fill('1Z 999 AA1 0123456784');
    await shipment.getByRole('button', { name: 'Confirm shipment' }).click();
    await expect(dialog.getByRole('button', { name: 'Mark as delivered' })).toBeVisible();
    await expect(dialog.getByText(/^Invoice INV-/)).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: /Mark paid/ })).toHaveCount(0);
    await page.keyboard.press('Escape');

    await page.goto('/admin/customers');
    await expect(page.getByRole('heading', { name: 'You do not have access to this page' })).toBeVisible();
    await screenshot(page, 'staff-warehouse-no-access');
    expect(consoleErrors).toEqual([]);
  });

  test('finance: every order and its invoice’s payment, every customer’s terms, credit and decision; no products, fulfilment, contract prices or staff', async ({ page, consoleErrors }) => {
    await login(page, STAFF.finance, '/admin/dashboard');
    await expect(tabs(page)).toHaveText(['Dashboard', 'Orders', 'Returns', 'Customers', 'Receivables']);
    await expect(page.getByRole('region', { name: 'Receivables' })).toBeVisible();
    await dashboardFits(page, 'finance', 'Revenue per day');

    // The invoice the warehouse's shipment issued: finance records its payment, and moves no order.
    const dialog = await openOrder(page, SEASIDE_ORDER);
    await expect(dialog.getByText(/^Invoice INV-\d{6}/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Mark paid…' }).click();
    await expect(page.getByRole('dialog', { name: /^Mark invoice INV-\d{6} paid\?$/ }).getByRole('button', { name: 'Mark paid' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog.getByRole('button', { name: 'Issue credit note' })).toBeVisible();
    await expect(dialog.getByRole('region', { name: 'Change status' })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: /packing slip/i })).toHaveCount(0);
    await page.keyboard.press('Escape');

    // Every customer: decides a pending one, sets terms and credit, keeps the note; no contract prices or sales rep.
    await page.goto('/admin/customers/tidepool-bistro');
    await expect(page.getByRole('button', { name: 'Approve' })).toBeVisible();
    await page.goto('/admin/customers/seaside-cafe');
    const terms = page.getByRole('form', { name: 'Terms and prices' });
    await expect(terms.getByLabel('Internal note')).toBeVisible();
    await expect(terms.getByLabel('Contract discount (%)')).toHaveCount(0);
    await expect(terms.getByLabel('Sales rep')).toHaveCount(0);
    const limit = 30_000 + (Date.now() % 1000);
    await terms.getByLabel('Credit limit ($)').fill(`${limit}.00`);
    await terms.getByRole('button', { name: 'Save terms' }).click();
    // The change reads as a sentence with money, in the recent changes and the company's history.
    const history = page.getByRole('region', { name: 'Recent changes' });
    const sentence = `Credit limit changed from \\$[\\d,.]+ to \\$${limit.toLocaleString('en-US')}\\.00\\.`;
    await expect(history.getByRole('row', { name: new RegExp(`Frankie Finance.*${sentence}`) })).toBeVisible();
    await expect(history.getByText(/creditLimit|\{/)).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'History' }).getByText(new RegExp(sentence)).first()).toBeVisible();
    await screenshot(page, 'staff-finance-credit');
    expect(consoleErrors).toEqual([]);
  });

  test('a sales rep: its companies, their orders and invoices, their quote requests priced from their own prices; no other company, and nothing it may not change', async ({ page, consoleErrors }) => {
    await login(page, STAFF.sales, '/admin/dashboard');
    await expect(tabs(page)).toHaveText(['Dashboard', 'Orders', 'Returns', 'Customers', 'Quotes']);
    const requests = page.getByRole('table', { name: 'Quote requests, the last changed first' });
    await expect(requests.getByRole('link', { name: QUOTE_NUMBER })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Their latest orders' }).getByRole('link', { name: `Order ${SEASIDE_ORDER}` })).toBeVisible();
    await dashboardFits(page, 'sales', 'Quote requests');

    // Its companies' orders, each with its invoice; no other company's; it changes none.
    await page.getByRole('region', { name: 'Their latest orders' }).getByRole('link', { name: `Order ${SEASIDE_ORDER}` }).click();
    const dialog = page.getByRole('dialog', { name: `Order ${SEASIDE_ORDER}` });
    await expect(dialog.getByRole('button', { name: /^Invoice INV-\d{6} \(PDF\)/ })).toBeVisible();
    await expect(dialog.getByRole('button', { name: /Mark paid/ })).toHaveCount(0);
    await expect(dialog.getByRole('region', { name: 'Change status' })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: /packing slip/i })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('table').getByRole('link', { name: `Order ${SEASIDE_ORDER}` })).toBeVisible();
    const search = page.getByRole('search', { name: 'Order search' });
    await search.getByLabel('Search orders').fill(OTHER_ORDER);
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText(`No orders match “${OTHER_ORDER}”.`)).toBeVisible();
    await screenshot(page, 'staff-sales-orders');

    // Its company: the internal note, none of the terms, decisions, prices or assignment.
    await page.goto('/admin/customers');
    await expect(page.getByRole('link', { name: 'Tidepool Bistro' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Seaside Café Ltd' }).click();
    await expect(page.getByRole('form', { name: 'Internal note' }).getByRole('button', { name: 'Save note' })).toBeVisible();
    await expect(page.getByLabel('Credit limit ($)')).toHaveCount(0);
    await expect(page.getByLabel('Contract discount (%)')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Put on hold' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Orders' }).getByRole('link', { name: SEASIDE_ORDER })).toBeVisible();

    // The quote request, offered at the café's own prices beside list; sent as offered.
    await page.goto(`/admin/quotes/${QUOTE_ID}`);
    const coffee = page.getByRole('row', { name: /Cold Brew Coffee Concentrate/ });
    await expect(coffee.getByRole('cell', { name: /^\$49\.00\s*Contract$/ })).toBeVisible();
    await expect(coffee.getByLabel('Unit price of Cold Brew Coffee Concentrate in dollars')).toHaveValue('49.00');
    const water = page.getByRole('row', { name: /Sparkling Water, Lime/ });
    await expect(water.getByRole('cell', { name: /^\$16\.99\s*Volume tier$/ })).toBeVisible();
    await expect(water.getByLabel('Unit price of Sparkling Water, Lime in dollars')).toHaveValue('16.99');
    await expect.poll(() => horizontalOverflow(page)).toBe(0);
    await scrollToSection(page.getByRole('form', { name: 'Prices' }));
    await screenshot(page, 'staff-sales-quote-editor');
    await page.getByRole('button', { name: 'Send quote' }).click();
    await expect(page.getByText(`Quote ${QUOTE_NUMBER} sent to Seaside Café Ltd.`)).toBeVisible();
    expect(((await adminDb.doc(`quotes/${QUOTE_ID}`).get()).get('lines') as { unitPrice: number }[]).map((line) => line.unitPrice)).toEqual([4900, 1699]);

    await page.goto('/admin/products');
    await expect(page.getByRole('heading', { name: 'You do not have access to this page' })).toBeVisible();
    // The refused read of an unassigned company is the browser's own 403 line; nothing else.
    expect(consoleErrors.filter((error) => !error.includes('status of 403 (Forbidden)'))).toEqual([]);
  });

  test('the admin: everything of the table, the staff and the audit log of the week', async ({ page, consoleErrors }) => {
    await login(page, STAFF.admin, '/admin/dashboard');
    await expect(tabs(page)).toHaveText(['Dashboard', 'Products', 'Orders', 'Returns', 'To ship', 'Customers', 'Receivables', 'Quotes', 'Staff', 'Audit log', 'Integrations']);
    await dashboardFits(page, 'admin', 'Revenue per day');

    await page.goto('/admin/products?q=BEV-1001');
    for (const name of ['Adjust stock of Sparkling Water, Lime', 'Delete Sparkling Water, Lime', 'Export CSV']) await expect(page.getByRole('button', { name })).toBeVisible();
    for (const name of ['New product', 'Edit Sparkling Water, Lime']) await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
    await expect(page.getByText('Import CSV')).toBeVisible();

    // Any company's order: moved on, cancelled, packed; the shipped one's invoice paid or credited.
    let dialog = await openOrder(page, OTHER_ORDER);
    for (const name of ['Start processing', 'Cancel order', /packing slip/i]) await expect(dialog.getByRole('button', { name })).toBeVisible();
    await page.keyboard.press('Escape');
    dialog = await openOrder(page, SEASIDE_ORDER);
    for (const name of ['Mark paid…', 'Issue credit note', 'Mark as delivered']) await expect(dialog.getByRole('button', { name })).toBeVisible();
    await page.keyboard.press('Escape');

    // Any customer: decided, its terms, contract prices, note and sales rep.
    await page.goto('/admin/customers/tidepool-bistro');
    await expect(page.getByRole('button', { name: 'Approve' })).toBeVisible();
    const terms = page.getByRole('form', { name: 'Terms and prices' });
    for (const label of ['Credit limit ($)', 'Contract discount (%)', 'Internal note', 'Sales rep']) await expect(terms.getByLabel(label)).toBeVisible();

    await page.goto('/admin/staff');
    await expect(page.getByRole('region', { name: 'Staff members' }).getByRole('row', { name: /Sam Sales/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Give role' })).toBeVisible();

    // The week in the audit log: the warehouse's shipment and finance's credit limit.
    await page.goto('/admin/audit');
    const log = page.getByRole('table', { name: 'Audit log' });
    const filters = page.getByRole('form', { name: 'Audit log filters' });
    await filters.getByLabel('Target').fill(`orders/${SEASIDE_ORDER}`);
    await filters.getByRole('button', { name: 'Apply' }).click();
    await expect(log.getByRole('row', { name: new RegExp(`Wren Warehouse.*Order ${SEASIDE_ORDER}: shipment ${SEASIDE_ORDER}-1`) })).toBeVisible();
    // Each action once in the filter; finance's credit limit as a sentence, and the CSV in the same words.
    const actions = await filters.getByLabel('Action').locator('option').allTextContents();
    expect(new Set(actions).size).toBe(actions.length);
    await filters.getByLabel('Action').selectOption('company.update');
    await filters.getByLabel('Target').fill('companies/seaside-cafe');
    await filters.getByRole('button', { name: 'Apply' }).click();
    const sentence = 'Credit limit changed from \\$[\\d,.]+ to \\$[\\d,.]+\\.';
    await expect(log.getByRole('row', { name: new RegExp(`Frankie Finance.*Finance.*${sentence}`) }).first()).toBeVisible();
    await screenshot(page, 'staff-audit-log');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const csv = await readFile(await download.path(), 'utf8');
    expect(csv).toMatch(new RegExp(`Frankie Finance,Finance,Customer changed,companies/seaside-cafe,Seaside Café Ltd: changed credit limit,"${sentence}"`));
    expect(csv).not.toMatch(/creditLimit|[{}]/);
    expect(consoleErrors).toEqual([]);
  });
});
