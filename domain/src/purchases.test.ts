import { describe, expect, it } from 'vitest';
import { emptyPurchaseSummary, MAX_COUNTED_ORDERS, purchaseSummaryFromData, withOrder } from './purchases';

const tea = { productId: 'tea', name: 'Green Tea', sku: 'BEV-1', quantity: 6 };
const cups = { productId: 'cups', name: 'Paper Cups', sku: 'KIT-1', quantity: 100 };

describe('withOrder', () => {
  it('counts each product once per order, most frequent first, with the last date and quantity', () => {
    let summary = withOrder(emptyPurchaseSummary, 'o1', 1000, [tea, cups]);
    summary = withOrder(summary, 'o2', 2000, [{ ...tea, quantity: 12 }, { ...tea, quantity: 1 }]);
    expect(summary.products).toEqual([
      { productId: 'tea', name: 'Green Tea', sku: 'BEV-1', orders: 2, lastOrderedAt: 2000, lastQuantity: 12 },
      { productId: 'cups', name: 'Paper Cups', sku: 'KIT-1', orders: 1, lastOrderedAt: 1000, lastQuantity: 100 },
    ]);
    expect(summary.orderIds).toEqual(['o1', 'o2']);
  });

  it('counts an order once however often it is delivered', () => {
    const once = withOrder(emptyPurchaseSummary, 'o1', 1000, [tea]);
    expect(withOrder(once, 'o1', 1000, [tea])).toBe(once);
  });

  it('keeps the latest quantity when an older order arrives late', () => {
    const summary = withOrder(withOrder(emptyPurchaseSummary, 'new', 5000, [{ ...tea, quantity: 24 }]), 'old', 1000, [{ ...tea, quantity: 6, name: 'Old name' }]);
    expect(summary.products[0]).toMatchObject({ orders: 2, lastOrderedAt: 5000, lastQuantity: 24, name: 'Green Tea' });
  });

  it('remembers a bounded number of order ids', () => {
    let summary = emptyPurchaseSummary;
    for (let index = 0; index < MAX_COUNTED_ORDERS + 5; index += 1) summary = withOrder(summary, `o${index}`, index, [tea]);
    expect(summary.orderIds).toHaveLength(MAX_COUNTED_ORDERS);
    expect(summary.orderIds.at(-1)).toBe(`o${MAX_COUNTED_ORDERS + 4}`);
  });
});

describe('purchaseSummaryFromData', () => {
  it('reads a stored summary, most frequent first, and nothing from a missing one', () => {
    const summary = purchaseSummaryFromData({ products: [{ productId: 'a', name: 'A', orders: 1, lastOrderedAt: 5 }, 'junk', { productId: 'b', name: 'B', orders: 3 }], orderIds: ['o1', 7] });
    expect(summary.products.map((product) => product.productId)).toEqual(['b', 'a']);
    expect(summary.orderIds).toEqual(['o1']);
    expect(purchaseSummaryFromData(undefined)).toEqual(emptyPurchaseSummary);
  });
});
