/**
 * Business accounts in the browser: contract prices for a company's buyer (list prices for a
 * guest), and an order over the company's credit refused with the credit available.
 */
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { cartItemFor, productFromData } from '@harbor/domain';
import { buyer, freshEmail, login } from './accounts';
import { giveApprovedCompany } from './companies';
import { expect, test } from './fixtures';

const app = getApps().find((each) => each.name === 'accounts-e2e') ?? initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-harbor' }, 'accounts-e2e');
const db = getFirestore(app);

// Whole Bean Coffee, House Roast: list $42.99; the demo buyer's company has a contract price of $38.50.
const COFFEE = '/product/bev-1008';

test.describe('business accounts', () => {
  test('a guest sees list prices, a buyer its company contract price in the catalog, on the product page and in the cart', async ({ page }) => {
    await page.goto(COFFEE);
    await expect(page.locator('.price-now')).toHaveText('$42.99');

    await login(page, buyer);
    await page.goto(COFFEE);
    await expect(page.locator('.price-now')).toHaveText('$38.50');
    await expect(page.getByText("your company's price (list $42.99)")).toBeVisible();
    await page.goto('/?search=house%20roast');
    const card = page.locator('article.product-card', { hasText: 'Whole Bean Coffee, House Roast' });
    await expect(card.locator('.price strong')).toHaveText('$38.50');
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

    await login(page, { email, password: 'harbor-test-1', name: 'Cody Credit' });
    await page.goto('/checkout');
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
