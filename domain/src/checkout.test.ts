import { describe, expect, it } from 'vitest';
import type { CartItem } from './cart';
import { orderableProduct, orderLinesFromCart, priceOrder, reorderItems } from './checkout';
import { cartItemFor } from './ordering';
import { paymentInstructions } from './orders';
import { catalog, line, product } from './testCatalog';

describe('priceOrder', () => {
  it('charges the catalog price, whatever the cart said', () => {
    const forged: CartItem = { ...cartItemFor(product('a'), 3), price: 1 };
    const order = priceOrder(orderLinesFromCart([forged]), catalog(product('a', { price: 4200 })));
    expect(order.problems).toEqual([]);
    expect(order.items).toEqual([
      { productId: 'a', name: 'Product a', sku: 'SKU-A', unit: 'case of 12', imageUrl: '/images/a.svg', unitPrice: 4200, quantity: 3, lineTotal: 12600 },
    ]);
    expect(order.subtotal).toBe(12600);
  });

  it('applies the volume tier the quantity reaches, and only from its minimum', () => {
    const tiered = product('t', { price: 1000, tiers: [{ minQty: 20, price: 900 }, { minQty: 50, price: 800 }] });
    expect(priceOrder([line('t', 19)], catalog(tiered)).items[0]?.unitPrice).toBe(1000);
    expect(priceOrder([line('t', 20)], catalog(tiered)).items[0]?.unitPrice).toBe(900);
    expect(priceOrder([line('t', 49)], catalog(tiered)).items[0]?.unitPrice).toBe(900);
    expect(priceOrder([line('t', 50)], catalog(tiered))).toMatchObject({ items: [{ unitPrice: 800, lineTotal: 40000 }], subtotal: 40000 });
  });

  it('charges a quote’s unit prices over list, tier and contract prices, and still checks stock and the product', () => {
    const tiered = product('t', { price: 1000, tiers: [{ minQty: 20, price: 900 }], stock: 30 });
    const quoted = new Map([['t', 750]]);
    const contract = { discountBasisPoints: 2000, fixedPrices: {} };
    const order = priceOrder([line('t', 20)], catalog(tiered), { contract, taxRateBasisPoints: 0, quotedUnitPrices: quoted });
    expect(order).toMatchObject({ items: [{ unitPrice: 750, lineTotal: 15000 }], problems: [] });
    expect(priceOrder([line('t', 40)], catalog(tiered), { contract, taxRateBasisPoints: 0, quotedUnitPrices: quoted }).problems).toEqual(['Only 30 of Product t (SKU-T) are in stock.']);
    expect(priceOrder([line('t', 20)], catalog({ ...tiered, active: false }), { contract, taxRateBasisPoints: 0, quotedUnitPrices: quoted }).unavailable).toEqual(['t']);
  });

  it('adds shipping and tax by the shop rules', () => {
    const small = priceOrder([line('a', 3)], catalog(product('a')));
    expect(small).toMatchObject({ subtotal: 15000, shipping: 2500, tax: 1200, total: 18700 });
    const large = priceOrder([line('a', 10)], catalog(product('a')));
    expect(large).toMatchObject({ subtotal: 50000, shipping: 0, tax: 4000, total: 54000 });
  });

  it('refuses a quantity below the minimum order quantity, naming the product', () => {
    const order = priceOrder([line('m', 4)], catalog(product('m', { minOrderQty: 6 })));
    expect(order.problems).toEqual(['Product m (SKU-M) has a minimum order quantity of 6.']);
  });

  it('refuses a quantity that is not a whole number of packs', () => {
    const order = priceOrder([line('p', 10)], catalog(product('p', { packSize: 4, minOrderQty: 4 })));
    expect(order.problems).toEqual(['Product p (SKU-P) is sold in packs of 4; please order a multiple of 4.']);
  });

  it('refuses more than is in stock, saying how many are left', () => {
    expect(priceOrder([line('s', 4)], catalog(product('s', { stock: 3 }))).problems).toEqual(['Only 3 of Product s (SKU-S) are in stock.']);
    expect(priceOrder([line('s', 4)], catalog(product('s', { stock: 1 }))).problems).toEqual(['Only 1 of Product s (SKU-S) is in stock.']);
    expect(priceOrder([line('s', 4)], catalog(product('s', { stock: 0 }))).problems).toEqual(['Product s (SKU-S) is out of stock.']);
  });

  it('accepts exactly the stock', () => {
    expect(priceOrder([line('s', 3)], catalog(product('s', { stock: 3 }))).problems).toEqual([]);
  });

  it('counts duplicated lines of one product together against the stock', () => {
    const order = priceOrder([line('s', 2), line('s', 2)], catalog(product('s', { stock: 3 })));
    expect(order.problems).toEqual(['Only 3 of Product s (SKU-S) are in stock.']);
    expect(order.items).toHaveLength(1);
    expect(order.items[0]?.quantity).toBe(4);
  });

  it('refuses an inactive product and one that no longer exists, naming them by the cart alone', () => {
    const order = priceOrder([line('off', 3, 'Old Tea'), line('gone', 1, 'Old Crackers'), line('nameless', 1, '')], catalog(product('off', { active: false })));
    expect(order.problems).toEqual([
      'Old Tea is no longer available. Please remove it from your cart.',
      'Old Crackers is no longer available. Please remove it from your cart.',
      'An item in your cart is no longer available. Please remove it from your cart.',
    ]);
    expect(order.items).toEqual([]);
    expect(order.unavailable).toEqual(['off', 'gone', 'nameless']);
  });

  it('answers alike for an inactive product and a missing one', () => {
    const inactive = priceOrder([line('a', 3), line('x', 2)], catalog(product('a'), product('x', { active: false, name: 'Secret', price: 1 })));
    const missing = priceOrder([line('a', 3), line('x', 2)], catalog(product('a')));
    expect(inactive).toEqual(missing);
  });

  it('refuses an order below the minimum order value, saying how much is missing', () => {
    const order = priceOrder([line('a', 1)], catalog(product('a', { price: 9999 })));
    expect(order.problems).toEqual(['The minimum order value is $100.00. Add $0.01 more to place this order.']);
    expect(priceOrder([line('a', 1)], catalog(product('a', { price: 10000 }))).problems).toEqual([]);
  });

  it('refuses an empty cart', () => {
    expect(priceOrder([], catalog()).problems).toEqual(['Your cart is empty.']);
  });

  it('refuses a quantity above the line limit or not a whole number', () => {
    expect(priceOrder([line('a', 10_000)], catalog(product('a', { stock: 100_000 }))).problems).toEqual(['At most 9999 of Product a (SKU-A) fit on one order line.']);
    expect(priceOrder([line('a', 2.5)], catalog(product('a'))).problems).toEqual(['The quantity of Product a (SKU-A) must be a whole number of at least 1.']);
  });
});

