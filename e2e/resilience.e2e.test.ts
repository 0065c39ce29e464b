/**
 * The shop under things going wrong: a corrupt guest cart in local storage, and an order the
 * server refuses after the shopper filled in the checkout form.
 */
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { giveApprovedCompany } from './companies';
import { cartItemFor, productFromData } from '@harbor/domain';
import { freshEmail, login } from './accounts';
import { expect, test } from './fixtures';

const app = getApps().find((each) => each.name === 'resilience-e2e') ?? initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-harbor' }, 'resilience-e2e');
const db = getFirestore(app);

test.describe('resilience', () => {
  test('replaces a corrupt local cart with an empty cart and a warning, without crashing', async ({ page }) => {
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('corrupted')) {
        localStorage.setItem('cart', '{"items": [oops');
        sessionStorage.setItem('corrupted', 'yes');
      }
    });
    await page.goto('/cart');
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
    await expect(page.getByTestId('cart-badge')).toHaveCount(0);
    await expect.poll(() => warnings.some((text) => text.includes('guest cart could not be read'))).toBe(true);
    // The buyer is told once that the saved cart was emptied.
    await expect(page.getByText('Your saved cart could not be read, so it was emptied.')).toBeVisible();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('cart'))).toBeNull();
    // The shop still works: a product goes into the cart.
    await page.goto('/');
    await page.getByRole('button', { name: /^Add .+ to cart$/ }).first().click();
    await expect(page.getByTestId('cart-badge')).toHaveCount(1);
  });

  test('shows the server refusal as a toast and keeps what the shopper typed at checkout', async ({ page }) => {
    const email = freshEmail('refused');
    const user = await getAuth(app).createUser({ email, password: 'harbor-test-1', displayName: 'Rita Refused' });
    await db.doc(`users/${user.uid}`).set({
      name: 'Rita Refused',
      email,
      company: 'Refused Trading',
      phone: '',
      shippingAddress: { line1: '5 Pier Rd', line2: '', city: 'Portland', region: 'ME', postalCode: '04101', country: 'United States' },
    });
    await giveApprovedCompany(db, user.uid, 'Refused Trading');
    const productRef = db.doc('products/off-1001');
    const product = productFromData('off-1001', (await productRef.get()).data() ?? {});
    await db.doc(`carts/${user.uid}`).set({ items: [cartItemFor(product, Math.max(product.minOrderQty, 5))] });

    await login(page, { email, password: 'harbor-test-1', name: 'Rita Refused' }, '/checkout');
    const poNumber = page.getByLabel('Purchase-order number (optional)');
    const notes = page.getByLabel('Delivery notes (optional)');
    await poNumber.fill('PO-77-RETRY');
    await notes.fill('Dock 4, ring twice');
    const placeOrder = page.getByRole('button', { name: /^Place order/ });
    await expect(placeOrder).toBeVisible();

    // Someone else buys the last units while the form is being filled in.
    const stockBefore = product.stock;
    await productRef.update({ stock: 0 });
    try {
      await placeOrder.click();
      await expect(page.getByText(/is out of stock\./).first()).toBeVisible();
      await expect(page).toHaveURL((url) => url.pathname === '/checkout');
      await expect(poNumber).toHaveValue('PO-77-RETRY');
      await expect(notes).toHaveValue('Dock 4, ring twice');
      await expect.poll(async () => (await db.collection('orders').where('userId', '==', user.uid).get()).size).toBe(0);
    } finally {
      await productRef.update({ stock: stockBefore });
    }
  });
});
