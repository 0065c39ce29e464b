/**
 * Accounts receivable in the browser: the admin ships a company's order (which issues its
 * invoice), records a partial payment on the customer's page and then the rest; the customer page
 * and the company's owner on the order page see it partly paid with what is open, then paid; the
 * owner reads the statement's account activity on /profile and downloads it as a PDF.
 */
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { admin, login } from './accounts';
import { adminDb, newBuyer } from './adminAccounts';
import { shopUrl } from './browser';
import { expect, screenshot, scrollToSection, test } from './fixtures';
import { writeOrder } from './orders';

// A callable's first call may wait for its worker to start.
const callable = { timeout: 45_000 };

/** Opens the order in the back office and ships it, which issues its invoice, open for the whole total; returns the order's dialog and the invoice's number. */
async function shipFromOrderDialog(page: Page, orderId: string): Promise<{ dialog: Locator; invoiceNumber: string }> {
  await page.goto(`/admin/orders?order=${orderId}`);
  const dialog = page.getByRole('dialog', { name: `Order ${orderId}` });
  await dialog.getByRole('button', { name: 'Mark as shipped' }).click();
  const shipment = dialog.getByRole('form', { name: 'Shipment' });
  await shipment.getByLabel('Carrier').selectOption('UPS');
  await shipment.getByLabel('Tracking number').fill('1Z999AA10123456784');
  await shipment.getByRole('button', { name: 'Confirm shipment' }).click();
  await expect(dialog.getByRole('button', { name: 'Mark as delivered' })).toBeVisible(callable);
  await expect(dialog.locator('.invoice-status .mono')).toHaveText(/^INV-\d{6}$/);
  await expect(dialog.locator('.invoice-status .status-badge')).toHaveText('Open');
  return { dialog, invoiceNumber: (await dialog.locator('.invoice-status .mono').textContent())!.trim() };
}

const money = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

