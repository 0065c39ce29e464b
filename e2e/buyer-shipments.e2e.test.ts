/**
 * An order shipped in parts, as its company sees it: a buyer orders more hot cups than the shelf
 * holds, the warehouse ships what is there in two parcels; the buyer's order page shows each
 * line's shipped and backordered units with the expected date, both shipments with their tracking
 * links, lines and invoices, and the history shows the order partly shipped with its two invoices.
 * The company's owner cancels the rest, after saying why, and the order is complete.
 */
import { randomUUID } from 'node:crypto';
import { cartItemFor, expectedOrder, orderLinesFromCart, priceOrder, productFromData, taxRateFor, type CreateShipmentResult, type PlaceOrderResult } from '@harbor/domain';
import { login } from './accounts';
import { adminDb, newBuyer } from './adminAccounts';
import { shopUrl } from './browser';
import { callAs } from './callables';
import { expect, horizontalOverflow, screenshot, scrollToSection, test } from './fixtures';

const warehouse = { email: 'warehouse@harbor.test', password: 'harbor-warehouse-1' };
const CUPS = 'pap-1009';
// A callable's first call may wait for its worker to start.
const callable = { timeout: 45_000 };

test.describe("an order's shipments on the buyer's page", () => {
  test('two shipments and a backorder, the history, and the owner cancelling the rest', { tag: '@phone' }, async ({ browser, page }) => {
    // Placing the order and two shipments, each a callable whose worker may start cold.
    test.slow();
    const owner = await newBuyer('Odette Owner');
    const buyer = await newBuyer('Bo Buyer');
    const companyId = `co-${owner.uid}`;
    await adminDb.doc(`companies/${companyId}`).update({ [`members.${buyer.uid}`]: 'buyer', [`memberDetails.${buyer.uid}`]: { name: buyer.name, email: buyer.email } });
    await adminDb.doc(`users/${buyer.uid}`).update({ companyId });

    // 25 cases on the shelf, more expected on December 9.
    const cupsRef = adminDb.doc(`products/${CUPS}`);
    const before = (await cupsRef.get()).data()!;
    await cupsRef.update({ stock: 25, backorderable: true, restockDate: '2026-12-09', backordered: 0 });
    try {
      const cups = productFromData(CUPS, (await cupsRef.get()).data()!);
      // Bo orders 40: 25 are allocated, 15 wait on backorder.
      const item = cartItemFor(cups, 40);
      await adminDb.doc(`carts/${buyer.uid}`).set({ items: [item] });
      const address = { line1: '7 Quay St', line2: '', city: 'Portland', region: 'ME', postalCode: '04101', country: 'United States' };
      const expected = expectedOrder(priceOrder(orderLinesFromCart([item]), new Map([[cups.id, cups]]), { contract: null, taxRateBasisPoints: taxRateFor(address.region) }));
      const { orderId } = await callAs<PlaceOrderResult>(buyer, 'placeOrder', { requestId: randomUUID(), shippingAddress: address, company: 'Odette Owner Trading', paymentMethod: 'invoice-net30', expected });
      // The warehouse ships 10, then 15: what was on the shelf.
      const ship = (quantity: number, carrier: string, trackingNumber: string) =>
        callAs<CreateShipmentResult>(warehouse, 'createShipment', { orderId, requestId: randomUUID(), lines: [{ productId: CUPS, quantity }], carrier, trackingNumber });
      const first = await ship(10, 'UPS', '1Z999AA10123456784');
      const second = await ship(15, 'FedEx', '123456789012');

      await login(page, buyer, `/order-confirmation/${orderId}`);
      await expect(page.locator('.confirmation-header .status-badge')).toHaveText('Partially shipped');
      const line = page.getByRole('list', { name: 'Items' }).getByRole('listitem');
      await expect(line.locator('.line-fulfilment')).toHaveText('25 shipped · 15 on backorder, expected Dec 9');
      // Bo does not decide for the company: the page says whom to ask.
      await expect(page.getByText("To cancel what has not shipped, ask your company's owner or an approver.")).toBeVisible();
      await expect(page.getByRole('button', { name: 'Cancel the rest…' })).toHaveCount(0);

      await expect(page.getByRole('region', { name: 'Payment' })).toContainText('Your order is invoiced as it ships: each shipment has its own invoice for what it holds');

      const shipments = page.getByRole('region', { name: 'Shipments' });
      const entries = shipments.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) });
      await expect(entries.getByRole('heading', { level: 3 })).toHaveText([`Shipment ${first.shipmentNumber}`, `Shipment ${second.shipmentNumber}`]);
      await expect(entries.nth(0).getByRole('link', { name: '1Z999AA10123456784' })).toHaveAttribute('href', 'https://www.ups.com/track?tracknum=1Z999AA10123456784');
      await expect(entries.nth(1).getByRole('link', { name: '123456789012' })).toHaveAttribute('href', 'https://www.fedex.com/fedextrack/?trknbr=123456789012');
      await expect(entries.nth(0).getByRole('list', { name: `Items in shipment ${first.shipmentNumber}` })).toHaveText('10 × Hot Cups, 12 oz (PAP-1009)');
      await expect(entries.nth(1).getByRole('list', { name: `Items in shipment ${second.shipmentNumber}` })).toHaveText('15 × Hot Cups, 12 oz (PAP-1009)');
      // Each shipment has its own invoice, and the page has no other.
      await expect(entries.nth(0).locator('.invoice-status .mono')).toHaveText(first.invoiceNumber);
      await expect(entries.nth(1).locator('.invoice-status .mono')).toHaveText(second.invoiceNumber);
      await expect(entries.nth(1).locator('.invoice-status .status-badge')).toHaveText('Open');
      await expect(page.getByRole('region', { name: /^Invoices?$/ })).toHaveCount(0);
      const download = page.waitForEvent('download');
      await entries.nth(1).getByRole('button', { name: `Invoice ${second.invoiceNumber} (PDF) for order ${orderId}` }).click();
      expect((await download).suggestedFilename()).toBe(`${second.invoiceNumber}-${orderId}.pdf`);
      await expect.poll(() => horizontalOverflow(page)).toBe(0);
      await screenshot(page, 'buyer-order-partly-shipped', { hideToasts: true });
      await scrollToSection(shipments);
      await screenshot(page, 'buyer-order-shipments');

      // The history shows it partly shipped; its two invoices are on its page.
      await page.goto('/profile');
      const row = page.getByRole('region', { name: 'Order history' }).getByRole('row', { name: new RegExp(orderId) });
      await expect(row.locator('.status-badge')).toHaveText('Partially shipped');
      await expect(row.getByRole('link', { name: `2 invoices of order ${orderId}, on its page` })).toHaveAttribute('href', `/order-confirmation/${orderId}`);

      // Odette, the owner, cancels the rest: the 15 on backorder.
      const ownerContext = await browser.newContext({ baseURL: shopUrl, viewport: page.viewportSize() });
      const ownerPage = await ownerContext.newPage();
      try {
        await login(ownerPage, owner, `/order-confirmation/${orderId}`);
        await ownerPage.getByRole('button', { name: 'Cancel the rest…' }).click();
        const dialog = ownerPage.getByRole('dialog', { name: `Cancel the rest of order ${orderId}?` });
        await expect(dialog.getByRole('listitem')).toHaveText('15 of Hot Cups, 12 oz (PAP-1009): 15 on backorder');
        await expect(dialog).toContainText('Nothing is charged for the cancelled units. Bo Buyer is e-mailed what was cancelled and your reason. This cannot be undone.');
        await dialog.getByRole('button', { name: 'Cancel the rest' }).click();
        await expect(dialog.getByText('Give a reason for cancelling the rest of the order.')).toBeVisible();
        await dialog.getByLabel('Reason').fill('We found cups locally');
        await screenshot(ownerPage, 'buyer-order-cancel-rest');
        await dialog.getByRole('button', { name: 'Cancel the rest' }).click();
        await expect(ownerPage.getByText(`15 units of order ${orderId} cancelled. Everything else has shipped: the order is complete.`)).toBeVisible(callable);
        await expect(dialog).toHaveCount(0);
        await expect(ownerPage.locator('.confirmation-header .status-badge')).toHaveText('Shipped');
        await expect(ownerPage.getByRole('list', { name: 'Items' }).locator('.line-fulfilment')).toHaveText('25 shipped · 15 cancelled');
        await expect(ownerPage.getByRole('button', { name: 'Cancel the rest…' })).toHaveCount(0);
      } finally {
        await ownerContext.close();
      }
      const order = (await adminDb.doc(`orders/${orderId}`).get()).data()!;
      expect(order.items[0]).toMatchObject({ quantity: 40, shipped: 25, allocated: 0, backordered: 0, cancelled: 15 });
      expect((await cupsRef.get()).get('backordered')).toBe(0);
    } finally {
      await cupsRef.set(before);
    }
  });
});
