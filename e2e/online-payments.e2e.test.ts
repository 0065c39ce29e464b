/**
 * Paying online in the browser, up to Stripe's Payment Element (Stripe.js comes from Stripe's
 * servers, which these machines cannot reach): a company's owner pays part of an invoice by card
 * from /profile, Stripe's form says it could not load, the stand-in confirms the payment as the
 * form would, and the statement and finance's receivables page show it; an ACH debit shows
 * "Payment processing" until the bank settles it; a prepaid order is paid from its page.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Page, ViewportSize } from '@playwright/test';
import {
  cartItemFor,
  expectedOrder,
  orderLinesFromCart,
  priceOrder,
  productFromData,
  taxRateFor,
  type CreateShipmentResult,
  type OnlinePayment,
  type PlaceOrderResult,
} from '@harbor/domain';
import { admin, login } from './accounts';
import { adminDb, newBuyer } from './adminAccounts';
import { shopUrl } from './browser';
import { callAs } from './callables';
import { expect, recordQueriesOf, screenshot, test } from './fixtures';
import { confirmPayment, paymentIntentsOf, settlePayment } from './stripe';

const warehouse = { email: 'warehouse@harbor.test', password: 'harbor-warehouse-1' };
// Sports drink, sold by the case; five cases are the shop's minimum order value.
const DRINKS = 'bev-1010';
const CASES = 5;
const ADDRESS = { line1: '7 Quay St', line2: '', city: 'Portland', region: 'ME', postalCode: '04101', country: 'United States' };
// A callable's first call, or the webhook's, may wait for its worker to start.
const callable = { timeout: 45_000 };
const FORM_LOAD_FAILURE = 'The secure payment form could not load. Check your connection and try again.';

const money = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

/** A new owner's company with an order placed and shipped, whose invoice is open for its total. */
async function ownerWithInvoice(name: string) {
  const owner = await newBuyer(name);
  const { orderId } = await placeOrder(owner, `${name} Trading`, 'invoice-net30');
  const { invoiceNumber } = await callAs<CreateShipmentResult>(warehouse, 'createShipment', { orderId, requestId: randomUUID(), lines: [{ productId: DRINKS, quantity: CASES }], carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
  const total = (await adminDb.doc(`invoices/${invoiceNumber}`).get()).get('total') as number;
  return { owner, companyId: `co-${owner.uid}`, invoiceNumber, total };
}

/** The buyer's order of five cases of sports drink, placed as its checkout would. */
async function placeOrder(buyer: { uid: string; email: string; password: string }, company: string, paymentMethod: 'invoice-net30' | 'bank-transfer'): Promise<PlaceOrderResult> {
  const drinks = productFromData(DRINKS, (await adminDb.doc(`products/${DRINKS}`).get()).data()!);
  const item = cartItemFor(drinks, CASES);
  await adminDb.doc(`carts/${buyer.uid}`).set({ items: [item] });
  const expected = expectedOrder(priceOrder(orderLinesFromCart([item]), new Map([[drinks.id, drinks]]), { contract: null, taxRateBasisPoints: taxRateFor(ADDRESS.region) }));
  return callAs<PlaceOrderResult>(buyer, 'placeOrder', { requestId: randomUUID(), shippingAddress: ADDRESS, company, paymentMethod, expected });
}

/** The company's online payment started last, as startPayment kept it. */
async function latestOnlinePayment(companyId: string): Promise<Pick<OnlinePayment, 'id' | 'amount' | 'method' | 'status'>> {
  const found = await adminDb.collection('onlinePayments').where('companyId', '==', companyId).get();
  const latest = found.docs.sort((a, b) => b.get('startedAt').toMillis() - a.get('startedAt').toMillis())[0]!;
  return { id: latest.id, amount: latest.get('amount'), method: latest.get('method'), status: latest.get('status') };
}

/** Stripe.js cannot load here; failing its request at once keeps the journey from waiting on the network. */
async function offlineStripe(page: Page): Promise<void> {
  await page.route('https://js.stripe.com/**', (route) => route.abort('internetdisconnected'));
}

/** Opens "Pay now" on the statement of /profile; returns the dialog. */
async function payFromStatement(page: Page) {
  await page.goto('/profile');
  const statement = page.getByRole('region', { name: 'Statement of account' });
  await statement.getByRole('button', { name: 'Pay now' }).click();
  return page.getByRole('dialog', { name: 'Pay invoices' });
}

/** Does `work` as the admin in a browser of its own, as wide as the buyer's. */
async function asAdmin<Result>(browser: Browser, viewport: ViewportSize | null, work: (page: Page) => Promise<Result>): Promise<Result> {
  const context = await browser.newContext({ baseURL: shopUrl, viewport });
  recordQueriesOf(context);
  try {
    const page = await context.newPage();
    await login(page, admin);
    return await work(page);
  } finally {
    await context.close();
  }
}

test.describe('paying online', () => {
  test('an owner pays part of an invoice by card from the statement; finance sees the payment with its Stripe reference', { tag: '@phone' }, async ({ page, browser }) => {
    test.slow();
    await offlineStripe(page);
    const { owner, companyId, invoiceNumber, total } = await ownerWithInvoice('Paula Payer');
    await login(page, owner);
    const dialog = await payFromStatement(page);
    await expect(dialog.getByRole('checkbox', { name: `${invoiceNumber} ${money(total)}` })).toBeChecked();
    const amount = dialog.getByLabel('Amount to pay ($)');
    await expect(amount).toHaveValue((total / 100).toFixed(2));
    // More than is open is refused before anything is asked of Stripe.
    await amount.fill(((total + 100) / 100).toFixed(2));
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByText(`is more than the ${money(total)} open`)).toBeVisible();
    const paid = total - 5_000;
    await amount.fill((paid / 100).toFixed(2));
    await dialog.getByRole('radio', { name: 'Card' }).check();
    await screenshot(page, 'online-payment-dialog');
    await dialog.getByRole('button', { name: 'Continue' }).click();

    // Stripe was asked for exactly that amount, for the company's customer.
    await expect(dialog.getByText(FORM_LOAD_FAILURE)).toBeVisible(callable);
    await expect(dialog.getByRole('button', { name: 'Try again' })).toBeVisible();
    await screenshot(page, 'online-payment-form-offline');
    const payment = await latestOnlinePayment(companyId);
    expect(payment).toMatchObject({ amount: paid, method: 'card', status: 'started' });
    const customerId = (await adminDb.doc(`companies/${companyId}`).get()).get('stripeCustomerId') as string;
    const intents = await paymentIntentsOf(customerId);
    expect(intents.map((intent) => [intent.id, intent.amount])).toEqual([[payment.id, paid]]);
    expect(intents[0]!.metadata).toMatchObject({ companyId, invoiceNumbers: invoiceNumber });

    // The buyer confirms, as the Payment Element would; closing the dialog reads the statement again.
    await confirmPayment(payment.id, 'pm_card_visa');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    const row = page.getByRole('region', { name: 'Statement of account' }).getByRole('row', { name: new RegExp(invoiceNumber) });
    await expect(row.locator('.status-badge')).toHaveText('Partly paid', callable);
    await expect(row.getByText(money(total - paid))).toBeVisible();
    await screenshot(page, 'online-payment-statement-partly-paid');

    // Finance sees the online payment with its Stripe reference, and the card payment on the customer's account.
    await asAdmin(browser, page.viewportSize(), async (adminPage) => {
      await adminPage.goto('/admin/receivables');
      const online = adminPage.getByRole('region', { name: 'Online payments' });
      const paymentRow = online.getByRole('row', { name: new RegExp(payment.id) });
      await expect(paymentRow).toContainText('Paula Payer Trading');
      await expect(paymentRow).toContainText(money(paid));
      await expect(paymentRow).toContainText('Card');
      await expect(paymentRow).toContainText(invoiceNumber);
      await expect(paymentRow.locator('.status-badge')).toHaveText('Paid');
      await online.scrollIntoViewIfNeeded();
      await screenshot(adminPage, 'online-payments-finance');
      await adminPage.goto(`/admin/customers/${companyId}`);
      const payments = adminPage.getByRole('table', { name: 'Payments' });
      await expect(payments.getByRole('row', { name: new RegExp(payment.id) })).toContainText('Card, paid online');
    });
  });

  test('an ACH debit shows "Payment processing" on the invoice until the bank settles it', async ({ page }) => {
    test.slow();
    await offlineStripe(page);
    const { owner, companyId, invoiceNumber, total } = await ownerWithInvoice('Ada Ach');
    await login(page, owner);
    const dialog = await payFromStatement(page);
    await dialog.getByRole('radio', { name: 'Bank account (ACH debit)' }).check();
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByText(FORM_LOAD_FAILURE)).toBeVisible(callable);
    const payment = await latestOnlinePayment(companyId);
    expect(payment).toMatchObject({ amount: total, method: 'us_bank_account' });

    await confirmPayment(payment.id, 'pm_usBankAccount_success');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    const statement = page.getByRole('region', { name: 'Statement of account' });
    const row = statement.getByRole('row', { name: new RegExp(invoiceNumber) });
    await expect(row.getByText(`Payment processing: ${money(total)}`)).toBeVisible(callable);
    // Everything open is on its way: there is nothing left to pay now.
    await expect(statement.getByRole('button', { name: 'Pay now' })).toHaveCount(0);
    await screenshot(page, 'online-payment-ach-processing');

    await settlePayment(payment.id, 'succeeded');
    await page.reload();
    await expect(statement.getByText('Nothing is open on your account.')).toBeVisible(callable);
  });

  test('a prepaid order is paid online from its page before it ships', { tag: '@phone' }, async ({ page }) => {
    test.slow();
    await offlineStripe(page);
    const owner = await newBuyer('Pia Prepaid');
    const companyId = `co-${owner.uid}`;
    const { orderId } = await placeOrder(owner, 'Pia Prepaid Trading', 'bank-transfer');
    const total = (await adminDb.doc(`orders/${orderId}`).get()).get('total') as number;
    await login(page, owner, `/order-confirmation/${orderId}`);
    const paymentSection = page.getByRole('region', { name: 'Payment' });
    await paymentSection.scrollIntoViewIfNeeded();
    await screenshot(page, 'online-payment-order-pay-now');
    await paymentSection.getByRole('button', { name: 'Pay now' }).click();
    const dialog = page.getByRole('dialog', { name: `Pay order ${orderId}` });
    // A prepaid order is paid in full.
    await expect(dialog.getByText(money(total))).toBeVisible();
    await expect(dialog.getByLabel('Amount to pay ($)')).toHaveCount(0);
    await screenshot(page, 'online-payment-prepaid-dialog');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByText(FORM_LOAD_FAILURE)).toBeVisible(callable);
    const payment = await latestOnlinePayment(companyId);
    expect(payment).toMatchObject({ amount: total, method: 'card' });

    await confirmPayment(payment.id, 'pm_card_visa');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(paymentSection.getByText(`Payment of ${money(total)} received. We ship your order as soon as it is ready.`)).toBeVisible(callable);
    await expect(paymentSection.getByRole('button', { name: 'Pay now' })).toHaveCount(0);
    // Paid online, there is nothing left to transfer.
    await expect(paymentSection.getByText('Routing number')).toHaveCount(0);
    await paymentSection.scrollIntoViewIfNeeded();
    await screenshot(page, 'online-payment-prepaid-order');
  });
});
