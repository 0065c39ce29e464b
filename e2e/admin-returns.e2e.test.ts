/**
 * A return handled in the back office: a buyer's order of hot cups ships and the buyer asks to
 * return four damaged cases. The admin finds the return by its RMA number, approves it with a
 * restocking fee, records what arrived (two cases resellable, one damaged; one still to come) and
 * sees the credit note it issued; the stock rises by the resellable cases only, and the order lists
 * the return. The warehouse sees the return's receive form but cannot decide or close it.
 */
import { randomUUID } from 'node:crypto';
import {
  cartItemFor,
  expectedOrder,
  orderLinesFromCart,
  priceOrder,
  productFromData,
  returnCreditAmount,
  taxRateFor,
  type CreateShipmentResult,
  type PlaceOrderResult,
  type RequestReturnResult,
} from '@harbor/domain';
import { admin, login } from './accounts';
import { adminDb, creditNotesFarAhead, newBuyer } from './adminAccounts';
import { callAs } from './callables';
import { expect, horizontalOverflow, screenshot, test } from './fixtures';

const warehouse = { email: 'warehouse@harbor.test', password: 'harbor-warehouse-1', name: 'Wren Warehouse' };
const CUPS = 'pap-1009';
// A callable's first call may wait for its worker to start.
const callable = { timeout: 45_000 };