describe('orderableProduct', () => {
  it('reads a stored product', () => {
    const stored = { name: 'Tea', sku: 'BEV-1006', unit: 'box', imageUrl: '/t.svg', price: 1249, tiers: [{ minQty: 10, price: 1100 }], minOrderQty: 1, packSize: 1, stock: 5, active: true, brand: 'Tidewater' };
    expect(orderableProduct('bev-1006', stored)).toEqual({ id: 'bev-1006', name: 'Tea', sku: 'BEV-1006', unit: 'box', imageUrl: '/t.svg', price: 1249, tiers: [{ minQty: 10, price: 1100 }], minOrderQty: 1, packSize: 1, stock: 5, backorderable: false, backordered: 0, restockDate: '', active: true });
  });

  it('refuses a document without a usable price, pack size or stock', () => {
    const base = { name: 'Tea', sku: 'T', price: 100, minOrderQty: 1, packSize: 1, stock: 5, active: true };
    expect(orderableProduct('t', base)).not.toBeNull();
    expect(orderableProduct('t', { ...base, price: '1.00' })).toBeNull();
    expect(orderableProduct('t', { ...base, packSize: 0 })).toBeNull();
    expect(orderableProduct('t', { ...base, stock: undefined })).toBeNull();
    expect(orderableProduct('t', undefined)).toBeNull();
  });
});

