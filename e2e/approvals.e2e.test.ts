/**
 * Purchase approvals in the browser: the owner gives a buyer a $500 order limit, the buyer orders
 * more, the owner approves it from the profile, and the buyer sees each state of the order.
 */
import { cartItemFor, productFromData } from '@harbor/domain';
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

    // The owner sets the limit on the profile.
    await login(page, owner);
    await page.goto('/profile');
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
      await login(buyerPage, buyer);
      await buyerPage.goto('/checkout');
      await expect(buyerPage.getByText('Your spending limits: up to $500.00 an order.')).toBeVisible();
      await expect(buyerPage.getByText('This order needs approval: it exceeds your order limit of $500.00')).toBeVisible();
      await buyerPage.getByRole('button', { name: /^Place order for approval/ }).click();
      await expect(buyerPage.getByRole('heading', { name: 'Your order awaits approval' })).toBeVisible();
      await expect(buyerPage.locator('.status-badge')).toHaveText('Awaiting approval');
      const orderId = (await buyerPage.locator('.eyebrow').first().textContent())!.replace('Order ', '').trim();
      await screenshot(buyerPage, 'approval-awaiting');

      // The owner finds it on the profile and approves it.
      await page.reload();
      const queue = page.getByRole('region', { name: 'Awaiting your approval' });
      await expect(queue.getByRole('link', { name: orderId })).toBeVisible();
      await expect(queue.getByText(/by Dana Reyes/)).toBeVisible();
      await screenshot(page, 'approval-queue');
      await queue.getByRole('button', { name: `Approve order ${orderId}` }).click();
      await expect(queue.getByText('No order awaits your approval.')).toBeVisible();

      // The buyer sees it pending, approved by the owner, in the order and in the history.
      await buyerPage.reload();
      await expect(buyerPage.locator('.status-badge')).toHaveText('Pending');
      await expect(buyerPage.getByText(`Approved by ${owner.name}`)).toBeVisible();
      await buyerPage.goto('/profile');
      await expect(buyerPage.getByRole('row', { name: new RegExp(orderId) }).getByText('Pending')).toBeVisible();
    } finally {
      await buyerContext.close();
    }
  });
});