test('staff find a requested return by its RMA number, approve it with a fee, receive part of it and see its credit note', async ({ browser, page }) => {
  // Placing, shipping and asking back the order, then three staff moves: each a callable whose worker may start cold.
  test.slow();
  const buyer = await newBuyer('Rhea Returns');
  await creditNotesFarAhead();
  const cupsRef = adminDb.doc(`products/${CUPS}`);
  const before = (await cupsRef.get()).data()!;
  await cupsRef.update({ stock: 20, backordered: 0 });
  try {
    const cups = productFromData(CUPS, (await cupsRef.get()).data()!);
    const item = cartItemFor(cups, 6);
    await adminDb.doc(`carts/${buyer.uid}`).set({ items: [item] });
    const address = { line1: '7 Quay St', line2: '', city: 'Portland', region: 'ME', postalCode: '04101', country: 'United States' };
    const taxRateBasisPoints = taxRateFor(address.region);
    const expected = expectedOrder(priceOrder(orderLinesFromCart([item]), new Map([[cups.id, cups]]), { contract: null, taxRateBasisPoints }));
    const { orderId } = await callAs<PlaceOrderResult>(buyer, 'placeOrder', { requestId: randomUUID(), shippingAddress: address, company: 'Rhea Returns Trading', paymentMethod: 'invoice-net30', expected });
    await callAs<CreateShipmentResult>(warehouse, 'createShipment', { orderId, requestId: randomUUID(), lines: [{ productId: CUPS, quantity: 6 }], carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
    const { returnId, number } = await callAs<RequestReturnResult>(buyer, 'requestReturn', {
      orderId,
      requestId: randomUUID(),
      lines: [{ productId: CUPS, quantity: 4, reason: 'damaged' }],
      note: 'Four cases arrived crushed.',
    });
    const stockBefore = (await cupsRef.get()).get('stock') as number;

    // The admin finds it among the open returns by its number, typed as people type it.
    await login(page, admin, '/admin/returns');
    const search = page.getByRole('search', { name: 'Return search' });
    await search.getByLabel('Search returns').fill(number.toLowerCase());
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText(`Return ${number}, among the open returns.`)).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(number) });
    await expect(row).toContainText('Rhea Returns Trading');
    await expect(row).toContainText('4 units');
    await expect(row).toContainText('Requested');
    await row.getByRole('link', { name: number }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Return ${number}` })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Request' })).toContainText('Four cases arrived crushed.');
    await expect(page.getByRole('link', { name: orderId })).toHaveAttribute('href', `/admin/orders?order=${orderId}`);

    // Approved with a 10% restocking fee.
    const decide = page.getByRole('form', { name: 'Decide' });
    await decide.getByLabel('Restocking fee (%)').fill('10');
    await decide.getByLabel('Message to the buyer (optional)').fill('Please write the RMA number on each case.');
    await decide.getByRole('button', { name: 'Approve return' }).click();
    await expect(page.getByText(`Return ${number} approved with a 10% restocking fee`)).toBeVisible(callable);
    await expect(page.locator('.admin-heading .status-badge')).toHaveText('Approved');
    await expect(decide).toHaveCount(0);

    // Three of the four cases arrive: more than asked back is refused before anything is sent.
    const receive = page.getByRole('form', { name: 'Receive' });
    await expect(receive).toContainText('less the 10% restocking fee');
    await receive.getByLabel('Units of PAP-1009 received resellable').fill('3');
    await receive.getByLabel('Units of PAP-1009 received damaged').fill('2');
    await receive.getByRole('button', { name: 'Record receipt and credit' }).click();
    await expect(receive.getByRole('alert')).toHaveText(`Only 4 of ${cups.name} (PAP-1009) are still to receive on this return, not 5. Nothing was received.`);
    await receive.getByLabel('Units of PAP-1009 received resellable').fill('2');
    await receive.getByLabel('Units of PAP-1009 received damaged').fill('1');
    await receive.getByRole('button', { name: 'Record receipt and credit' }).click();
    const receipt = page.getByRole('status').filter({ hasText: 'Receipt recorded.' });
    await expect(receipt).toBeVisible(callable);
    const stored = (await adminDb.doc(`returns/${returnId}`).get()).data()!;
    const [creditNote] = stored.creditNotes as string[];
    await expect(receipt).toHaveText(`Receipt recorded. Credit note ${creditNote} was issued to the buyer's company; the rest can be received later, or the return closed.`);
    await expect(page.locator('.admin-heading .status-badge')).toHaveText('Partly received');
    await expect(page.getByRole('region', { name: 'Documents' }).getByRole('button', { name: new RegExp(`Credit note ${creditNote}`) })).toBeVisible();
    await expect(receive.getByLabel('Units of PAP-1009 received resellable')).toHaveValue('');
    // One case is still to come.
    await expect(receive.getByRole('row', { name: /Hot Cups/ }).getByRole('cell').nth(1)).toHaveText('1');

    // The resellable cases are back on the shelf; the credit is the three cases at the price charged, less the fee, tax included.
    expect((await cupsRef.get()).get('stock')).toBe(stockBefore + 2);
    const [charged] = (await adminDb.doc(`orders/${orderId}`).get()).get('items') as { unitPrice: number }[];
    const note = (await adminDb.doc(`creditNotes/${creditNote}`).get()).data()!;
    expect(note.amount).toBe(returnCreditAmount(3 * charged!.unitPrice, taxRateBasisPoints, 1000).amount);
    await expect.poll(() => horizontalOverflow(page)).toBe(0);
    // The page's top: the receipt's notice, the request and its lines.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'admin-return-received', { hideToasts: true });

    // The order lists its return, which leads back here.
    await page.getByRole('link', { name: orderId }).click();
    const orderReturns = page.getByRole('dialog', { name: `Order ${orderId}` }).getByRole('region', { name: 'Return' });
    await expect(orderReturns.getByRole('row', { name: new RegExp(number) })).toContainText('Partly received');
    await orderReturns.getByRole('link', { name: number }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Return ${number}` })).toBeVisible();

    // The warehouse receives returns but does not decide them.
    const warehouseContext = await browser.newContext();
    const warehousePage = await warehouseContext.newPage();
    await login(warehousePage, warehouse, `/admin/returns/${returnId}`);
    await expect(warehousePage.getByRole('form', { name: 'Receive' })).toBeVisible();
    await expect(warehousePage.getByRole('form', { name: 'Decide' })).toHaveCount(0);
    await expect(warehousePage.getByRole('button', { name: 'Close return…' })).toHaveCount(0);
    // It sees the credit note's number, not its PDF, which the roles that read invoices download.
    await expect(warehousePage.getByRole('region', { name: 'Request' })).toContainText(creditNote!);
    await expect(warehousePage.getByRole('button', { name: new RegExp(`Credit note ${creditNote}`) })).toHaveCount(0);
    await warehouseContext.close();
  } finally {
    await cupsRef.set(before);
  }
});
