import { describe, expect, it } from 'vitest';
import { updateQuantity, type CartItem } from './cart';
import { largestOrderableQuantity, priceCart } from './cartPricing';
import { taxRateFor } from './company';
import { cartItemFor, type Orderable } from './ordering';

const oatMilk: Orderable = {
  id: 'bev-1011',
  name: 'Oat Milk',
  sku: 'BEV-1011',
  price: 420,
  tiers: [{ minQty: 24, price: 390 }],
  imageUrl: '',
  unit: 'carton',
  minOrderQty: 6,
  packSize: 6,
  stock: 40,
  active: true,
};

function line(quantity: number, price: number): CartItem {
  return { id: oatMilk.id, price, quantity, name: oatMilk.name, sku: oatMilk.sku, imageUrl: '', unit: 'carton', minOrderQty: 6, packSize: 6 };
}

const catalog = (product: Orderable | null) => new Map(product ? [[product.id, product]] : []);

describe('priceCart', () => {
  it('charges today\'s tier price, never the price stored in the line, and says what it was', () => {
    const { lines, subtotal, orderable } = priceCart([line(24, 1)], catalog(oatMilk));
    expect(lines[0]).toMatchObject({ unitPrice: 390, priceWhenAdded: 1, lineTotal: 9360, state: { kind: 'ok' } });
    expect(subtotal).toBe(9360);
    expect(orderable).toBe(true);
  });

  it('shows no price change when the stored price is today\'s', () => {
    expect(priceCart([line(6, 420)], catalog(oatMilk)).lines[0]?.priceWhenAdded).toBeNull();
  });

  describe('for a buyer with a contract price', () => {
    const terms = (price: number) => ({ contract: { discountBasisPoints: 0, fixedPrices: { [oatMilk.id]: price } }, taxRateBasisPoints: taxRateFor('ME') });

    it('shows the contract price with no change, however the quantity was reached', () => {
      const added = cartItemFor(oatMilk, 6, terms(400).contract);
      for (const item of [added, updateQuantity([added], oatMilk.id, 12)[0]!]) {
        expect(priceCart([item], catalog(oatMilk), terms(400)).lines[0]).toMatchObject({ unitPrice: 400, priceWhenAdded: null });
      }
      // From 24 cartons the tier is lower still.
      expect(priceCart(updateQuantity([added], oatMilk.id, 24), catalog(oatMilk), terms(400)).lines[0]).toMatchObject({ unitPrice: 390, priceWhenAdded: null });
    });

    it('shows a line added before the contract was known (as a guest) at the contract price, with no change', () => {
      expect(priceCart([cartItemFor(oatMilk, 6)], catalog(oatMilk), terms(400)).lines[0]).toMatchObject({ unitPrice: 400, priceWhenAdded: null });
    });

    it('says what the price was when the contract price or the list price really changed since', () => {
      expect(priceCart([cartItemFor(oatMilk, 6, terms(400).contract)], catalog(oatMilk), terms(380)).lines[0]).toMatchObject({ unitPrice: 380, priceWhenAdded: 400 });
      const guestLine = cartItemFor({ ...oatMilk, price: 380 }, 6);
      expect(priceCart([guestLine], catalog(oatMilk), terms(450)).lines[0]).toMatchObject({ unitPrice: 420, priceWhenAdded: 380 });
    });
  });

  it('marks a product no longer sold the same whether it is inactive or missing, and leaves it out of the total', () => {
    const inactive = priceCart([line(6, 420)], catalog({ ...oatMilk, active: false }));
    const missing = priceCart([line(6, 420)], catalog(null));
    expect(inactive.lines[0]).toEqual(missing.lines[0]);
    expect(missing.lines[0]).toMatchObject({ unitPrice: null, lineTotal: 0, state: { kind: 'unavailable' } });
    expect(missing.subtotal).toBe(0);
    expect(missing.orderable).toBe(false);
  });

  it('offers the nearest quantity that can be ordered when a rule or the stock is broken', () => {
    expect(priceCart([line(54, 420)], catalog(oatMilk)).lines[0]?.state).toEqual({ kind: 'quantity', message: 'Only 40 in stock.', fix: 36 });
    expect(priceCart([line(7, 420)], catalog(oatMilk)).lines[0]?.state).toEqual({ kind: 'quantity', message: 'Quantity must be a multiple of the pack size (6).', fix: 12 });
    expect(priceCart([line(6, 420)], catalog({ ...oatMilk, stock: 0 })).lines[0]?.state).toEqual({ kind: 'quantity', message: 'Out of stock.', fix: 0 });
  });

  it('is not orderable when empty', () => {
    expect(priceCart([], catalog(oatMilk)).orderable).toBe(false);
  });
});

describe('backorders in the cart', () => {
  it('takes a backorderable line above the stock as it is, and holds others to the stock not owed to backorders', () => {
    expect(priceCart([line(60, 420)], catalog({ ...oatMilk, stock: 0, backorderable: true })).lines[0]?.state).toEqual({ kind: 'ok' });
    expect(priceCart([line(36, 420)], catalog({ ...oatMilk, backordered: 12 })).lines[0]?.state).toEqual({ kind: 'quantity', message: 'Only 28 in stock.', fix: 24 });
    expect(priceCart([line(6, 420)], catalog({ ...oatMilk, backordered: 40 })).lines[0]?.state).toEqual({ kind: 'quantity', message: 'Out of stock.', fix: 0 });
  });
});

describe('largestOrderableQuantity', () => {
  it('is whole packs within the stock, or 0 when not even the minimum is there', () => {
    expect(largestOrderableQuantity(oatMilk)).toBe(36);
    expect(largestOrderableQuantity({ ...oatMilk, stock: 5 })).toBe(0);
    expect(largestOrderableQuantity({ ...oatMilk, stock: 0, backorderable: true })).toBe(9_996);
  });
});
