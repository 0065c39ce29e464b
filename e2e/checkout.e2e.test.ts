import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seedProducts } from '../scripts/catalog/products';
import { openPage, screenshot, scrollToSection, viewports, useBrowser, waitForToastsToClose } from './browser';

const adminApp = getApps().find((app) => app.name === 'checkout-e2e') ?? initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-harbor' }, 'checkout-e2e');
const adminDb = getFirestore(adminApp);

function seeded(id: string) {
  const product = seedProducts.find((candidate) => candidate.id === id);
  if (!product) throw new Error(`Seed product ${id} is missing.`);
  return product;
}

// Copy paper: 5 reams reach the $49.99 tier. Dish soap: 8 jugs (2 packs of 4) at $12.99.
const paper = seeded('off-1001');
const soap = seeded('cln-1006');
// 5 x $49.99 + 8 x $12.99 = $353.87, shipping $25.00, tax 8% $28.31.
const expectedTotal = '$407.18';

const shopper = { name: 'Casey Checkout', company: 'Dockside Deli LLC', email: `checkout-${Date.now()}@harbor.test`, password: 'checkout-pass-1' };

const browser = useBrowser();

async function cartBadge(page: Page): Promise<string | null> {
  const badge = page.getByTestId('cart-badge');
  return (await badge.count()) ? badge.textContent() : null;
}

