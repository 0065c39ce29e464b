/**
 * The shop under things going wrong: a corrupt guest cart in local storage, and an order the
 * server refuses after the shopper filled in the checkout form.
 */
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { cartItemFor, productFromData } from '@harbor/domain';
import { freshEmail, login } from './accounts';
import { openPage, useBrowser } from './browser';

const app = getApps().find((each) => each.name === 'resilience-e2e') ?? initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-harbor' }, 'resilience-e2e');
const db = getFirestore(app);
const browser = useBrowser();

describe('resilience', () => {
  it('replaces a corrupt local cart with an empty cart and a warning, without crashing', async () => {
    const { page, context } = await openPage(browser());
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await context.addInitScript(() => {
      if (!sessionStorage.getItem('corrupted')) {
        localStorage.setItem('cart', '{"items": [oops');
        sessionStorage.setItem('corrupted', 'yes');
      }
    });
    await page.goto('/cart');
    await page.getByRole('heading', { name: 'Your cart is empty' }).waitFor();
    expect(await page.getByTestId('cart-badge').count()).toBe(0);
    expect(warnings.some((text) => text.includes('guest cart could not be read'))).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('cart'))).toBeNull();
    // The shop still works: a product goes into the cart.
    await page.goto('/');
    await page.getByRole('button', { name: /^Add .+ to cart$/ }).first().click();
    await expect.poll(() => page.getByTestId('cart-badge').count()).toBe(1);
    await context.close();
  });

  it('shows the server refusal as a toast and keeps what the shopper typed at checkout', async () => {
    const email = freshEmail('refused');
    const user = await getAuth(app).createUser({ email, password: 'harbor-test-1', displayName: 'Rita Refused' });
    await db.doc(`users/${user.uid}`).set({
      name: 'Rita Refused',
      email,
      company: 'Refused Trading',
      phone: '',
      shippingAddress: { line1: '5 Pier Rd', line2: '', city: 'Portland', region: 'ME', postalCode: '04101', country: 'United States' },
    });
    const productRef = db.doc('products/off-1001');
    const product = productFromData('off-1001', (await productRef.get()).data() ?? {});
    await db.doc(`carts/${user.uid}`).set({ items: [cartItemFor(product, Math.max(product.minOrderQty, 5))] });

    const { page, context } = await openPage(browser());
    await login(page, { email, password: 'harbor-test-1', name: 'Rita Refused' });
    await page.goto('/checkout');
    const poNumber = page.getByLabel('Purchase-order number (optional)');
    await poNumber.fill('PO-77-RETRY');
    await page.getByLabel('Delivery notes (optional)').fill('Dock 4, ring twice');
    const placeOrder = page.getByRole('button', { name: /^Place order/ });
    await placeOrder.waitFor();

    // Someone else buys the last units while the form is being filled in.
    const stockBefore = product.stock;
    await productRef.update({ stock: 0 });
    try {
      await placeOrder.click();
      await page.getByText(/is out of stock\./).first().waitFor();
      expect(new URL(page.url()).pathname).toBe('/checkout');
      expect(await poNumber.inputValue()).toBe('PO-77-RETRY');
      expect(await page.getByLabel('Delivery notes (optional)').inputValue()).toBe('Dock 4, ring twice');
      expect((await db.collection('orders').where('userId', '==', user.uid).get()).size).toBe(0);
    } finally {
      await productRef.update({ stock: stockBefore });
      await context.close();
    }
  });
});
