/**
 * The integrations page and the accounting export in the browser: an admin creates an API key,
 * sees its secret once and revokes it; adds a webhook endpoint on a port this test serves and
 * sees the delivery of an order placed meanwhile; reads an endpoint's delivery log and saves the
 * accounting settings; finance exports a period for Xero from the receivables page and gets the
 * invoices, credit notes and payments files.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Timestamp } from 'firebase-admin/firestore';
import type { Download } from '@playwright/test';
import { cartItemFor, expectedOrder, orderLinesFromCart, priceOrder, productFromData, taxRateFor, type PlaceOrderResult } from '@harbor/domain';
import { admin, login } from './accounts';
import { adminDb, newBuyer } from './adminAccounts';
import { callAs } from './callables';
import { expect, horizontalOverflow, screenshot, test, waitForToastsToClose } from './fixtures';

const finance = { email: 'finance@harbor.test', password: 'harbor-finance-1', name: 'Frankie Finance' };
const run = Date.now().toString(36);
// A callable's first call may wait for its worker to start.
const callable = { timeout: 45_000 };

/**
 * Whether the functions export `name`: the key and webhook callables are built beside this page,
 * and their journeys run once they are part of the shop.
 */

test.describe('integrations', () => {
  test('an admin creates an API key, sees its secret once, and revokes it', async ({ page }) => {
    await login(page, admin, '/admin/integrations');
    const keys = page.getByRole('region', { name: 'API keys' });
    await keys.getByRole('button', { name: 'Create key' }).click();
    const form = page.getByRole('dialog', { name: 'Create an API key' });
    await form.getByRole('button', { name: 'Create key' }).click();
    await expect(form.getByText('Give the key a name.')).toBeVisible();
    await form.getByLabel('Name').fill(`ERP ${run}`);
    await form.getByLabel(/Read orders/).check();
    await form.getByLabel(/Set stock/).check();
    await form.getByRole('button', { name: 'Create key' }).click();

    const shown = page.getByRole('dialog', { name: 'Your new API key' });
    await expect(shown.getByLabel('Secret')).toHaveValue(/^hk_live_\w+/, callable);
    await expect(shown.getByText('it will not be shown again')).toBeVisible();
    await screenshot(page, 'integrations-key-secret');
    await shown.getByRole('button', { name: 'I have copied it' }).click();
    await expect(shown).toBeHidden();
    await expect(page.getByText(/hk_live_\w{20,}/)).toHaveCount(0);

    const row = keys.getByRole('row', { name: new RegExp(`ERP ${run}`) });
    await expect(row).toContainText('orders:read');
    await expect(row).toContainText('inventory:write');
    await expect(row).toContainText('Never');
    await row.getByRole('button', { name: `Revoke ERP ${run}` }).click();
    const confirm = page.getByRole('dialog', { name: `Revoke “ERP ${run}”?` });
    await confirm.getByRole('button', { name: 'Revoke key' }).click();
    await expect(row).toContainText('Revoked', callable);
    await expect(row.getByRole('button', { name: /Revoke/ })).toHaveCount(0);
  });

  test('an admin adds a webhook endpoint and sees the delivery of an order placed meanwhile', async ({ page }) => {
    test.slow();
    const received: IncomingHttpHeaders[] = [];
    const server = createServer((request, response) => {
      received.push(request.headers);
      request.resume();
      request.on('end', () => response.writeHead(204).end());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/harbor/${run}`;
    try {
      await login(page, admin, '/admin/integrations');
      const endpoints = page.getByRole('region', { name: 'Webhook endpoints' });
      await endpoints.getByRole('button', { name: 'Add endpoint' }).click();
      const form = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
      await form.getByLabel('URL').fill(url);
      await form.getByLabel(/An order is placed/).check();
      await form.getByRole('button', { name: 'Add endpoint' }).click();
      const shown = page.getByRole('dialog', { name: "The endpoint's signing secret" });
      await expect(shown.getByLabel('Secret')).toHaveValue(/^whsec_/, callable);
      await shown.getByRole('button', { name: 'I have copied it' }).click();

      const endpoint = endpoints.getByRole('listitem').filter({ hasText: url });
      await expect(endpoint).toContainText('order.created');
      const buyer = await newBuyer('Wanda Webhook');
      const water = productFromData('bev-1001', (await adminDb.doc('products/bev-1001').get()).data()!);
      // Six cases: over the minimum order value.
      const item = cartItemFor(water, 6);
      await adminDb.doc(`carts/${buyer.uid}`).set({ items: [item] });
      const address = { line1: '7 Quay St', line2: '', city: 'Portland', region: 'ME', postalCode: '04101', country: 'United States' };
      const expected = expectedOrder(priceOrder(orderLinesFromCart([item]), new Map([[water.id, water]]), { contract: null, taxRateBasisPoints: taxRateFor(address.region) }));
      await callAs<PlaceOrderResult>(buyer, 'placeOrder', { requestId: randomUUID(), shippingAddress: address, company: 'Wanda Webhook Trading', paymentMethod: 'invoice-net30', expected });
      await expect.poll(() => received.length, { timeout: 45_000 }).toBeGreaterThan(0);
      expect(received[0]).toEqual(expect.objectContaining({ 'webhook-id': expect.any(String), 'webhook-signature': expect.stringMatching(/^v1,/) }));

      await endpoint.getByRole('button', { name: 'Deliveries' }).click();
      const log = endpoint.getByRole('table');
      await expect(async () => {
        await endpoint.getByRole('button', { name: 'Refresh' }).click();
        await expect(log.getByRole('row', { name: /order\.created/ })).toContainText('Delivered', { timeout: 2_000 });
      }).toPass({ timeout: 30_000 });
      await expect(log.getByRole('row', { name: /order\.created/ })).toContainText('HTTP 204');
    } finally {
      server.close();
    }
  });

  test("an admin reads an endpoint's delivery log and saves the accounting settings", async ({ page, consoleErrors }) => {
    // An endpoint that stopped after a day of failures, with one delivery that arrived and one that did not.
    const endpointId = `e2e-${run}`;
    const day = 24 * 60 * 60 * 1000;
    await adminDb.doc(`webhookEndpoints/${endpointId}`).set({
      url: `https://erp-${run}.example.com/harbor/webhooks/receive`,
      events: ['order.created', 'shipment.created', 'invoice.issued'],
      enabled: false,
      disabledReason: 'Turned off after failing for 24 hours. Fix the endpoint, then turn it on again.',
      createdAt: Timestamp.fromMillis(Date.now() - 3 * day),
      updatedAt: Timestamp.now(),
      failingSince: Timestamp.fromMillis(Date.now() - day),
    });
    const deliveries = adminDb.collection(`webhookEndpoints/${endpointId}/deliveries`);
    await deliveries.doc(`msg_${run}_1`).set({ type: 'order.created', status: 'delivered', attempts: 1, responseCode: 200, error: '', createdAt: Timestamp.fromMillis(Date.now() - 2 * day), lastAttemptAt: Timestamp.fromMillis(Date.now() - 2 * day) });
    await deliveries.doc(`msg_${run}_2`).set({ type: 'shipment.created', status: 'failed', attempts: 12, responseCode: 503, error: 'The endpoint answered 503 Service Unavailable.', createdAt: Timestamp.fromMillis(Date.now() - day), lastAttemptAt: Timestamp.now() });

    await login(page, admin, '/admin/integrations');
    await expect(page.getByRole('heading', { name: 'Integrations', level: 1 })).toBeVisible();
    const endpoint = page.getByRole('region', { name: 'Webhook endpoints' }).getByRole('listitem').filter({ hasText: `erp-${run}` });
    await expect(endpoint).toContainText('Turned off after failing for 24 hours');
    await expect(endpoint.getByRole('button', { name: 'Turn on again' })).toBeVisible();
    await endpoint.getByRole('button', { name: 'Deliveries' }).click();
    const log = endpoint.getByRole('table');
    await expect(log.getByRole('row', { name: /shipment\.created/ })).toContainText('Failed');
    await expect(log.getByRole('row', { name: /shipment\.created/ })).toContainText('HTTP 503');
    await expect(log.getByRole('row', { name: /order\.created/ })).toContainText('Delivered');
    await expect(log.getByRole('button', { name: /Resend/ })).toHaveCount(2);
    await screenshot(page, 'integrations-deliveries');

    const settings = page.getByRole('region', { name: 'Accounting export' });
    await settings.getByLabel('Sales item').fill('');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await expect(settings.getByText('Give the sales item.')).toBeVisible();
    await settings.getByLabel('Sales item').fill(`Wholesale ${run}`);
    await settings.getByLabel('Income account').fill('4100');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('Accounting export settings saved.')).toBeVisible(callable);
    expect((await adminDb.doc('settings/accounting').get()).get('salesItem')).toBe(`Wholesale ${run}`);
    await waitForToastsToClose(page);
    await expect.poll(() => horizontalOverflow(page)).toBe(0);
    expect(consoleErrors).toEqual([]);
  });

  test('finance exports a period for Xero from the receivables page and gets the three files', async ({ page }) => {
    const invoice = `INV-9${String(Date.now()).slice(-5)}`;
    const companyId = `acct-${run}`;
    await adminDb.doc(`companies/${companyId}`).set({ name: `Ledger & Sons ${run}`, status: 'approved', members: {} });
    const line = { productId: 'bev-1001', sku: 'BEV-1001', name: 'Sparkling Water, Lime', unit: 'case of 24', quantity: 4, unitPrice: 1_850, lineTotal: 7_400 };
    await adminDb.doc(`invoices/${invoice}`).set({
      sequence: Number(invoice.slice(4)),
      orderId: `HW-${run}`,
      companyId,
      buyer: { name: 'Ledger & Sons', email: `ap-${run}@harbor.test` },
      poNumber: `PO-${run}`,
      paymentMethod: 'invoice-net30',
      currency: 'USD',
      lines: [line],
      subtotal: 7_400,
      shipping: 0,
      tax: 0,
      taxRateBasisPoints: 0,
      taxExempt: true,
      total: 7_400,
      issuedAt: Timestamp.now(),
      dueAt: Timestamp.fromMillis(Date.now() + 30 * 24 * 60 * 60 * 1000),
      status: 'open',
    });
    const accountCode = String((await adminDb.doc('settings/accounting').get()).get('incomeAccount') ?? '4000');

    await login(page, finance, '/admin/receivables');
    await page.getByRole('button', { name: 'Export for accounting' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export for accounting' });
    await dialog.getByLabel('Xero').check();
    await screenshot(page, 'integrations-accounting-export');
    const downloads: Download[] = [];
    page.on('download', (download) => downloads.push(download));
    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    await expect(dialog.getByRole('list', { name: 'Files downloaded' }).getByRole('listitem')).toHaveCount(3, callable);
    await expect.poll(() => downloads.length).toBe(3);
    expect(downloads.map((download) => download.suggestedFilename())).toEqual([expect.stringMatching(/^xero-invoices-.*\.csv$/), expect.stringMatching(/^xero-credit-notes-/), expect.stringMatching(/^xero-payments-/)]);
    const invoices = await readFile(await downloads[0]!.path(), 'utf8');
    expect(invoices.split('\r\n')[0]).toBe('ContactName,EmailAddress,InvoiceNumber,Reference,InvoiceDate,DueDate,InventoryItemCode,Description,Quantity,UnitAmount,Discount,AccountCode,TaxType,TaxAmount,Currency');
    const row = invoices.split('\r\n').find((each) => each.includes(invoice));
    expect(row).toContain(`Ledger & Sons ${run},ap-${run}@harbor.test,${invoice},PO-${run},`);
    expect(row).toContain(`,4,18.50,,${accountCode},`);
    await screenshot(page, 'integrations-accounting-exported');
  });
});
