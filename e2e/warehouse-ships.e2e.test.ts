/**
 * The warehouse ships an order in two parts from the back office: a buyer orders more olive oil
 * than the shelf holds; the warehouse ships part of what is ready with one carrier, the truck
 * arrives, and it ships the rest with another. The order lists both shipments, each with its
 * tracking link and packing slip, and is shipped once nothing is left.
 */
import { randomUUID } from 'node:crypto';
import { cartItemFor, expectedOrder, orderLinesFromCart, priceOrder, productFromData, taxRateFor, type PlaceOrderResult } from '@harbor/domain';
import { login } from './accounts';
import { adminDb, newBuyer } from './adminAccounts';
import { callAs } from './callables';
import { expect, horizontalOverflow, screenshot, test } from './fixtures';

const warehouse = { email: 'warehouse@harbor.test', password: 'harbor-warehouse-1', name: 'Wren Warehouse' };
const OIL = 'pan-1003';
const callable = { timeout: 45_000 };

test('the warehouse ships an order with a backorder in two parts', { tag: '@phone' }, async ({ page }) => {
  test.slow();
  const buyer = await newBuyer('Olga Oil');
  const oilRef = adminDb.doc(`products/${OIL}`);
  const before = (await oilRef.get()).data()!;
  // 8 tins on the shelf (sold in fours); the buyer orders 12, so 4 wait on backorder.
  await oilRef.update({ stock: 8, backorderable: true, restockDate: '2026-12-09', backordered: 0 });
  try {
    const oil = productFromData(OIL, (await oilRef.get()).data()!);
    const item = cartItemFor(oil, 12);
    await adminDb.doc(`carts/${buyer.uid}`).set({ items: [item] });
    const address = { line1: '3 Harbor Rd', line2: '', city: 'Portland', region: 'ME', postalCode: '04101', country: 'United States' };
    const expected = expectedOrder(priceOrder(orderLinesFromCart([item]), new Map([[oil.id, oil]]), { contract: null, taxRateBasisPoints: taxRateFor(address.region) }));
    const { orderId } = await callAs<PlaceOrderResult>(buyer, 'placeOrder', { requestId: randomUUID(), shippingAddress: address, company: 'Olga Oil Imports', paymentMethod: 'invoice-net30', expected });

    await login(page, warehouse, `/admin/orders?order=${orderId}`);
    const dialog = page.getByRole('dialog', { name: `Order ${orderId}` });
    await expect(dialog.getByRole('row', { name: /Extra Virgin Olive Oil/ })).toContainText('8 ready to ship · 4 on backorder');
    // Nothing can be marked shipped whole while units wait.
    await expect(dialog.getByRole('button', { name: 'Mark as shipped' })).toHaveCount(0);

    // The first parcel: 5 of the 8 ready tins.
    await dialog.getByRole('button', { name: 'Ship ready units…' }).click();
    let form = dialog.getByRole('form', { name: 'Ship ready units' });
    const units = form.getByLabel('Units of PAN-1003 to ship');
    await expect(units).toHaveValue('8');
    await units.fill('9');
    await form.getByLabel('Carrier').selectOption('UPS');
    await form.getByLabel('Tracking number').fill('1Z999AA10123456784');
    await form.getByRole('button', { name: 'Confirm shipment' }).click();
    await expect(form.getByRole('alert').first()).toHaveText('Only 8 of Extra Virgin Olive Oil (PAN-1003) are ready to ship, not 9.');
    await units.fill('5');
    await form.getByRole('button', { name: 'Confirm shipment' }).click();
    await expect(page.getByText(`Shipment ${orderId}-1 sent`)).toBeVisible(callable);
    await expect(dialog.locator('.order-summary-row .status-badge')).toHaveText('Partially shipped');
    await expect(dialog.getByRole('row', { name: /Extra Virgin Olive Oil/ })).toContainText('5 shipped · 3 ready to ship · 4 on backorder');

    // The truck arrives: the 4 owed go to this order at once.
    await callAs(warehouse, 'adjustStock', { productId: OIL, delta: 4, reason: 'Truck arrived' });
    await page.reload();
    await expect(dialog.getByRole('row', { name: /Extra Virgin Olive Oil/ })).toContainText('5 shipped · 7 ready to ship');
    await dialog.getByRole('button', { name: 'Ship ready units…' }).click();
    form = dialog.getByRole('form', { name: 'Ship ready units' });
    await expect(form.getByLabel('Units of PAN-1003 to ship')).toHaveValue('7');
    await form.getByLabel('Carrier').selectOption('FedEx');
    await form.getByLabel('Tracking number').fill('123456789012');
    await form.getByRole('button', { name: 'Confirm shipment' }).click();
    await expect(page.getByText(`Shipment ${orderId}-2 sent`)).toBeVisible(callable);
    await expect(dialog.locator('.order-summary-row .status-badge')).toHaveText('Shipped');

    const shipments = dialog.getByRole('region', { name: 'Shipments' });
    await expect(shipments.getByRole('heading', { level: 3 })).toHaveText([`Shipment ${orderId}-1`, `Shipment ${orderId}-2`]);
    await expect(shipments.getByRole('link', { name: '1Z999AA10123456784' })).toBeVisible();
    await expect(shipments.getByRole('link', { name: '123456789012' })).toBeVisible();
    const download = page.waitForEvent('download');
    await shipments.getByRole('button', { name: new RegExp(`Packing slip ${orderId}-2`) }).click();
    expect((await download).suggestedFilename()).toBe(`packing-slip-${orderId}-2.pdf`);
    await expect.poll(() => horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'warehouse-two-shipments', { hideToasts: true });

    const order = (await adminDb.doc(`orders/${orderId}`).get()).data()!;
    expect(order).toMatchObject({ status: 'shipped', shipmentCount: 2 });
    expect(order.items[0]).toMatchObject({ quantity: 12, shipped: 12, allocated: 0, backordered: 0 });
    expect(order.invoiceNumbers).toHaveLength(2);
  } finally {
    await oilRef.set(before);
  }
});
