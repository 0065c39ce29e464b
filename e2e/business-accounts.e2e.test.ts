/**
 * Business accounts in the browser: contract prices for a company's buyer (list prices for a
 * guest), and an order over the company's credit refused with the credit available.
 */
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { FieldValue, getFirestore } from 'firebase-admin/firestore';
import { cartItemFor, productFromData } from '@harbor/domain';
import { freshEmail, login } from './accounts';
import { newBuyer } from './adminAccounts';
import { giveApprovedCompany } from './companies';
import { expect, screenshot, test } from './fixtures';

const app = getApps().find((each) => each.name === 'accounts-e2e') ?? initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-harbor' }, 'accounts-e2e');
const db = getFirestore(app);

// Whole Bean Coffee, House Roast: list $42.99 ($39.99 from 4); the buyer's company has a contract price of $38.50.
const COFFEE = '/product/bev-1008';
const COFFEE_NAME = 'Whole Bean Coffee, House Roast';

test.describe('business accounts', () => {
  test('a guest sees list prices, a buyer its company contract price in the catalog, on the product page, in the cart, in "Buy again" and in its lists', async ({ page }) => {
    await page.goto(COFFEE);
    await expect(page.locator('.price-now')).toHaveText('$42.99');

    // A buyer whose company has the contract price, who ordered the coffee before and keeps it on a list.
    const account = await newBuyer('Cora Contract');
    const companyId = `co-${account.uid}`;
    await db.doc(`companies/${companyId}/private/pricing`).set({ discountBasisPoints: 0, fixedPrices: { 'bev-1008': 3850 } });
    await db.doc(`purchaseSummaries/${account.uid}`).set({ products: [{ productId: 'bev-1008', name: COFFEE_NAME, sku: 'BEV-1008', orders: 1, lastOrderedAt: Date.now(), lastQuantity: 2 }], orderIds: [] });
    await db.collection('lists').add({ ownerId: account.uid, companyId, name: 'Coffee corner', lines: [{ productId: 'bev-1008', quantity: 2 }], createdAt: FieldValue.serverTimestamp(), updatedAt: FieldValue.serverTimestamp() });

    await login(page, account, COFFEE);
    await expect(page.locator('.price-now')).toHaveText('$38.50');
    await expect(page.getByText("your company's price (list $42.99)")).toBeVisible();
    await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
    await page.goto('/?search=house%20roast');
    const card = page.locator('article.product-card', { hasText: COFFEE_NAME });
    await expect(card.locator('.price strong')).toHaveText('$38.50');

    // The cart shows the contract price as added, and after a step up, with no "Price changed" alarm.
    await page.goto('/cart');
    const line = page.getByRole('list', { name: 'Cart items' }).getByRole('listitem').filter({ hasText: COFFEE_NAME });
    await expect(line).toContainText('$38.50 each');
    await line.getByRole('button', { name: `Increase quantity of ${COFFEE_NAME}` }).click();
    await expect(line).toContainText('$77.00');
    await expect(line).toContainText('$38.50 each');
    await expect(line).not.toContainText('Price changed');
    await screenshot(page, 'cart-contract-price');

    await page.goto('/profile#buy-again');
    await expect(page.getByRole('region', { name: 'Buy again' }).getByRole('listitem').filter({ hasText: COFFEE_NAME })).toContainText('$38.50');
    await page.goto('/lists');
    await expect(page.getByRole('region', { name: 'Coffee corner' }).getByRole('row', { name: new RegExp(COFFEE_NAME) })).toContainText('$38.50');
  });

  test('an order over the credit available is refused with the credit available, and the form is kept', async ({ page }) => {
    const email = freshEmail('credit');
    const user = await getAuth(app).createUser({ email, password: 'harbor-test-1', displayName: 'Cody Credit' });
    await db.doc(`users/${user.uid}`).set({
      name: 'Cody Credit',
      email,
      company: 'Credit Check Co',
      phone: '',
      shippingAddress: { line1: '5 Pier Rd', line2: '', city: 'Portland', region: 'ME', postalCode: '04101', country: 'United States' },
    });
    // $500.00 limit, $450.00 of it open.
    await giveApprovedCompany(db, user.uid, 'Credit Check Co', { creditLimit: 50_000, openBalance: 45_000 });
    const product = productFromData('off-1001', (await db.doc('products/off-1001').get()).data() ?? {});
    await db.doc(`carts/${user.uid}`).set({ items: [cartItemFor(product, 5)] });

    await login(page, { email, password: 'harbor-test-1', name: 'Cody Credit' }, '/checkout');
    await expect(page.getByText('Available credit: $50.00')).toBeVisible();
    await page.getByLabel('Purchase-order number (optional)').fill('PO-CREDIT');
    await page.getByRole('button', { name: /^Place order/ }).click();
    await expect(page.getByText(/exceeds your available credit of \$50\.00/).first()).toBeVisible();
    await expect(page.getByLabel('Purchase-order number (optional)')).toHaveValue('PO-CREDIT');
    await expect.poll(async () => (await db.collection('orders').where('userId', '==', user.uid).get()).size).toBe(0);

    // Bank transfer uses no credit: the same order goes through.
    await page.getByLabel(/Bank transfer in advance/).check();
    await page.getByRole('button', { name: /^Place order/ }).click();
    await expect(page.getByRole('heading', { name: 'Thank you, your order is placed' })).toBeVisible();
  });
});