describe('checkout journey', () => {
  it('goes from catalog to cart to checkout to confirmation, then orders again from the profile history', async () => {
    const { page, context, consoleErrors } = await openPage(browser());

    // Catalog: the dish soap from its card in the Cleaning category, twice (a pack of 4 each time)...
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: soap.category, exact: true }).click();
    const addSoap = page.getByRole('button', { name: `Add ${soap.name} to cart`, exact: true });
    await addSoap.click();
    await page.getByRole('link', { name: 'Cart, 4 items' }).waitFor();
    await addSoap.click();
    await page.getByRole('link', { name: 'Cart, 8 items' }).waitFor();

    // ...and the copy paper from its product page, found by the header search, at the 5-ream tier.
    const search = page.getByPlaceholder('Search for products...');
    await search.fill('copy paper');
    await search.press('Enter');
    await page.getByRole('link', { name: paper.name }).click();
    await page.getByRole('heading', { level: 1, name: paper.name }).waitFor();
    await page.getByLabel('Quantity', { exact: true }).fill('5');
    await page.getByText('5 × $49.99 = $249.95').waitFor();
    await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await page.getByText(`Added 5 × ${paper.name} to your cart.`).waitFor();
    await page.getByRole('link', { name: 'Cart, 13 items' }).click();

    // Cart -> checkout: a guest is sent to sign in first and registers on the way.
    await page.getByRole('heading', { name: 'Cart' }).waitFor();
    await page.getByRole('button', { name: 'Proceed to checkout' }).click();
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByLabel('Full name').fill(shopper.name);
    await page.getByLabel('Company').fill(shopper.company);
    await page.getByLabel('E-mail').fill(shopper.email);
    await page.getByLabel('Password', { exact: true }).fill(shopper.password);
    await page.getByLabel('Confirm password').fill(shopper.password);
    await page.getByRole('button', { name: 'Create account' }).click();

    // Checkout: company prefilled from the profile; catalog prices, not the forged one.
    await page.getByRole('heading', { name: 'Checkout' }).waitFor();
    expect(await page.getByLabel('Company', { exact: true }).inputValue()).toBe(shopper.company);
    const placeOrder = page.getByRole('button', { name: `Place order · ${expectedTotal}` });
    await placeOrder.waitFor();
    expect(await page.getByText('5 × $49.99').count()).toBe(1);
    await page.getByLabel('Address line 1').fill('48 Pier Road');
    await page.getByLabel('City').fill('Portland');
    await page.getByLabel('State / region').fill('ME');
    await page.getByLabel('Postal code').fill('04101');
    await page.getByLabel('Country').fill('United States');
    await page.getByLabel('Purchase-order number (optional)').fill('PO-2211');
    await page.getByLabel('Delivery notes (optional)').fill('Deliveries at the side door before 10 am.');
    await page.getByLabel(/Bank transfer in advance/).check();
    // Screenshots without the "Added to your cart" toasts over the header.
    await waitForToastsToClose(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'checkout-1280');
    await page.setViewportSize(viewports.phone);
    await screenshot(page, 'checkout-390');
    await placeOrder.scrollIntoViewIfNeeded();
    await screenshot(page, 'checkout-390-summary');
    await page.setViewportSize(viewports.desktop);
    await placeOrder.click();

    // Confirmation: the order number, the prices charged, payment instructions; the cart is empty.
    await page.waitForURL(/\/order-confirmation\/HW-[0-9A-Z]{10}$/);
    const orderId = page.url().split('/').pop()!;
    await page.getByRole('heading', { name: 'Thank you, your order is placed' }).waitFor();
    expect(await page.getByText('5 × $49.99').count()).toBe(1);
    expect(await page.getByText('8 × $12.99').count()).toBe(1);
    expect(await page.locator('dd.total').textContent()).toBe(expectedTotal);
    expect(await page.getByText(`with ${orderId} as the payment reference`).count()).toBe(1);
    expect(await cartBadge(page)).toBeNull();
    await waitForToastsToClose(page);
    await screenshot(page, 'confirmation-1280');
    await page.setViewportSize(viewports.phone);
    await screenshot(page, 'confirmation-390');
    await page.setViewportSize(viewports.desktop);

    // The server holds the same order, and its stock moved.
    const uid = (await getAuth(adminApp).getUserByEmail(shopper.email)).uid;
    const order = (await adminDb.doc(`orders/${orderId}`).get()).data();
    expect(order).toMatchObject({ userId: uid, total: 40718, status: 'pending', poNumber: 'PO-2211', paymentMethod: 'bank-transfer' });
    expect((await adminDb.doc('products/off-1001').get()).get('stock')).toBe(paper.stock - 5);
    expect((await adminDb.doc(`carts/${uid}`).get()).get('items')).toEqual([]);

    // Profile history lists the order; "Order again" puts its products back in the cart.
    const accountMenu = page.locator('.user-menu summary');
    await accountMenu.click();
    await page.getByRole('link', { name: 'My Profile' }).click();
    const row = page.getByRole('row', { name: new RegExp(orderId) });
    await row.waitFor();
    expect(await row.getByText('Pending').count()).toBe(1);
    expect(await row.getByText(expectedTotal).count()).toBe(1);
    expect(await page.locator('.user-menu').getAttribute('open')).toBeNull(); // choosing a page closes the menu
    const history = page.getByRole('region', { name: 'Order history' });
    await scrollToSection(history);
    await screenshot(page, 'profile-history-1280');
    await page.setViewportSize(viewports.phone);
    await scrollToSection(history);
    await screenshot(page, 'profile-history-390');
    await page.setViewportSize(viewports.desktop);
    await row.getByRole('button', { name: `Order again: ${orderId}` }).click();
    await page.getByRole('heading', { name: 'Cart' }).waitFor();
    expect(await cartBadge(page)).toBe('13');
    expect(await page.getByText('$49.99 each').count()).toBe(1);
    await expect.poll(async () => ((await adminDb.doc(`carts/${uid}`).get()).get('items') as unknown[]).length, { timeout: 10_000 }).toBe(2);

    expect(consoleErrors).toEqual([]);
    await context.close();

    // Another shopper opening the same confirmation link sees "not found".
    const stranger = await openPage(browser());
    await stranger.page.goto('/login');
    await stranger.page.getByLabel('E-mail').fill('buyer@harbor.test');
    await stranger.page.getByLabel('Password').fill('harbor-buyer-1');
    await stranger.page.getByRole('button', { name: 'Log in' }).click();
    await stranger.page.locator('.user-menu summary').waitFor();
    await stranger.page.goto(`/order-confirmation/${orderId}`);
    await stranger.page.getByRole('heading', { name: 'Order not found' }).waitFor();
    await stranger.context.close();
  });
});
