import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { seedProducts } from '../scripts/catalog/products';
import { admin, buyer, freshEmail, login } from './accounts';
import { expect, headerSearch, screenshot, scrollToSection, test } from './fixtures';

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
// 5 x $49.99 + 8 x $12.99 = $353.87, shipping $25.00, Maine tax 5.5% $19.46.
const expectedTotal = '$398.33';

async function stockOf(id: string): Promise<number> {
  return (await adminDb.doc(`products/${id}`).get()).get('stock') as number;
}

test.describe('checkout journey', () => {
  test('goes from catalog to cart, registers, waits for approval, orders on net 30, then orders again from the profile history', { tag: '@phone' }, async ({ page, browser, consoleErrors }) => {
    const shopper = { name: 'Casey Checkout', company: 'Dockside Deli LLC', email: freshEmail('checkout'), password: 'checkout-pass-1' };
    // The other project's run of this journey bought paper too.
    const paperStockBefore = await stockOf(paper.id);
    const cartBadge = page.getByTestId('cart-badge');

    // Catalog: the dish soap from its card in the Cleaning category, twice (a pack of 4 each time)...
    await page.goto('/');
    // Chosen from the catalog as shown: while it loads, the filter counts that arrive with its
    // first page widen the category chips, and a tap aimed at one can land beside it.
    await expect(page.locator('article.product-card').first()).toBeVisible();
    await page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: soap.category, exact: true }).click();
    // The category's products replace the catalog's in one go, under its heading: a click aimed at
    // the soap's button before then can land on another card as the grid changes under it.
    await expect(page.getByRole('heading', { level: 1, name: soap.category })).toBeVisible();
    const addSoap = page.getByRole('button', { name: `Add ${soap.name} to cart`, exact: true });
    await addSoap.click();
    await expect(page.getByRole('link', { name: 'Cart, 4 items' })).toBeVisible();
    await addSoap.click();
    await expect(page.getByRole('link', { name: 'Cart, 8 items' })).toBeVisible();

    // ...and the copy paper from its product page, found by the header search, at the 5-ream tier.
    await headerSearch(page).fill('copy paper');
    await headerSearch(page).press('Enter');
    await page.getByRole('link', { name: paper.name }).click();
    await expect(page.getByRole('heading', { level: 1, name: paper.name })).toBeVisible();
    await page.getByLabel('Quantity', { exact: true }).fill('5');
    await expect(page.getByText('5 × $49.99 = $249.95')).toBeVisible();
    await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await expect(page.getByText(`Added 5 × ${paper.name} to your cart.`)).toBeVisible();
    await page.getByRole('link', { name: 'Cart, 13 items' }).click();

    // Cart -> checkout: a guest is sent to sign in first and registers on the way.
    await expect(page.getByRole('heading', { name: 'Cart' })).toBeVisible();
    await page.getByRole('button', { name: 'Proceed to checkout' }).click();
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByLabel('Full name').fill(shopper.name);
    await page.getByLabel('Company').fill(shopper.company);
    await page.getByLabel('Phone').fill('+1 207 555 0142');
    await page.getByLabel('Address line 1').fill('48 Pier Road');
    await page.getByLabel('City').fill('Portland');
    await page.getByLabel('State / region').fill('ME');
    await page.getByLabel('Postal code').fill('04101');
    await page.getByLabel('E-mail').fill(shopper.email);
    await page.getByLabel('Password', { exact: true }).fill(shopper.password);
    await page.getByLabel('Confirm password').fill(shopper.password);
    await page.getByRole('button', { name: 'Create account' }).click();

    // A new business account waits for approval: the cart is kept, no order can be placed.
    await expect(page.getByRole('heading', { name: 'You cannot order yet' })).toBeVisible();
    await expect(page.getByText('Your company account is awaiting our approval.')).toBeVisible();
    await expect(page.getByRole('button', { name: /Place order/ })).toHaveCount(0);

    // An administrator gives the company net 30 with credit and approves it in /admin/customers.
    const adminContext = await browser.newContext();
    const adminPage = await adminContext.newPage();
    await login(adminPage, admin, '/admin/customers?status=pending');
    await adminPage.getByLabel('Search customers').fill('Dockside');
    await adminPage.getByLabel('Search customers').press('Enter');
    await adminPage.getByRole('link', { name: shopper.company }).click();
    await expect(adminPage.getByRole('heading', { name: shopper.company })).toBeVisible();
    await adminPage.getByLabel('Payment terms').selectOption('net30');
    await adminPage.getByLabel('Credit limit ($)').fill('5000.00');
    await adminPage.getByRole('button', { name: 'Save terms' }).click();
    await expect(adminPage.getByText('$5,000.00').first()).toBeVisible();
    await adminPage.getByRole('button', { name: 'Approve' }).click();
    await expect(adminPage.getByText('Approved', { exact: true })).toBeVisible();
    // The company's history says it in words.
    await expect(adminPage.getByRole('region', { name: 'History' }).getByText(/Status changed from Pending approval to Approved\./)).toBeVisible();
    await adminContext.close();

    // Checkout: company and address prefilled from the application; catalog prices, not the forged one.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
    await expect(page.getByLabel('Company', { exact: true })).toHaveValue(shopper.company);
    await expect(page.getByLabel('Address line 1')).toHaveValue('48 Pier Road');
    const placeOrder = page.getByRole('button', { name: `Place order · ${expectedTotal}` });
    await expect(placeOrder).toBeVisible();
    await expect(page.getByText('5 × $49.99')).toHaveCount(1);
    await expect(page.getByLabel(/Invoice, net 30 days/)).toBeChecked();
    await expect(page.getByLabel(/Bank transfer in advance/)).toHaveCount(1);
    await expect(page.getByText('Available credit: $5,000.00')).toBeVisible();
    await page.getByLabel('Purchase-order number (optional)').fill('PO-2211');
    await page.getByLabel('Delivery notes (optional)').fill('Deliveries at the side door before 10 am.');
    // Screenshots without the "Added to your cart" toasts over the header.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'checkout', { hideToasts: true });
    await placeOrder.scrollIntoViewIfNeeded();
    await screenshot(page, 'checkout-summary');
    await placeOrder.click();

    // Confirmation: the order number, the prices charged, payment instructions; the cart is empty.
    await expect(page).toHaveURL(/\/order-confirmation\/HW-[0-9A-Z]{10}$/);
    const orderId = new URL(page.url()).pathname.split('/').pop()!;
    await expect(page.getByRole('heading', { name: 'Thank you, your order is placed' })).toBeVisible();
    await expect(page.getByText('5 × $49.99')).toHaveCount(1);
    await expect(page.getByText('8 × $12.99')).toHaveCount(1);
    await expect(page.locator('dd.total')).toHaveText(expectedTotal);
    await expect(page.getByText(`Your invoice for ${expectedTotal} is issued when your order ships; it is due 30 days after the invoice date.`)).toHaveCount(1);
    await expect(cartBadge).toHaveCount(0);
    await screenshot(page, 'confirmation', { hideToasts: true });

    // The server holds the same order, and its stock moved.
    const uid = (await getAuth(adminApp).getUserByEmail(shopper.email)).uid;
    await expect
      .poll(async () => (await adminDb.doc(`orders/${orderId}`).get()).data())
      .toMatchObject({ userId: uid, total: 39833, status: 'pending', poNumber: 'PO-2211', paymentMethod: 'invoice-net30', paymentStatus: 'unpaid', placedByName: shopper.name });
    await expect.poll(() => stockOf(paper.id)).toBe(paperStockBefore - 5);
    await expect.poll(async () => (await adminDb.doc(`carts/${uid}`).get()).get('items')).toEqual([]);

    // Profile history lists the order; "Order again" puts its products back in the cart.
    await page.getByText(`Hi, ${shopper.name}`).click();
    await page.getByRole('link', { name: 'My Profile' }).click();
    const row = page.getByRole('row', { name: new RegExp(orderId) });
    await expect(row).toBeVisible();
    await expect(row.getByText('Pending')).toHaveCount(1);
    await expect(row.getByText(expectedTotal)).toHaveCount(1);
    await expect(page.locator('.user-menu')).not.toHaveAttribute('open'); // choosing a page closes the menu
    await scrollToSection(page.getByRole('region', { name: 'Order history' }));
    await screenshot(page, 'profile-history');
    await row.getByRole('button', { name: `Order again: ${orderId}` }).click();
    await expect(page.getByRole('heading', { name: 'Cart' })).toBeVisible();
    await expect(cartBadge).toHaveText('13');
    await expect(page.getByText('$49.99 each')).toHaveCount(1);
    await expect.poll(async () => ((await adminDb.doc(`carts/${uid}`).get()).get('items') as unknown[]).length).toBe(2);

    expect(consoleErrors).toEqual([]);

    // Another shopper opening the same confirmation link sees "not found".
    const strangerContext = await browser.newContext();
    const stranger = await strangerContext.newPage();
    await login(stranger, buyer, `/order-confirmation/${orderId}`);
    await expect(stranger.getByRole('heading', { name: 'Order not found' })).toBeVisible();
    await strangerContext.close();
  });
});
