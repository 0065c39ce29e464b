/**
 * Quotes in the browser: a buyer asks a price for the cart, the admin answers below the list
 * price, the buyer accepts, and the order is placed at exactly the quoted prices, the quoted
 * cases leaving the cart so they are not ordered twice.
 */
import { cartItemFor, formatMoney, productFromData, quoteTotals, taxRateFor } from '@harbor/domain';
import { admin, login } from './accounts';
import { adminDb, newBuyer } from './adminAccounts';
import { shopUrl } from './browser';
import { expect, screenshot, test } from './fixtures';

test.describe('quotes', () => {
  test('a buyer requests a quote from the cart, the admin prices it below list, the buyer accepts it and the order keeps the quoted prices', async ({ page, browser, consoleErrors }) => {
    const buyer = await newBuyer('Quinn Quoter');
    // 15 cases of copy paper, $52.99 each at list.
    const paper = productFromData('off-1001', (await adminDb.doc('products/off-1001').get()).data() ?? {});
    await adminDb.doc(`carts/${buyer.uid}`).set({ items: [cartItemFor(paper, 15)] });
    const quotedCents = paper.price - 799;

    // The buyer asks for a price from the cart.
    await login(page, buyer, '/cart');
    await page.getByRole('button', { name: 'Request a quote' }).click();
    const request = page.getByRole('dialog', { name: 'Request a quote' });
    await request.getByLabel('Note for our sales team (optional)').fill('We order this every month.');
    await screenshot(page, 'quote-request');
    await request.getByRole('button', { name: 'Send request' }).click();
    await expect(page).toHaveURL(/\/quotes\/[^/]+$/);
    const quoteUrl = new URL(page.url()).pathname;
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toContainText(/Quote Q-\d{6}/);
    const quoteNumber = /Q-\d{6}/.exec((await heading.textContent()) ?? '')![0];
    await expect(page.getByText('Awaiting price')).toBeVisible();
    await expect(page.getByText('We order this every month.').first()).toBeVisible();

    // The admin answers it from the back office, below the list price.
    const adminContext = await browser.newContext({ baseURL: shopUrl });
    try {
      const adminPage = await adminContext.newPage();
      await login(adminPage, admin, '/admin/quotes');
      await adminPage.getByRole('link', { name: quoteNumber }).click();
      await expect(adminPage.getByRole('heading', { name: `Quote ${quoteNumber}` })).toBeVisible();
      await expect(adminPage.getByRole('row', { name: new RegExp(paper.name) }).getByText(formatMoney(paper.price))).toBeVisible();
      await adminPage.getByLabel(`Unit price of ${paper.name} in dollars`).fill((quotedCents / 100).toFixed(2));
      await adminPage.getByLabel('Message to the buyer (optional)').fill('Our monthly-volume price.');
      await screenshot(adminPage, 'quote-admin-editor');
      await adminPage.getByRole('button', { name: 'Send quote' }).click();
      await expect(adminPage.locator('.admin-heading-actions .status-badge')).toHaveText('Quoted');
    } finally {
      await adminContext.close();
    }

    // The buyer sees the price and accepts it.
    await page.goto(quoteUrl);
    await expect(page.locator('h1 .status-badge')).toHaveText('Quoted');
    await expect(page.getByRole('row', { name: new RegExp(paper.name) }).getByText(formatMoney(quotedCents))).toBeVisible();
    await expect(page.getByText('Our monthly-volume price.')).toBeVisible();
    await screenshot(page, 'quote-buyer-quoted', { hideToasts: true });
    await page.getByRole('link', { name: 'Accept quote' }).click();
    await expect(page.getByRole('heading', { name: `Accept quote ${quoteNumber}` })).toBeVisible();
    // The total for the ship-to address (Maine), by the rules acceptQuote applies.
    const totals = quoteTotals([{ quantity: 15, unitPrice: quotedCents }], taxRateFor('ME'));
    const accept = page.getByRole('button', { name: `Accept and order · ${formatMoney(totals.total)}` });
    await expect(accept).toBeVisible();
    await expect(page.getByText('This quote was asked for from your cart: accepting it takes the quoted quantities out of that cart, so they are not ordered twice.')).toBeVisible();
    await page.getByLabel('Purchase-order number (optional)').fill('PO-7781');
    await screenshot(page, 'quote-accept');
    await accept.click();

    // The order: the quoted price, the quote's number, exactly once.
    await expect(page).toHaveURL(/\/order-confirmation\//);
    await expect(page.getByRole('heading', { name: 'Thank you, your order is placed' })).toBeVisible();
    // The 15 quoted cases left the cart in the same step: they cannot be ordered again at list price.
    await expect(page.getByText(`15 × ${paper.name} were taken out of your cart, so they are not ordered twice.`)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Cart, empty' })).toBeVisible();
    expect((await adminDb.doc(`carts/${buyer.uid}`).get()).get('items')).toEqual([]);
    await expect(page.getByRole('link', { name: quoteNumber })).toHaveAttribute('href', quoteUrl);
    await expect(page.getByText(`15 × ${formatMoney(quotedCents)}`)).toBeVisible();
    await expect(page.locator('.order-totals dd.total')).toHaveText(formatMoney(totals.total));
    await screenshot(page, 'quote-order', { hideToasts: true });
    const orders = await adminDb.collection('orders').where('quoteId', '==', quoteUrl.split('/').at(-1)).get();
    expect(orders.size).toBe(1);

    // The quote now reads accepted, with its order.
    await page.goto('/quotes');
    await expect(page.getByRole('row', { name: new RegExp(quoteNumber) }).getByText('Accepted')).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });
});
