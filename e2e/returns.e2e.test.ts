/**
 * A return, as the buyer lives it: a case of an order arrived damaged; the buyer asks to return it
 * from the order's page, follows it on the return's page and on /returns; the shop approves it
 * and the warehouse receives it damaged; the buyer then finds the return credited, with its
 * return authorization and credit note, and the credit note on its statement of account.
 */
import { randomUUID } from 'node:crypto';
import {
  cartItemFor,
  expectedOrder,
  formatMoney,
  orderLinesFromCart,
  priceOrder,
  productFromData,
  returnCreditAmount,
  taxRateFor,
  type CreateShipmentResult,
  type PlaceOrderResult,
  type ReceiveReturnResult,
  type ReturnStatusResult,
} from '@harbor/domain';
import { admin, login } from './accounts';
import { adminDb, creditNotesFarAhead, newBuyer } from './adminAccounts';
import { callAs } from './callables';
import { expect, horizontalOverflow, screenshot, scrollToSection, test } from './fixtures';

const warehouse = { email: 'warehouse@harbor.test', password: 'harbor-warehouse-1' };
// Sports drink, sold by the case.
const DRINKS = 'bev-1010';
// A callable's first call may wait for its worker to start.
const callable = { timeout: 45_000 };

test.describe('returns', () => {
  test('a buyer returns a damaged case; the shop approves and receives it, and credits it', { tag: '@phone' }, async ({ page }) => {
    // Placing and shipping the order, then four more callables, each of whose workers may start cold.
    test.slow();
    const buyer = await newBuyer('Rhea Returns');
    await creditNotesFarAhead();
    const drinks = productFromData(DRINKS, (await adminDb.doc(`products/${DRINKS}`).get()).data()!);
    // Five cases: the shop's minimum order value.
    const item = cartItemFor(drinks, 5);
    await adminDb.doc(`carts/${buyer.uid}`).set({ items: [item] });
    const address = { line1: '7 Quay St', line2: '', city: 'Portland', region: 'ME', postalCode: '04101', country: 'United States' };
    const expected = expectedOrder(priceOrder(orderLinesFromCart([item]), new Map([[drinks.id, drinks]]), { contract: null, taxRateBasisPoints: taxRateFor(address.region) }));
    const { orderId } = await callAs<PlaceOrderResult>(buyer, 'placeOrder', { requestId: randomUUID(), shippingAddress: address, company: 'Rhea Returns Trading', paymentMethod: 'invoice-net30', expected });
    await callAs<CreateShipmentResult>(warehouse, 'createShipment', { orderId, requestId: randomUUID(), lines: [{ productId: DRINKS, quantity: 5 }], carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });

    // Rhea asks to return one of the five cases: it arrived damaged.
    await login(page, buyer, `/order-confirmation/${orderId}`);
    await page.getByRole('button', { name: 'Return items' }).click();
    const dialog = page.getByRole('dialog', { name: `Return items of order ${orderId}` });
    const drinksLine = dialog.getByRole('group', { name: /Sports Drink, Citrus/ });
    await expect(drinksLine).toContainText('Up to 5 units.');
    // Nothing chosen yet: the dialog says so and sends nothing.
    await dialog.getByRole('button', { name: 'Request return' }).click();
    await expect(dialog.getByText('Choose at least one item to return.')).toBeVisible();
    await drinksLine.getByLabel('Units to return').fill('1');
    await drinksLine.getByLabel('Reason').selectOption({ label: 'Damaged' });
    await dialog.getByLabel('Note for our team (optional)').fill('One case arrived crushed, bottles leaking.');
    await expect.poll(() => horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'returns-request');
    await dialog.getByRole('button', { name: 'Request return' }).click();
    const requested = dialog.getByRole('status');
    await expect(requested).toContainText(/Return RMA-\d{6} requested\./, callable);
    const number = /RMA-\d{6}/.exec((await requested.textContent()) ?? '')![0];
    await dialog.getByRole('link', { name: `View return ${number}` }).click();

    // Its page: requested, one damaged case, the note, no document yet.
    await expect(page.getByRole('heading', { name: `Return ${number} Requested`, level: 1 })).toBeVisible();
    const returnId = page.url().split('/').pop()!;
    const lines = page.getByRole('table', { name: 'Items to return' });
    await expect(lines.getByRole('row').nth(1)).toContainText('Sports Drink, Citrus');
    await expect(lines.getByRole('row').nth(1).getByRole('cell')).toHaveText(['case of 24 x 20 oz bottles', '1', 'Damaged']);
    await expect(page.getByRole('region', { name: 'Items' })).toContainText('Note: One case arrived crushed, bottles leaking.');
    await expect(page.getByRole('region', { name: 'History' }).getByRole('listitem')).toHaveCount(1);
    await expect(page.getByRole('region', { name: 'History' }).getByRole('listitem')).toContainText('Requested');
    await expect(page.getByRole('region', { name: 'Documents' })).toHaveCount(0);

    // The order lists it; the other four cases may still be returned.
    await page.getByRole('link', { name: orderId }).click();
    const orderReturns = page.getByRole('region', { name: 'Return', exact: true });
    await expect(orderReturns.getByRole('link', { name: number })).toHaveAttribute('href', `/returns/${returnId}`);
    await expect(orderReturns.getByRole('row').nth(1).getByRole('cell').first()).toHaveText('Requested');
    await page.getByRole('button', { name: 'Return items' }).click();
    await expect(page.getByRole('dialog').getByRole('group', { name: /Sports Drink, Citrus/ })).toContainText('Only 4 of Sports Drink, Citrus (BEV-1010) can be returned: 5 shipped, 1 already on returns.');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    // The shop approves it; the warehouse receives the case, damaged.
    await callAs<ReturnStatusResult>(admin, 'decideReturn', { returnId, decision: 'approve', message: 'Sorry about that: please send the case back with the RMA number on it.' });
    const received = await callAs<ReceiveReturnResult>(warehouse, 'receiveReturn', { returnId, requestId: randomUUID(), lines: [{ productId: DRINKS, quantity: 1, condition: 'damaged' }] });
    expect(received.creditNotes).toHaveLength(1);
    const creditNote = received.creditNotes[0]!;
    const order = (await adminDb.doc(`orders/${orderId}`).get()).data()!;
    const credit = returnCreditAmount(drinks.price, order.taxRateBasisPoints as number, 0).amount;

    // Rhea's list of returns, then the return itself: credited, with its documents and history.
    await page.goto('/returns');
    const row = page.getByRole('table', { name: /returns, newest first/ }).getByRole('row', { name: new RegExp(number) });
    await expect(row.locator('.status-badge')).toHaveText('Credited');
    await row.getByRole('link', { name: number }).click();
    await expect(page.getByRole('heading', { name: `Return ${number} Credited`, level: 1 })).toBeVisible();
    await expect(page.getByText('The goods arrived and are credited to your account.')).toBeVisible();
    await expect(lines.getByRole('row').nth(1).getByRole('cell')).toHaveText(['case of 24 x 20 oz bottles', '1', 'Damaged', '0', '1']);
    const history = page.getByRole('region', { name: 'History' });
    await expect(history.getByRole('listitem')).toHaveCount(3);
    await expect(history.getByRole('listitem').nth(1)).toContainText('Sorry about that: please send the case back with the RMA number on it.');
    const documents = page.getByRole('region', { name: 'Documents' });
    await expect(documents.getByRole('button', { name: `Return authorization (PDF) for order ${orderId}` })).toBeVisible();
    const download = page.waitForEvent('download', callable);
    await documents.getByRole('button', { name: `Credit note ${creditNote} (PDF) for order ${orderId}` }).click();
    expect((await download).suggestedFilename()).toContain(creditNote);
    await expect.poll(() => horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'returns-credited');
    await scrollToSection(history);
    await screenshot(page, 'returns-credited-history');

    // The credit note on the statement of account, lowering what the company owes.
    await page.goto('/profile');
    await page.getByRole('navigation', { name: 'Profile sections' }).getByRole('link', { name: 'Statement' }).click();
    const statement = page.getByRole('region', { name: 'Statement of account' });
    const creditRow = statement.getByRole('table', { name: /^Account activity from/ }).getByRole('row', { name: new RegExp(creditNote) });
    await expect(creditRow).toContainText(formatMoney(credit));
    await scrollToSection(statement);
    await screenshot(page, 'returns-statement');
  });
});
