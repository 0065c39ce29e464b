/**
 * Buying at wholesale speed: the list view worked with the keyboard only, the header's instant
 * search forgiving a typo (answered from the embedded search index the products trigger builds),
 * and a saved list put into the cart.
 */
import { smallestValidQuantity } from '@harbor/domain';
import { seedProducts } from '../scripts/catalog/products';
import { login } from './accounts';
import { adminDb, newBuyer } from './adminAccounts';
import { shopUrl } from './browser';
import { expect, headerSearch, screenshot, test } from './fixtures';

/** The catalog's first page in its default order (name, code-unit order), active products only. */
const firstProducts = seedProducts.filter((product) => product.active).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

test.describe('list view', () => {
  test('adds three products with the keyboard only, and is remembered on the next visit', async ({ page, consoleErrors }) => {
    await page.goto('/');
    const listToggle = page.getByRole('button', { name: 'List' });
    await listToggle.focus();
    await page.keyboard.press('Enter');
    await expect(listToggle).toHaveAttribute('aria-pressed', 'true');

    const [first, second, third] = firstProducts;
    const firstQuantity = page.getByLabel(`Quantity of ${first!.name}`);
    await firstQuantity.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByLabel(`Quantity of ${second!.name}`)).toBeFocused();
    await page.keyboard.press('Enter');
    const thirdQuantity = page.getByLabel(`Quantity of ${third!.name}`);
    await expect(thirdQuantity).toBeFocused();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(String(smallestValidQuantity(third!) * 2));
    await page.keyboard.press('Enter');

    const total = smallestValidQuantity(first!) + smallestValidQuantity(second!) + smallestValidQuantity(third!) * 2;
    await expect(page.getByRole('link', { name: `Cart, ${total} items` })).toBeVisible();
    await expect(page.locator('main p[aria-live="polite"]', { hasText: `Added ${smallestValidQuantity(third!) * 2} × ${third!.name} to your cart.` })).toBeAttached();

    await screenshot(page, 'list-view');
    await page.reload();
    await expect(page.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByLabel(`Quantity of ${first!.name}`)).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });
});

test.describe('instant search', () => {
  test('"chocolte" in the header suggests chocolate products, and Enter opens the highlighted one', async ({ page, consoleErrors }) => {
    await page.goto('/cart');
    const box = headerSearch(page);
    await box.fill('chocolte');
    const suggestions = page.getByRole('listbox', { name: 'Suggested products' });
    await expect(suggestions.getByRole('option', { name: /Dark Chocolate Bar, 70% Cacao/ })).toBeVisible();
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    const first = suggestions.getByRole('option').first();
    await expect(first).toContainText('Chocolate');
    const name = (await first.locator('.search-suggestion-name').innerText()).split('\n')[0]!;
    await screenshot(page, 'suggestions');
    await box.press('ArrowDown');
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await box.press('Enter');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    expect(consoleErrors).toEqual([]);
  });

  test('an exact SKU is the first suggestion', async ({ page }) => {
    await page.goto('/');
    await headerSearch(page).fill('PAP-1002');
    await expect(page.getByRole('option').first()).toContainText('Multifold Paper Towels, White');
  });
});