test.describe('receivables', () => {
  test('an invoice is paid in two payments; the owner sees it partly paid, then paid, and reads and downloads the statement', async ({ page, browser }) => {
    // Shipping and two payments, each a callable whose worker may start cold on the emulators.
    test.slow();
    const owner = await newBuyer('Rita Receivables');
    const companyId = `co-${owner.uid}`;
    const orderId = `HW-AR${Date.now().toString(36).toUpperCase()}`.slice(0, 13);
    await writeOrder(adminDb, orderId, { buyer: owner, status: 'processing', companyId, company: 'Rita Receivables Trading', lines: [[3, 6]] });
    const total = ((await adminDb.doc(`orders/${orderId}`).get()).get('total') as number) ?? 0;

    // The admin ships the order: its invoice is issued, open for the whole total.
    await login(page, admin);
    const { dialog, invoiceNumber } = await shipFromOrderDialog(page, orderId);
    await expect(dialog.getByText(`${money(total)} open`)).toBeVisible();

    // A partial payment on the customer's page, confirmed before it is recorded.
    await page.goto(`/admin/customers/${companyId}`);
    const account = page.getByRole('region', { name: 'Account' });
    const openRow = account.getByRole('table', { name: 'Open invoices' }).getByRole('row', { name: new RegExp(invoiceNumber) });
    await expect(openRow.locator('.status-badge')).toHaveText('Open');
    const form = account.getByRole('form', { name: 'Record payment' });
    await form.getByLabel('Amount ($)').fill('100');
    await form.getByLabel('Method').selectOption('check');
    await form.getByLabel('Reference').fill('Check 2001');
    await form.getByRole('button', { name: 'Record payment…' }).click();
    const confirm = page.getByRole('dialog', { name: `Record $100.00 from Rita Receivables Trading?` });
    await expect(confirm.getByText(`${invoiceNumber}: $100.00 paid.`)).toBeVisible();
    await confirm.getByRole('button', { name: 'Record payment' }).click();
    await expect(page.getByText(`Payment recorded: ${invoiceNumber} $100.00.`)).toBeVisible(callable);
    await expect(openRow.locator('.status-badge')).toHaveText('Partly paid');
    await expect(openRow.getByText(money(total - 10_000))).toBeVisible();
    // The customer's orders say what is paid and open, not "Unpaid".
    const orderRow = page.getByRole('region', { name: 'Orders' }).getByRole('row', { name: new RegExp(orderId) });
    await expect(orderRow).toContainText(`Partly paid, ${money(total - 10_000)} open`);
    await scrollToSection(account);
    await screenshot(page, 'receivables-customer-account', { hideToasts: true });

    // The owner sees the order partly paid on its page, with what is open.
    const ownerContext = await browser.newContext({ baseURL: shopUrl });
    try {
      const ownerPage = await ownerContext.newPage();
      await login(ownerPage, owner, `/order-confirmation/${orderId}`);
      // The invoice shows with the shipment that issued it.
      const invoice = ownerPage.getByRole('region', { name: 'Shipment' }).locator('.order-invoice');
      await expect(invoice.locator('.status-badge')).toHaveText('Partly paid');
      await expect(invoice.getByText(`${money(total - 10_000)} open`)).toBeVisible();
      await expect(ownerPage.getByRole('region', { name: 'Payment' })).toContainText(`Partly paid, ${money(total - 10_000)} open`);
      await expect(invoice.getByRole('button', { name: `Invoice ${invoiceNumber} (PDF) for order ${orderId}` })).toBeVisible();

      // The rest, paying the oldest invoice first.
      await form.getByLabel('Amount ($)').fill((total - 10_000) / 100 + '');
      await form.getByLabel('Reference').fill('Transfer 77');
      await form.getByRole('button', { name: 'Record payment…' }).click();
      await page.getByRole('dialog', { name: /^Record \$/ }).getByRole('button', { name: 'Record payment' }).click();
      await expect(account.getByText('No open invoices.')).toBeVisible(callable);
      const payments = account.getByRole('table', { name: 'Payments' });
      await expect(payments.getByRole('row', { name: /Check 2001/ })).toBeVisible();
      await expect(payments.getByRole('row', { name: /Transfer 77/ })).toBeVisible();
      await expect(account.getByRole('table', { name: 'Account history' }).getByRole('row')).toHaveCount(4);

      await ownerPage.reload();
      await expect(invoice.locator('.status-badge')).toHaveText('Paid');
      await expect(invoice.getByText('$0.00 open')).toBeVisible();
      await expect(ownerPage.getByRole('region', { name: 'Payment' })).toContainText('Paid');

      // The statement: the last 90 days from the opening to the closing balance, nothing open, and its PDF.
      await ownerPage.goto('/profile');
      await ownerPage.getByRole('navigation', { name: 'Profile sections' }).getByRole('link', { name: 'Statement' }).click();
      const statement = ownerPage.getByRole('region', { name: 'Statement of account' });
      const activity = statement.getByRole('table', { name: /^Account activity from/ });
      await expect(activity.getByRole('rowheader')).toHaveText(['Opening balance', `Invoice ${invoiceNumber} for shipment ${orderId}-1 of order ${orderId}`, 'Payment by check (Check 2001)', /Transfer 77/, 'Closing balance']);
      await expect(activity.getByRole('row', { name: /Opening balance/ })).toContainText('$0.00');
      await expect(activity.getByRole('row', { name: new RegExp(`Invoice ${invoiceNumber}`) })).toContainText(money(total));
      await expect(activity.getByRole('row', { name: /Check 2001/ })).toContainText('$100.00');
      await expect(activity.getByRole('row', { name: /Closing balance/ })).toContainText('$0.00');
      await expect(statement.getByText('Nothing is open on your account.')).toBeVisible();
      await scrollToSection(statement);
      await screenshot(ownerPage, 'receivables-statement');
      const [download] = await Promise.all([ownerPage.waitForEvent('download', callable), statement.getByRole('button', { name: 'Download statement (PDF)' }).click()]);
      expect(download.suggestedFilename()).toMatch(/\.pdf$/);
      expect((await readFile(await download.path())).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    } finally {
      await ownerContext.close();
    }

    // The report lists no company for this one any more; the page itself loads with its totals.
    await page.goto('/admin/receivables');
    await expect(page.getByRole('heading', { name: 'Receivables', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export CSV' })).toBeVisible(callable);
    await expect(page.getByRole('link', { name: 'Rita Receivables Trading' })).toHaveCount(0);
  });

  test('the admin marks an invoice paid from its order, after confirming, and is offered it no more', async ({ page }) => {
    test.slow();
    const owner = await newBuyer('Mark Paidman');
    const orderId = `HW-MP${Date.now().toString(36).toUpperCase()}`.slice(0, 13);
    await writeOrder(adminDb, orderId, { buyer: owner, status: 'processing', companyId: `co-${owner.uid}`, company: 'Paidman Supply', lines: [[2, 4]] });
    await login(page, admin);
    const { dialog, invoiceNumber } = await shipFromOrderDialog(page, orderId);
    await dialog.getByRole('button', { name: 'Mark paid…' }).click();
    const confirm = page.getByRole('dialog', { name: `Mark invoice ${invoiceNumber} paid?` });
    await expect(confirm.getByText('Credit on the customer')).toBeVisible();
    await confirm.getByRole('button', { name: 'Mark paid' }).click();
    await expect(page.getByText(`Invoice ${invoiceNumber} is paid.`)).toBeVisible(callable);
    await expect(dialog.locator('.invoice-status .status-badge')).toHaveText('Paid');
    await expect(dialog.getByRole('button', { name: 'Mark paid…' })).toHaveCount(0);
    expect((await adminDb.doc(`orders/${orderId}`).get()).get('paymentStatus')).toBe('paid');
    await screenshot(page, 'receivables-marked-paid');
  });
});
