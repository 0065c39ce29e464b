import { describe, expect, it } from 'vitest';
import {
  allocateArrival,
  allAllocated,
  availableToOrder,
  backorderSplitText,
  cancelRest,
  fillBackorders,
  fulfilmentIndex,
  invoicedValue,
  restockDateText,
  shipItems,
  shipmentCharge,
  shipmentProblem,
  statusAfterFulfilment,
  stockSplit,
  storedFulfilment,
  valueToInvoice,
} from './fulfilment';
import { applyBasisPoints } from './money';
import type { FulfilledItem } from './orders';

/** A line of `quantity` units at $10.00 (Sparkling Water, BEV-1), with the split given. */
const line = (productId: string, split: Partial<FulfilledItem> & { quantity: number }, unitPrice = 1_000): FulfilledItem => ({
  productId,
  name: productId === 'water' ? 'Sparkling Water' : 'Paper Cups',
  sku: productId === 'water' ? 'BEV-1' : 'PAP-1',
  unit: 'case',
  imageUrl: '',
  unitPrice,
  lineTotal: unitPrice * split.quantity,
  allocated: 0,
  shipped: 0,
  backordered: 0,
  cancelled: 0,
  ...split,
});
const charges = { taxRateBasisPoints: 825, shipping: 2_500, shipmentCount: 0 };

describe('stock split', () => {
  it('reserves what the shelf holds beyond older backorders, the rest backordered', () => {
    expect(stockSplit(40, { stock: 25, backordered: 0 })).toEqual({ allocated: 25, backordered: 15 });
    expect(stockSplit(10, { stock: 25, backordered: 0 })).toEqual({ allocated: 10, backordered: 0 });
    expect(stockSplit(10, { stock: 5, backordered: 8 })).toEqual({ allocated: 0, backordered: 10 });
    expect(availableToOrder({ stock: 12, backordered: 4 })).toBe(8);
  });

  it('says the split as the buyer reads it, with the expected day when known', () => {
    const product = { stock: 25, backordered: 0, backorderable: true, restockDate: '2026-12-09' };
    expect(backorderSplitText(40, product)).toBe('25 ship now, 15 on backorder, expected Dec 9');
    expect(backorderSplitText(40, { ...product, restockDate: '' })).toBe('25 ship now, 15 on backorder');
    expect(backorderSplitText(20, product)).toBeNull();
    expect(backorderSplitText(40, { ...product, backorderable: false })).toBeNull();
    expect(restockDateText('2026-02-30x')).toBe('');
  });
});

describe('stored lines', () => {
  it('reads a line kept with its split, and one from before backorders by its order status', () => {
    expect(storedFulfilment({ allocated: 2, shipped: 1, backordered: 1, cancelled: 0 }, 4, 'partially-shipped')).toEqual({ allocated: 2, shipped: 1, backordered: 1, cancelled: 0 });
    expect(storedFulfilment({}, 4, 'delivered')).toEqual({ allocated: 0, shipped: 4, backordered: 0, cancelled: 0 });
    expect(storedFulfilment({}, 4, 'rejected')).toEqual({ allocated: 0, shipped: 0, backordered: 0, cancelled: 4 });
    expect(storedFulfilment({}, 4, 'processing')).toEqual({ allocated: 4, shipped: 0, backordered: 0, cancelled: 0 });
    // A split that does not add up to the quantity is not trusted.
    expect(storedFulfilment({ allocated: 9, shipped: 0, backordered: 0, cancelled: 0 }, 4, 'pending')).toEqual({ allocated: 4, shipped: 0, backordered: 0, cancelled: 0 });
  });
});

