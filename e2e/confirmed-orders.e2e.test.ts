/**
 * Orders match what the buyer confirmed, and carts never lose a line: two tabs of one buyer, a
 * product added while the session is restored, a price changed while the buyer is on checkout, a
 * price edited in the guest cart, and the scroll position between the catalog and a product page
 * (across reloads and pages loaded in full too).
 */
import { cartItemFor, formatMoney, productFromData, smallestValidQuantity } from '@harbor/domain';
import { login } from './accounts';
import { adminDb as db, newBuyer } from './adminAccounts';
import { waitForShopCode } from './browser';
import { storeGuestCart } from './guestCart';
import { expect, screenshot, test } from './fixtures';


async function product(id: string) {
  return productFromData(id, (await db.doc(`products/${id}`).get()).data() ?? {});
}

test.describe('confirmed orders and carts', () => {
  test('two pages of one buyer add different products and both lines stay', async ({ page, context }) => {
    const account = await newBuyer('Tabitha Tabs');
    const [blackTea, greenTea] = [await product('bev-1006'), await product('bev-1007')];
    await login(page, account);
    const otherPage = await context.newPage();
    await otherPage.goto('/cart');
    await expect(otherPage.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();

    // Both pages add a product of their own, each from its product page.
    await page.goto(`/product/${blackTea.id}`);
    await otherPage.goto(`/product/${greenTea.id}`);
    await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await otherPage.getByRole('button', { name: 'Add to cart', exact: true }).click();
    // Each page follows the cart the other one changed.
    await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
    await expect(otherPage.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();

    await page.goto('/cart');
    await page.reload();
    const lines = page.getByRole('list', { name: 'Cart items' });
    await expect(lines.getByRole('link', { name: blackTea.name })).toBeVisible();
    await expect(lines.getByRole('link', { name: greenTea.name })).toBeVisible();
    await expect.poll(async () => ((await db.doc(`carts/${account.uid}`).get()).get('items') as { id: string }[]).map((item) => item.id).sort()).toEqual([blackTea.id, greenTea.id]);

    // The server applies a change but its answer is lost, and the buyer reloads before the page
    // tries again (held here): the next page sends the change again, and the cart holds it once.
    const quantityOf = async (id: string) => ((await db.doc(`carts/${account.uid}`).get()).get('items') as { id: string; quantity: number }[]).find((item) => item.id === id)?.quantity;
    const before = await quantityOf(blackTea.id);
    let answerLost = false;
    await page.route('**/documents:commit*', async (route) => {
      if (answerLost) return;
      await route.fetch();
      await route.abort('internetdisconnected');
      answerLost = true;
    });
    await page.goto(`/product/${blackTea.id}`);
    await waitForShopCode(page);
    // The buyer's name in the header: the session is restored, so the change is the buyer's own
    // (one made before that is a guest's, which the sign-in merge gives up to the saved line).
    await expect(page.getByText(`Hi, ${account.name}`)).toBeVisible();
    await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await expect.poll(() => answerLost).toBe(true);
    expect(await quantityOf(blackTea.id)).toBe(before! * 2);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.goto('/cart');
    await expect(page.getByLabel(`Quantity of ${blackTea.name}`, { exact: true })).toHaveValue(String(before! * 2));
    expect(await quantityOf(blackTea.id)).toBe(before! * 2);
  });

  test("a product added while the buyer's session is still being restored is added to the saved line, not given up to it", async ({ page }) => {
    const account = await newBuyer('Rhoda Restore');
    const greenTea = await product('bev-1007');
    const added = smallestValidQuantity(greenTea);
    const saved = cartItemFor(greenTea, added);
    await db.doc(`carts/${account.uid}`).set({ items: [saved] });
    await login(page, account);
    // The next page restores the stored session; its check with Auth is held until the buyer has added.
    let releaseSession = () => {};
    const sessionHeld = new Promise<void>((resolve) => (releaseSession = resolve));
    await page.route('**/accounts:lookup*', async (route) => {
      await sessionHeld;
      await route.fallback();
    });
    await page.goto(`/product/${greenTea.id}`);
    await waitForShopCode(page);
    await expect(page.getByText(`Hi, ${account.name}`)).toBeHidden();
    await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await expect(page.getByText(`Added ${added} × ${greenTea.name} to your cart.`)).toBeVisible();
    releaseSession();
    await expect(page.getByText(`Hi, ${account.name}`)).toBeVisible();
    const quantity = async () => ((await db.doc(`carts/${account.uid}`).get()).get('items') as { id: string; quantity: number }[]).find((item) => item.id === greenTea.id)?.quantity;
    await expect.poll(quantity).toBe(added * 2);
    await page.goto('/cart');
    await expect(page.getByLabel(`Quantity of ${greenTea.name}`, { exact: true })).toHaveValue(String(added * 2));
  });

  test('a price changed while the buyer is on checkout is shown, and no order exists until the buyer confirms again', async ({ page }) => {
    const account = await newBuyer('Connie Confirm');
    const coldBrew = await product('bev-1003');
    const productRef = db.doc(`products/${coldBrew.id}`);
    const newPrice = coldBrew.price + 500;
    await db.doc(`carts/${account.uid}`).set({ items: [cartItemFor(coldBrew, 2)] });
    await login(page, account, '/checkout');
    const summary = page.getByRole('complementary', { name: 'Order summary' });
    await expect(summary.getByText(`2 × ${formatMoney(coldBrew.price)}`)).toBeVisible();

    // An administrator raises the price while the buyer reads the summary.
    await productRef.update({ price: newPrice, tiers: [] });
    try {
      await page.getByRole('button', { name: /^Place order/ }).click();
      const changes = page.getByRole('alert', { name: 'Your order changed' });
      await expect(changes).toContainText(`changed from ${formatMoney(coldBrew.price)} to ${formatMoney(newPrice)}`);
      await expect(summary.getByText(`2 × ${formatMoney(newPrice)}`)).toBeVisible();
      await screenshot(page, 'checkout-order-changed');
      await expect.poll(async () => (await db.collection('orders').where('userId', '==', account.uid).get()).size).toBe(0);

      // Confirming again places the order at the price the buyer now saw.
      await page.getByRole('button', { name: /^Place order/ }).click();
      await expect(page).toHaveURL(/\/order-confirmation\//);
      const orders = await db.collection('orders').where('userId', '==', account.uid).get();
      expect(orders.size).toBe(1);
      expect(orders.docs[0]?.get('items')[0]).toMatchObject({ productId: coldBrew.id, quantity: 2, unitPrice: newPrice });
    } finally {
      await productRef.update({ price: coldBrew.price, tiers: coldBrew.tiers });
    }
  });

  test('a price edited in the guest cart in local storage is shown at the catalog price', { tag: '@phone' }, async ({ page }) => {
    const sparkling = await product('bev-1001');
    const tampered = [{ ...cartItemFor(sparkling, 2), price: 1 }];
    await storeGuestCart(page, tampered);
    await page.goto('/cart');
    const line = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: sparkling.name }) });
    await expect(line).toContainText(`${formatMoney(sparkling.price)} each`);
    await expect(line).toContainText('Price changed from $0.01');
    await expect(line).toContainText(formatMoney(sparkling.price * 2));
    await expect(page.getByRole('complementary', { name: 'Order summary' })).toContainText(formatMoney(sparkling.price * 2));
    await screenshot(page, 'cart-catalog-price');
  });

  test('the grid position outlives a reload and a page loaded in full, and a new visit starts at the top', async ({ page }) => {
    await page.goto('/');
    const card = page.locator('.product-card').nth(12);
    await card.scrollIntoViewIfNeeded();
    const top = async () => Math.round((await card.boundingBox())?.y ?? Number.NaN);
    let shownAt = await top();
    await expect.poll(async () => shownAt === (shownAt = await top())).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);

    await page.reload();
    await expect.poll(async () => Math.abs((await top()) - shownAt)).toBeLessThanOrEqual(5);

    // As a link tapped before the shop's code has started: the next page loads in full.
    await page.goto('/product/bev-1001');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goBack();
    await expect.poll(async () => Math.abs((await top()) - shownAt)).toBeLessThanOrEqual(5);

    await page.goto('/');
    await waitForShopCode(page);
    await expect(card).toBeAttached();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('a product page opened from a scrolled grid starts at the top, and back returns to the grid position', { tag: '@phone' }, async ({ page }) => {
    await page.goto('/');
    const cards = page.locator('.product-card');
    await expect(cards.nth(12)).toBeVisible();
    const card = cards.nth(12);
    await card.scrollIntoViewIfNeeded();
    // Where the card shows on screen, once the cards around it are laid out (cards are laid out as
    // they near the screen, content-visibility in catalog.css, so the page's height settles with them).
    const top = async () => Math.round((await card.boundingBox())?.y ?? Number.NaN);
    let shownAt = await top();
    await expect.poll(async () => shownAt === (shownAt = await top())).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);

    await card.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/product\//);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    await page.goBack();
    await expect(card).toBeVisible();
    await expect.poll(async () => Math.abs((await top()) - shownAt)).toBeLessThanOrEqual(5);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);

    // Further down the grid, then forward to the product and back again with the browser's buttons.
    const lower = cards.nth(20);
    const lowerTop = async () => Math.round((await lower.boundingBox())?.y ?? Number.NaN);
    await lower.scrollIntoViewIfNeeded();
    let lowerAt = await lowerTop();
    await expect.poll(async () => lowerAt === (lowerAt = await lowerTop())).toBe(true);
    await page.goForward();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goBack();
    await expect(lower).toBeVisible();
    await expect.poll(async () => Math.abs((await lowerTop()) - lowerAt)).toBeLessThanOrEqual(5);
  });

});