describe('reorderItems', () => {
  const ordered = (productId: string, quantity: number) => ({ productId, quantity, name: `Ordered ${productId}`, sku: `OLD-${productId}` });

  it('puts the ordered quantities back at today\'s prices', () => {
    const today = product('a', { price: 700, tiers: [{ minQty: 10, price: 650 }] });
    expect(reorderItems([ordered('a', 12)], catalog(today))).toEqual({ items: [cartItemFor(today, 12)], notes: [] });
    expect(cartItemFor(today, 12).price).toBe(650);
  });

  it('rounds a quantity up to the current minimum and pack size', () => {
    const { items } = reorderItems([ordered('a', 5)], catalog(product('a', { minOrderQty: 6, packSize: 6 })));
    expect(items[0]?.quantity).toBe(6);
  });

  it('lowers a quantity to whole packs in stock, and says so', () => {
    const { items, notes } = reorderItems([ordered('a', 24)], catalog(product('a', { packSize: 6, minOrderQty: 6, stock: 15 })));
    expect(items[0]?.quantity).toBe(12);
    expect(notes).toEqual(['Only 12 of Product a (SKU-A) could be added (limited stock).']);
  });

  it('leaves out products no longer sold or out of stock, and says so', () => {
    const { items, notes } = reorderItems(
      [ordered('gone', 1), ordered('off', 1), ordered('empty', 6), ordered('ok', 2)],
      catalog(product('off', { active: false }), product('empty', { packSize: 6, minOrderQty: 6, stock: 5 }), product('ok')),
    );
    expect(items.map((item) => item.id)).toEqual(['ok']);
    expect(notes).toEqual([
      'Ordered gone (OLD-gone) is no longer available.',
      'Ordered off (OLD-off) is no longer available.',
      'Product empty (SKU-EMPTY) is out of stock.',
    ]);
  });
});

describe('paymentInstructions', () => {
  it('tells an invoice buyer the amount, that the invoice comes at shipment and when it is due', () => {
    expect(paymentInstructions({ id: 'HW-7K3M9QX2AB', paymentMethod: 'invoice-net30', total: 40718, currency: 'USD' })).toEqual([
      'Your invoice for $407.18 is issued when your order ships; it is due 30 days after the invoice date.',
      'Please quote the invoice number with your payment.',
    ]);
  });

  it('tells an invoice buyer whose order ships in parts that each shipment is invoiced for what it holds', () => {
    const line = { productId: 'p1', name: 'Cups', sku: 'PAP-1', unit: 'case', imageUrl: '', unitPrice: 1000, quantity: 40, lineTotal: 40_000, shipped: 0, cancelled: 0 };
    const waiting = { id: 'HW-7K3M9QX2AB', paymentMethod: 'invoice-net30' as const, total: 40718, currency: 'USD', items: [{ ...line, allocated: 25, backordered: 15 }], shipmentCount: 0 };
    const sentence = 'Your order is invoiced as it ships: each shipment has its own invoice for what it holds, due 30 days after its date.';
    expect(paymentInstructions(waiting)[0]).toBe(sentence);
    expect(paymentInstructions({ ...waiting, items: [{ ...line, allocated: 15, shipped: 25, backordered: 0 }], shipmentCount: 1 })[0]).toBe(sentence);
    // Everything ready, nothing shipped yet: one invoice when it ships.
    expect(paymentInstructions({ ...waiting, items: [{ ...line, allocated: 40, backordered: 0 }] })[0]).toMatch(/^Your invoice for \$407\.18 is issued when your order ships/);
  });

  it('tells a bank-transfer buyer what to pay, to whom, with which reference', () => {
    expect(paymentInstructions({ id: 'HW-7K3M9QX2AB', paymentMethod: 'bank-transfer', total: 40718, currency: 'USD' })[0]).toBe(
      'Please transfer $407.18 to Harbor Group Inc., First Harbor Bank, routing number 011 000 138, account number 4471 2209 5318, with HW-7K3M9QX2AB as the payment reference.',
    );
  });
});
