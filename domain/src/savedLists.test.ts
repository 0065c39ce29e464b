import { describe, expect, it } from 'vitest';
import { catalog, product } from './testCatalog';
import { listIntoCart, listNameProblem, listQuantityProblem, MAX_LIST_LINES, MAX_LIST_QUANTITY, savedListFromData, withListLine, withListQuantity } from './savedLists';

describe('savedListFromData', () => {
  it('keeps well-formed lines and bounds quantities', () => {
    const list = savedListFromData('l1', {
      ownerId: 'alice',
      companyId: 'alice-co',
      name: 'Weekly kitchen',
      lines: [{ productId: 'a', quantity: 3 }, { productId: '', quantity: 1 }, 'junk', { productId: 'b', quantity: -4 }, { productId: 'c', quantity: 1e9 }],
    });
    expect(list).toEqual({
      id: 'l1',
      ownerId: 'alice',
      companyId: 'alice-co',
      name: 'Weekly kitchen',
      lines: [
        { productId: 'a', quantity: 3 },
        { productId: 'b', quantity: 1 },
        { productId: 'c', quantity: 100_000 },
      ],
      updatedAt: 0,
    });
    expect(savedListFromData('l2', {})).toMatchObject({ lines: [], companyId: '' });
  });
});

describe('list edits', () => {
  it('adds to an existing line or appends a new one', () => {
    const lines = withListLine([{ productId: 'a', quantity: 2 }], 'a', 3);
    expect(lines).toEqual([{ productId: 'a', quantity: 5 }]);
    expect(withListLine(lines, 'b', 1)).toEqual([...lines, { productId: 'b', quantity: 1 }]);
  });

  it('refuses a line beyond the largest list', () => {
    const full = Array.from({ length: MAX_LIST_LINES }, (_, index) => ({ productId: `p${index}`, quantity: 1 }));
    expect(() => withListLine(full, 'new', 1)).toThrow(`A list holds at most ${MAX_LIST_LINES} products.`);
    expect(withListLine(full, 'p0', 1)[0]).toEqual({ productId: 'p0', quantity: 2 });
  });

  it('names a list with 1 to 80 characters', () => {
    expect(listNameProblem('  ')).toBe('Give the list a name.');
    expect(listNameProblem('x'.repeat(81))).toBe('A list name may be at most 80 characters.');
    expect(listNameProblem(' Weekly kitchen ')).toBeNull();
  });
});

describe('a quantity typed for a list line', () => {
  it('is kept when it is a whole number within the bounds, by the same rule the stored list is read with', () => {
    expect(listQuantityProblem(1)).toBeNull();
    expect(listQuantityProblem(MAX_LIST_QUANTITY)).toBeNull();
    for (const typed of [0, -3, 2.5, Number.NaN, MAX_LIST_QUANTITY + 1]) expect(listQuantityProblem(typed)).toBe('Enter a whole number from 1 to 100,000.');
    const lines = [{ productId: 'a', quantity: 2 }, { productId: 'b', quantity: 5 }];
    expect(withListQuantity(lines, 'b', 12)).toEqual([{ productId: 'a', quantity: 2 }, { productId: 'b', quantity: 12 }]);
    expect(withListQuantity(lines, 'a', MAX_LIST_QUANTITY * 3)[0]).toEqual({ productId: 'a', quantity: MAX_LIST_QUANTITY });
  });
});

describe('listIntoCart', () => {
  const products = catalog(product('a'), product('b', { stock: 2 }), product('c', { packSize: 6, minOrderQty: 6 }), product('d', { tiers: [{ minQty: 10, price: 4000 }] }));

  it('adds the lines it can at today’s tier price and reports every other line with its reason', () => {
    const result = listIntoCart(
      [
        { productId: 'a', quantity: 2 },
        { productId: 'gone', quantity: 1 },
        { productId: 'b', quantity: 5 },
        { productId: 'c', quantity: 4 },
        { productId: 'd', quantity: 10 },
      ],
      Object.fromEntries(products),
      [],
    );
    expect(result.items.map((item) => [item.id, item.quantity, item.price])).toEqual([
      ['a', 2, 5000],
      ['d', 10, 4000],
    ]);
    expect(result.refused).toEqual([
      { productId: 'gone', reason: 'This product is no longer available.' },
      { productId: 'b', reason: expect.stringContaining('2') },
      { productId: 'c', reason: expect.stringContaining('6') },
    ]);
  });

  it('counts what the cart already holds against the stock', () => {
    const cart = listIntoCart([{ productId: 'b', quantity: 2 }], Object.fromEntries(products), []).items;
    const again = listIntoCart([{ productId: 'b', quantity: 1 }], Object.fromEntries(products), cart);
    expect(again.items).toEqual([]);
    expect(again.refused[0]?.reason).toContain('Your cart already holds 2');
  });

  it('adds the lines at the buyer’s contract price when lower than the tier', () => {
    const contract = { discountBasisPoints: 0, fixedPrices: { a: 4500, d: 4200 } };
    const { items } = listIntoCart([{ productId: 'a', quantity: 2 }, { productId: 'd', quantity: 10 }], Object.fromEntries(products), [], contract);
    expect(items.map((item) => [item.id, item.price, item.contractPrice])).toEqual([
      ['a', 4500, 4500],
      ['d', 4000, 4200],
    ]);
  });
});
