import { describe, expect, it } from 'vitest';
import { addItem, cartCount, cartTotal, clearCart, mergeCarts, removeItem, updateQuantity, withoutUnits, type CartItem } from './cart';

function line(id: string, quantity = 1, price = 1000, extra: Partial<CartItem> = {}): CartItem {
  return { id, price, quantity, name: `Product ${id}`, sku: `SKU-${id}`, imageUrl: `/images/${id}.svg`, unit: 'case', minOrderQty: 1, packSize: 1, ...extra };
}

describe('addItem', () => {
  it('appends a product not yet in the cart with the quantity added', () => {
    expect(addItem([line('a')], line('b', 3))).toEqual([line('a'), line('b', 3)]);
  });

  it('increases the quantity of a product already in the cart by the amount added', () => {
    const result = addItem([line('a', 2), line('b', 1)], line('a', 5));
    expect(result).toEqual([line('a', 7), line('b', 1)]);
  });

  it('adds to an empty cart', () => {
    expect(addItem([], line('a', 2))).toEqual([line('a', 2)]);
  });

  it('ignores an addition of zero or a negative amount', () => {
    expect(addItem([line('a', 2)], line('a', 0))).toEqual([line('a', 2)]);
    expect(addItem([line('a', 2)], line('a', -4))).toEqual([line('a', 2)]);
    expect(addItem([], line('b', -1))).toEqual([]);
  });

  it('does not mutate the cart it is given', () => {
    const cart = Object.freeze([line('a', 1)]);
    addItem(cart, line('a', 1));
    expect(cart[0]?.quantity).toBe(1);
  });

  it('moves the unit price to the volume tier the new quantity reaches', () => {
    const tiered = (quantity: number) => line('t', quantity, 1000, { basePrice: 1000, tiers: [{ minQty: 10, price: 900 }, { minQty: 50, price: 800 }] });
    const [afterTen] = addItem([tiered(6)], tiered(4));
    expect(afterTen).toMatchObject({ quantity: 10, price: 900 });
    const [afterFifty] = addItem([afterTen!], tiered(40));
    expect(afterFifty).toMatchObject({ quantity: 50, price: 800 });
  });
});

describe('removeItem', () => {
  it('removes the line with that id', () => {
    expect(removeItem([line('a'), line('b')], 'a')).toEqual([line('b')]);
  });

  it('leaves the cart unchanged for an unknown id', () => {
    expect(removeItem([line('a')], 'zzz')).toEqual([line('a')]);
  });
});

describe('updateQuantity', () => {
  it('sets the quantity of the line', () => {
    expect(updateQuantity([line('a', 1), line('b', 2)], 'b', 9)).toEqual([line('a', 1), line('b', 9)]);
  });

  it('removes the line when the quantity is 0', () => {
    expect(updateQuantity([line('a', 1), line('b', 2)], 'a', 0)).toEqual([line('b', 2)]);
  });

  it('removes the line when the quantity is negative', () => {
    expect(updateQuantity([line('a', 1)], 'a', -3)).toEqual([]);
  });

  it('leaves the cart unchanged for an unknown id', () => {
    expect(updateQuantity([line('a', 1)], 'nope', 5)).toEqual([line('a', 1)]);
  });

  it('drops back to the base price when the quantity falls below a tier', () => {
    const tiered = line('t', 12, 900, { basePrice: 1000, tiers: [{ minQty: 10, price: 900 }] });
    expect(updateQuantity([tiered], 't', 9)[0]).toMatchObject({ quantity: 9, price: 1000 });
  });

  it('keeps a contract price below the tiers, and takes a tier below it', () => {
    const contracted = line('t', 1, 850, { basePrice: 1000, tiers: [{ minQty: 10, price: 900 }, { minQty: 50, price: 800 }], contractPrice: 850 });
    expect(updateQuantity([contracted], 't', 2)[0]).toMatchObject({ quantity: 2, price: 850 });
    expect(updateQuantity([contracted], 't', 50)[0]).toMatchObject({ quantity: 50, price: 800 });
    expect(addItem([contracted], { ...contracted, quantity: 9 })[0]).toMatchObject({ quantity: 10, price: 850 });
  });
});

describe('withoutUnits', () => {
  it('takes the given units out of their lines, removes a line left empty, and leaves other lines alone', () => {
    const cart = [line('a', 64, 1000, { basePrice: 1000, tiers: [{ minQty: 50, price: 900 }] }), line('b', 10), line('c', 3)];
    const { items, taken } = withoutUnits(cart, [
      { productId: 'a', quantity: 60 },
      { productId: 'b', quantity: 12 },
      { productId: 'd', quantity: 5 },
    ]);
    // The 4 units left of a are back at the base price.
    expect(items).toEqual([{ ...cart[0], quantity: 4, price: 1000 }, line('c', 3)]);
    expect(taken).toEqual([
      { productId: 'a', name: 'Product a', quantity: 60 },
      { productId: 'b', name: 'Product b', quantity: 10 },
    ]);
  });
});

describe('clearCart', () => {
  it('empties the cart', () => {
    expect(clearCart()).toEqual([]);
  });
});

describe('totals', () => {
  it('totals price x quantity and counts quantities', () => {
    const cart = [line('a', 3, 250), line('b', 2, 1999)];
    expect(cartTotal(cart)).toBe(3 * 250 + 2 * 1999);
    expect(cartCount(cart)).toBe(5);
  });

  it('is zero for an empty cart', () => {
    expect(cartTotal([])).toBe(0);
    expect(cartCount([])).toBe(0);
  });
});

describe('mergeCarts', () => {
  it('keeps the server line when both carts hold the same id (server wins)', () => {
    const merged = mergeCarts([line('a', 2, 1000)], [line('a', 7, 500)]);
    expect(merged).toEqual([line('a', 2, 1000)]);
  });

  it('appends guest lines whose id the server cart lacks, after the server lines', () => {
    expect(mergeCarts([line('a', 1)], [line('b', 2), line('c', 3)])).toEqual([line('a', 1), line('b', 2), line('c', 3)]);
  });

  it('returns the guest cart when the server cart is empty', () => {
    expect(mergeCarts([], [line('b', 2)])).toEqual([line('b', 2)]);
  });

  it('returns the server cart when the guest cart is empty', () => {
    expect(mergeCarts([line('a', 4)], [])).toEqual([line('a', 4)]);
  });

  it('is empty when both sides are empty', () => {
    expect(mergeCarts([], [])).toEqual([]);
  });

  it('keeps only the first of duplicate guest lines', () => {
    expect(mergeCarts([], [line('b', 2), line('b', 5)])).toEqual([line('b', 2)]);
  });
});
