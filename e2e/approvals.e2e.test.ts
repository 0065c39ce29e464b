/**
 * Purchase approvals in the browser: the owner gives a buyer a $500 order limit, the buyer is told
 * before accepting a quote or checking out that its order will wait, orders more, the owner reads
 * why about the buyer and approves it from the profile, and the buyer sees each state of the order.
 */
import { Timestamp } from 'firebase-admin/firestore';
import { cartItemFor, formatMoney, productFromData, quoteTotals, taxRateFor } from '@harbor/domain';
import { login } from './accounts';
import { adminDb, newBuyer } from './adminAccounts';
import { shopUrl } from './browser';
import { expect, screenshot, scrollToSection, test } from './fixtures';

test.describe('purchase approvals', () => {
  test('a buyer with a $500 order limit orders more; the owner approves it and the order moves to pending', async ({ page, browser }) => {
    const owner = await newBuyer('Olive Owner');
    const buyer = await newBuyer('Dana Reyes');
    const companyId = `co-${owner.uid}`;
    // Dana joins Olive's company as a buyer, as an accepted invitation leaves it.
    await adminDb.doc(`companies/${companyId}`).update({
      [`members.${buyer.uid}`]: 'buyer',
      memberDetails: { [owner.uid]: { name: owner.name, email: owner.email }, [buyer.uid]: { name: buyer.name, email: buyer.email } },
    });
    await adminDb.doc(`users/${buyer.uid}`).update({ companyId });
    // 15 cases of copy paper ($52.99 each): $794.85 and tax.
    const paper = productFromData('off-1001', (await adminDb.doc('products/off-1001').get()).data() ?? {});
    await adminDb.doc(`carts/${buyer.uid}`).set({ items: [cartItemFor(paper, 15)] });
    // A quote for the same 15 cases at list price, as the shop would have sent it to Dana.
    const quoteLines = [{ productId: paper.id, sku: paper.sku, name: paper.name, unit: paper.unit, imageUrl: paper.imageUrl, quantity: 15, unitPrice: paper.price, lineTotal: 15 * paper.price }];
    const now = Timestamp.now();
    const quote = adminDb.collection('quotes').doc();
    await quote.set({
      number: `Q-9${String(Date.now()).slice(-5)}`,
      companyId,
      companyName: `${owner.name} Trading`,
      requestedBy: buyer.uid,
      requestedByName: buyer.name,
      requestedByEmail: buyer.email,
      createdBy: 'buyer',
      requestId: quote.id,
      status: 'quoted',
      version: 2,
      note: '',
      lines: quoteLines,
      ...quoteTotals(quoteLines, taxRateFor('ME')),
      taxRateBasisPoints: taxRateFor('ME'),
      validUntil: Timestamp.fromMillis(now.toMillis() + 7 * 86_400_000),
      lastMessage: '',
      orderId: null,
      createdAt: now,
      updatedAt: now,
      quotedAt: now,
      expiryReminderSentAt: null,
    });

    // The owner sets the limit on the profile.
    await login(page, owner, '/profile');
    await page.getByRole('button', { name: `Change role or limits of ${buyer.name}` }).click();
    const form = page.getByRole('form', { name: `Role and limits of ${buyer.name}` });
    await form.getByLabel('Order limit ($)').fill('500');
    await scrollToSection(form);
    await screenshot(page, 'approval-member-limits');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`${buyer.name} (Buyer, up to $500.00 an order`)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Awaiting your approval' }).getByText('No order awaits your approval.')).toBeVisible();

    const buyerContext = await browser.newContext({ baseURL: shopUrl });
    try {
      const buyerPage = await buyerContext.newPage();
      // Accepting the quote says it first, as checkout does.
      await login(buyerPage, buyer, `/quotes/${quote.id}/accept`);
      await expect(buyerPage.getByText('This order needs approval: it exceeds your order limit of $500.00')).toBeVisible();
      await expect(buyerPage.getByRole('button', { name: `Accept and order for approval · ${formatMoney(quoteTotals(quoteLines, taxRateFor('ME')).total)}` })).toBeVisible();
      await screenshot(buyerPage, 'approval-quote-accept');
      await buyerPage.goto('/checkout');
      await expect(buyerPage.getByText('Your spending limits: up to $500.00 an order.')).toBeVisible();
      await expect(buyerPage.getByText('This order needs approval: it exceeds your order limit of $500.00')).toBeVisible();
      await buyerPage.getByRole('button', { name: /^Place order for approval/ }).click();
      await expect(buyerPage.getByRole('heading', { name: 'Your order awaits approval' })).toBeVisible();
      await expect(buyerPage.locator('.status-badge')).toHaveText('Awaiting approval');
      const orderId = (await buyerPage.locator('.eyebrow').first().textContent())!.replace('Order ', '').trim();
      await screenshot(buyerPage, 'approval-awaiting');
      // While it waits, its goods are not offered to order again.
      await buyerPage.goto('/profile');
      const row = buyerPage.getByRole('row', { name: new RegExp(orderId) });
      await expect(row.getByText('Awaiting approval')).toBeVisible();
      await expect(row.getByRole('button', { name: `Order again: ${orderId}` })).toHaveCount(0);

      // The owner finds it on the profile, reads why about Dana, and approves it.
      await page.reload();
      const queue = page.getByRole('region', { name: 'Awaiting your approval' });
      const reason = "This order needs approval: it exceeds Dana Reyes's order limit of $500.00";
      await expect(queue.getByRole('link', { name: orderId })).toBeVisible();
      await expect(queue.getByText(/by Dana Reyes/)).toBeVisible();
      await expect(queue.getByText(reason)).toBeVisible();
      await screenshot(page, 'approval-queue');
      await queue.getByRole('link', { name: orderId }).click();
      await expect(page.getByRole('region', { name: 'Approval' }).getByText(reason)).toBeVisible();
      await screenshot(page, 'approval-order-decider');
      await page.goBack();
      await queue.getByRole('button', { name: `Approve order ${orderId}` }).click();
      await expect(queue.getByText('No order awaits your approval.')).toBeVisible();

      // The buyer sees it pending, approved by the owner, in the order and in the history.
      await buyerPage.goto(`/order-confirmation/${orderId}`);
      await expect(buyerPage.locator('.status-badge')).toHaveText('Pending');
      await expect(buyerPage.getByText(`Approved by ${owner.name}`)).toBeVisible();
      await buyerPage.goto('/profile');
      await expect(row.getByText('Pending')).toBeVisible();
      await expect(row.getByRole('button', { name: `Order again: ${orderId}` })).toBeVisible();
    } finally {
      await buyerContext.close();
    }
  });
});