test.describe('saved lists', () => {
  test('a buyer saves products to a new list (from a product page and a list-view row) and puts the whole list into the cart; a line no longer sold is reported', async ({ page }) => {
    const account = await newBuyer('Liam Lists');
    await login(page, account, '/product/snk-1009');
    await page.getByRole('button', { name: 'Save to list' }).click();
    await page.getByLabel('List name').fill('Weekly kitchen');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Save to list' })).toBeVisible();

    // The second from a row of the catalog's list view, with the row's quantity.
    const towels = seedProducts.find((product) => product.id === 'pap-1002')!;
    await page.goto('/?search=PAP-1002');
    await page.getByRole('button', { name: 'List' }).click();
    const saveRow = page.getByRole('button', { name: `Save ${towels.name}`, exact: true });
    await saveRow.click();
    await expect(saveRow).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByLabel(`Save ${smallestValidQuantity(towels)} × ${towels.name} to`, { exact: true })).toHaveValue(/.+/);
    await screenshot(page, 'list-row-save');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(saveRow).toHaveAttribute('aria-expanded', 'false');

    // A product the list holds is taken out of the catalog meanwhile.
    const gone = seedProducts.find((product) => !product.active)!;
    const [list] = (await adminDb.collection('lists').where('ownerId', '==', account.uid).get()).docs;
    await list!.ref.update({ lines: [...(list!.get('lines') as unknown[]), { productId: gone.id, quantity: 1 }] });

    await page.getByText(`Hi, ${account.name}`).click();
    await page.getByRole('link', { name: 'Saved lists' }).click();
    const weekly = page.getByRole('region', { name: 'Weekly kitchen' });
    await expect(weekly.getByRole('row')).toHaveCount(4);
    // A quantity the list cannot keep is explained on its field, and nothing is saved.
    const towelQuantity = weekly.getByLabel(`Quantity of ${towels.name}`);
    await towelQuantity.fill('0');
    await towelQuantity.blur();
    await expect(weekly.getByRole('alert')).toHaveText('Enter a whole number from 1 to 100,000.');
    await expect(towelQuantity).toHaveAttribute('aria-invalid', 'true');
    await screenshot(page, 'list-quantity-problem');
    const storedQuantities = async () => ((await list!.ref.get()).get('lines') as { quantity: number }[]).map((line) => line.quantity);
    expect(await storedQuantities()).not.toContain(0);
    await towelQuantity.fill(String(smallestValidQuantity(towels)));
    await towelQuantity.blur();
    await expect(weekly.getByRole('alert')).toHaveCount(0);
    await weekly.getByRole('button', { name: 'Add all to cart' }).click();
    const report = weekly.getByRole('alert');
    await expect(report).toContainText('2 of 3 lines added to your cart.');
    await expect(report).toContainText('Not added: A product no longer sold. This product is no longer available.');
    await screenshot(page, 'saved-lists');
    const chocolate = seedProducts.find((product) => product.id === 'snk-1009')!;
    const count = smallestValidQuantity(chocolate) + smallestValidQuantity(towels);
    await expect(page.getByRole('link', { name: `Cart, ${count} items` })).toBeVisible();
  });
});

test.describe('saved lists of a company', () => {
  test("a colleague at the buyer's company sees the buyer's list, cannot change it, and puts it into the cart", async ({ page, browser }) => {
    const [owner, colleague] = await Promise.all([newBuyer('Olive Owner'), newBuyer('Colin Colleague')]);
    // The colleague joins the owner's company, as an accepted invitation makes it.
    const companyId = `co-${owner.uid}`;
    await adminDb.doc(`companies/${companyId}`).update({ [`members.${colleague.uid}`]: 'buyer' });
    await adminDb.doc(`users/${colleague.uid}`).set({ companyId }, { merge: true });

    await login(page, owner, '/product/snk-1009');
    await page.getByRole('button', { name: 'Save to list' }).click();
    await page.getByLabel('List name').fill('Shared kitchen');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Save to list' })).toBeVisible();

    const context = await browser.newContext({ baseURL: shopUrl });
    try {
      const colleaguePage = await context.newPage();
      await login(colleaguePage, colleague, '/lists');
      const shared = colleaguePage.getByRole('region', { name: 'Shared kitchen' });
      await expect(shared.getByText('Saved by a colleague')).toBeVisible();
      await expect(shared.getByRole('button', { name: /Delete|Remove/ })).toHaveCount(0);
      await shared.getByRole('button', { name: 'Add all to cart' }).click();
      await expect(shared.getByRole('status')).toContainText('1 of 1 lines added to your cart.');
    } finally {
      await context.close();
    }
  });
});

test.describe('buy again', () => {
  test('lists a product the buyer ordered, with the last quantity, and adds it to the cart', async ({ page }) => {
    const account = await newBuyer('Bea Again');
    const tea = seedProducts.find((product) => product.id === 'bev-1006')!;
    await adminDb.doc(`orders/again-${account.uid}`).set({
      userId: account.uid,
      userEmail: account.email,
      status: 'delivered',
      items: [{ productId: tea.id, name: tea.name, sku: tea.sku, unit: tea.unit, imageUrl: tea.imageUrl, unitPrice: tea.price, quantity: 12, lineTotal: tea.price * 12 }],
      subtotal: tea.price * 12,
      total: tea.price * 12,
      createdAt: new Date(),
    });
    await expect.poll(async () => (await adminDb.doc(`purchaseSummaries/${account.uid}`).get()).exists, { timeout: 20_000 }).toBe(true);

    await login(page, account);
    await page.getByText(`Hi, ${account.name}`).click();
    await page.getByRole('link', { name: 'Buy again' }).click();
    const buyAgain = page.getByRole('region', { name: 'Buy again' });
    const row = buyAgain.getByRole('listitem').filter({ hasText: tea.name });
    await expect(row).toContainText('ordered 1 time');
    await expect(row.getByLabel(`Quantity of ${tea.name}`)).toHaveValue('12');
    await screenshot(page, 'buy-again');
    await row.getByRole('button', { name: `Add ${tea.name}` }).click();
    await expect(page.getByRole('link', { name: 'Cart, 12 items' })).toBeVisible();
  });
});