describe('shipments', () => {
  const items = [line('water', { quantity: 40, allocated: 25, backordered: 15 }), line('cups', { quantity: 4, allocated: 4 }, 2_000)];

  it('refuses more than allocated, unknown or repeated lines, and a part of a ship-complete order', () => {
    expect(shipmentProblem(items, [{ productId: 'water', quantity: 25 }], false)).toBeNull();
    expect(shipmentProblem(items, [{ productId: 'water', quantity: 26 }], false)).toBe('Only 25 of Sparkling Water (BEV-1) are ready to ship, not 26.');
    expect(shipmentProblem(items, [{ productId: 'tea', quantity: 1 }], false)).toBe('Product tea is not on this order.');
    expect(shipmentProblem(items, [{ productId: 'cups', quantity: 1 }, { productId: 'cups', quantity: 1 }], false)).toContain('named twice');
    expect(shipmentProblem(items, [], false)).toBe('Name at least one line to ship.');
    expect(shipmentProblem([line('water', { quantity: 5, backordered: 5 })], [{ productId: 'water', quantity: 1 }], false)).toBe('No units of Sparkling Water (BEV-1) are ready to ship (5 on backorder).');
    expect(shipmentProblem(items, allAllocated(items), true)).toContain('15 units are still on backorder');
    const ready = [line('water', { quantity: 40, allocated: 40 }), line('cups', { quantity: 4, allocated: 4 }, 2_000)];
    expect(shipmentProblem(ready, [{ productId: 'water', quantity: 40 }], true)).toContain('every ready unit must go in one shipment (Paper Cups (PAP-1): 4)');
    expect(shipmentProblem(ready, allAllocated(ready), true)).toBeNull();
  });

  it('charges exactly the lines shipped, shipping once, and tax that adds up to the order tax', () => {
    const first = shipmentCharge(charges, items, [{ productId: 'water', quantity: 13 }, { productId: 'cups', quantity: 4 }]);
    expect(first).toMatchObject({ subtotal: 21_000, shipping: 2_500, tax: applyBasisPoints(21_000, 825) });
    const afterFirst = shipItems(items, [{ productId: 'water', quantity: 13 }, { productId: 'cups', quantity: 4 }]);
    const second = shipmentCharge({ ...charges, shipmentCount: 1 }, afterFirst, [{ productId: 'water', quantity: 12 }]);
    expect(second).toMatchObject({ subtotal: 12_000, shipping: 0 });
    // The backorder arrives and ships last.
    const afterSecond = allocateArrival(shipItems(afterFirst, [{ productId: 'water', quantity: 12 }]), 'water', 15);
    const third = shipmentCharge({ ...charges, shipmentCount: 2 }, afterSecond, [{ productId: 'water', quantity: 15 }]);
    // Every invoice's tax together is the order's tax, whatever rounding each one had.
    expect(first.tax + second.tax + third.tax).toBe(applyBasisPoints(48_000, 825));
    expect(first.total + second.total + third.total).toBe(valueToInvoice(charges, items));
    expect(invoicedValue({ ...charges, shipmentCount: 3 }, shipItems(afterSecond, [{ productId: 'water', quantity: 15 }]))).toBe(valueToInvoice(charges, items));
  });

  it('says what is left to invoice, and the status after each step', () => {
    expect(valueToInvoice(charges, items)).toBe(48_000 + applyBasisPoints(48_000, 825) + 2_500);
    const shipped = shipItems(items, allAllocated(items));
    expect(statusAfterFulfilment('processing', shipped)).toBe('partially-shipped');
    expect(statusAfterFulfilment('processing', items)).toBe('processing');
    const rest = cancelRest(shipped);
    expect(rest.ok && statusAfterFulfilment('partially-shipped', rest.items)).toBe('shipped');
    const nothingShipped = cancelRest(items);
    expect(nothingShipped.ok && statusAfterFulfilment('pending', nothingShipped.items)).toBe('cancelled');
    expect(valueToInvoice(charges, nothingShipped.ok ? nothingShipped.items : [])).toBe(0);
  });
});

describe('cancelling the rest', () => {
  const items = [line('water', { quantity: 40, allocated: 5, shipped: 20, backordered: 15 }), line('cups', { quantity: 4, shipped: 4 }, 2_000)];

  it('cancels backordered units before allocated ones, all or a quantity, and refuses what is not left', () => {
    const all = cancelRest(items);
    expect(all).toMatchObject({ ok: true, cancelled: [{ productId: 'water', allocated: 5, backordered: 15 }] });
    const some = cancelRest(items, [{ productId: 'water', quantity: 17 }]);
    expect(some).toMatchObject({ ok: true, cancelled: [{ productId: 'water', allocated: 2, backordered: 15 }] });
    expect(some.ok && some.items[0]).toMatchObject({ allocated: 3, backordered: 0, cancelled: 17, shipped: 20 });
    expect(cancelRest(items, [{ productId: 'water', quantity: 21 }])).toEqual({ ok: false, problem: 'Only 20 of Sparkling Water (BEV-1) are left to cancel, not 21.' });
    expect(cancelRest(items, [{ productId: 'cups' }])).toEqual({ ok: false, problem: 'Nothing of Paper Cups (PAP-1) is left to cancel: it has shipped or was cancelled already.' });
    expect(cancelRest(items, [{ productId: 'tea' }])).toEqual({ ok: false, problem: 'Product tea is not on this order.' });
    expect(cancelRest([line('cups', { quantity: 4, shipped: 4 })])).toMatchObject({ ok: false });
  });
});

describe('stock arriving', () => {
  it('fills the oldest orders first, each up to what it waits for', () => {
    const waiting = [
      { id: 'newer', createdAt: 2, backordered: 10 },
      { id: 'older', createdAt: 1, backordered: 10 },
      { id: 'none', createdAt: 0, backordered: 0 },
    ];
    expect(fillBackorders(waiting, 12)).toEqual([
      { orderId: 'older', units: 10 },
      { orderId: 'newer', units: 2 },
    ]);
    expect(fillBackorders(waiting, 0)).toEqual([]);
    const filled = allocateArrival([line('water', { quantity: 40, allocated: 25, backordered: 15 })], 'water', 10);
    expect(filled[0]).toMatchObject({ allocated: 35, backordered: 5 });
  });

  it('marks an order ready to ship only when it may ship now', () => {
    const waiting = [line('water', { quantity: 40, allocated: 25, backordered: 15 })];
    expect(fulfilmentIndex('pending', waiting, false)).toEqual({ readyToShip: true, toShipProductIds: ['water'], backorderedProductIds: ['water'] });
    expect(fulfilmentIndex('pending', waiting, true)).toEqual({ readyToShip: false, toShipProductIds: [], backorderedProductIds: ['water'] });
    expect(fulfilmentIndex('awaiting-approval', waiting, false)).toEqual({ readyToShip: false, toShipProductIds: [], backorderedProductIds: ['water'] });
    expect(fulfilmentIndex('cancelled', waiting, false)).toEqual({ readyToShip: false, toShipProductIds: [], backorderedProductIds: [] });
  });
});
