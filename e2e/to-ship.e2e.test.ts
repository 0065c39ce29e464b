/**
 * The warehouse's To ship queue: an order with a line short (25 of 40 cases on the shelf, the rest
 * on backorder) is listed with what is ready and what waits, reached from the dashboard and found
 * by product, and its pick list downloads as a PDF.
 */
import { readFile } from 'node:fs/promises';
import { fulfilmentIndex, type FulfilledItem } from '@harbor/domain';
import { login } from './accounts';
import { adminDb } from './adminAccounts';
import { viewports } from './browser';
import { expect, horizontalOverflow, screenshot, test } from './fixtures';
import { writeOrder } from './orders';

const ORDER = `HW-TS${Date.now().toString(36).toUpperCase()}`.slice(0, 13);
const warehouse = { email: 'warehouse@harbor.test', password: 'harbor-warehouse-1', name: 'Wren Warehouse' };

/** Seaside Café's order of 40 Sparkling Water (25 on the shelf) and 3 Spring Water, as placeOrder leaves it; the oldest ready to ship. */
async function orderWithBackorder(): Promise<void> {
  const buyer = (await adminDb.collection('users').where('email', '==', 'buyer@harbor.test').limit(1).get()).docs[0]!;
  await writeOrder(adminDb, ORDER, { buyer: { uid: buyer.id, email: 'buyer@harbor.test' }, companyId: 'seaside-cafe', company: 'Seaside Café Ltd', lines: [[0, 40], [4, 3]], daysAgo: 30 });
  const order = adminDb.doc(`orders/${ORDER}`);
  const items = ((await order.get()).get('items') as FulfilledItem[]).map((item, index) => {
    const allocated = index === 0 ? 25 : item.quantity;
    return { ...item, allocated, backordered: item.quantity - allocated, shipped: 0, cancelled: 0 };
  });
  await order.update({ items, shipComplete: false, ...fulfilmentIndex('pending', items, false) });
}

test('the warehouse finds an order with a backordered line in its To ship queue and downloads the pick list', async ({ page, consoleErrors }) => {
  await orderWithBackorder();
  await login(page, warehouse, '/admin/dashboard');
  await page.getByRole('link', { name: 'To ship queue' }).click();
  await expect(page.getByRole('heading', { name: 'To ship', level: 1 })).toBeVisible();

  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: `Order ${ORDER}` }) });
  await expect(row).toContainText('25 × BEV-1001');
  await expect(row).toContainText('3 × BEV-1005');
  await expect(row).toContainText('15 units on backorder');
  for (const viewport of [viewports.desktop, viewports.phone]) {
    await page.setViewportSize(viewport);
    await expect.poll(() => horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'to-ship');
  }

  // By product: the order has Sparkling Water ready.
  const byProduct = page.getByRole('search', { name: 'Filter by product' });
  await byProduct.getByLabel('Product SKU').fill('bev-1001');
  await byProduct.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('Orders with Sparkling Water, Lime (BEV-1001) ready to ship.')).toBeVisible();
  await expect(row).toContainText('25 × BEV-1001');

  await row.getByRole('checkbox', { name: `Select order ${ORDER}` }).check();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Pick list of the 1 selected order (PDF)' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^pick-list-\d{4}-\d{2}-\d{2}\.pdf$/);
  expect((await readFile(await download.path())).subarray(0, 5).toString()).toBe('%PDF-');
  expect(consoleErrors).toEqual([]);
});
