import { describe, expect, it } from 'vitest';
import type { CartItem } from './cart';
import { SHOP_RULES } from './config';
import { addToCartProblem, cartItemFor, inStockNow, isSoldOut, lineLimit, orderSplitText, parseQuickOrder, resolveQuickOrder } from './ordering';
import type { Product } from './product';
import { storedProduct } from './testCatalog';

const product = (id: string, extra: Partial<Product> = {}): Product => storedProduct(id, { sku: id.toUpperCase(), brand: 'Brand', unit: 'case', price: 1000, ...extra });

const oatMilk = product('bev-1011', { name: 'Oat Milk', price: 349, packSize: 6, minOrderQty: 6, stock: 72, tiers: [{ minQty: 36, price: 329 }, { minQty: 72, price: 309 }] });

describe('cartItemFor', () => {
  it('prices the line at the tier its quantity reaches and carries base price and tiers for repricing', () => {
    expect(cartItemFor(oatMilk, 36)).toEqual({
      id: 'bev-1011',
      price: 329,
      quantity: 36,
      name: 'Oat Milk',
      sku: 'BEV-1011',
      imageUrl: '/images/bev-1011.svg',
      unit: 'case',
      minOrderQty: 6,
      packSize: 6,
      basePrice: 349,
      tiers: oatMilk.tiers,
    });
    expect(cartItemFor(oatMilk, 30).price).toBe(349);
  });
});

describe('addToCartProblem', () => {
  it('accepts a valid quantity', () => {
    expect(addToCartProblem(oatMilk, 12, [])).toBeNull();
  });

  it('refuses a quantity that breaks the minimum or the pack size', () => {
    expect(addToCartProblem(oatMilk, 3, [])).toBe('The minimum order quantity is 6.');
    expect(addToCartProblem(oatMilk, 10, [])).toBe('Quantity must be a multiple of the pack size (6).');
  });

  it('refuses an inactive or out-of-stock product', () => {
    expect(addToCartProblem({ ...oatMilk, active: false }, 6, [])).toBe('Oat Milk is no longer sold.');
    expect(addToCartProblem({ ...oatMilk, stock: 0 }, 6, [])).toBe('Oat Milk is out of stock.');
  });

  it('counts what the cart already holds against the stock', () => {
    const cart = [cartItemFor(oatMilk, 66)];
    expect(addToCartProblem(oatMilk, 6, cart)).toBeNull();
    expect(addToCartProblem(oatMilk, 12, cart)).toBe('Only 72 in stock. Your cart already holds 66.');
  });

  it('refuses a new line when the cart is full but still adds to a line it holds', () => {
    const full: CartItem[] = Array.from({ length: SHOP_RULES.maxCartLines }, (_, index) => cartItemFor(product(`p-${index}`), 1));
    expect(addToCartProblem(oatMilk, 6, full)).toMatch(/cart is full/);
    expect(addToCartProblem(product('p-0'), 1, full)).toBeNull();
  });
});

describe('backorderable products', () => {
  const backorderable = { ...oatMilk, stock: 24, backorderable: true, restockDate: '2026-12-09' };

  it('go into the cart above their stock, even with none on the shelf; others keep the stock limit', () => {
    expect(addToCartProblem(backorderable, 60, [])).toBeNull();
    expect(addToCartProblem({ ...backorderable, stock: 0 }, 6, [])).toBeNull();
    expect(addToCartProblem({ ...oatMilk, stock: 24 }, 60, [])).toBe('Only 24 in stock.');
    expect(lineLimit(backorderable)).toBe(SHOP_RULES.maxQuantityPerLine);
    expect(lineLimit({ ...oatMilk, stock: 24, backordered: 6 })).toBe(18);
  });

  it('are never sold out, and in stock only when the shelf less what it owes covers the smallest order', () => {
    expect(isSoldOut({ ...backorderable, stock: 0 })).toBe(false);
    expect(inStockNow({ ...backorderable, stock: 0 })).toBe(false);
    expect(isSoldOut({ ...oatMilk, stock: 10, backordered: 6 })).toBe(true);
    expect(inStockNow(oatMilk)).toBe(true);
  });

  it('say what ships now and what waits, only when something waits', () => {
    expect(orderSplitText(60, backorderable)).toBe('24 ship now, 36 on backorder, expected Dec 9');
    expect(orderSplitText(60, { ...backorderable, backordered: 12, restockDate: '' })).toBe('12 ship now, 48 on backorder');
    expect(orderSplitText(24, backorderable)).toBeNull();
    expect(orderSplitText(60, { ...oatMilk, stock: 24 })).toBeNull();
  });
});

describe('parseQuickOrder', () => {
  it('reads "SKU quantity", "SKU,quantity", tabs and semicolons, and upper-cases SKUs', () => {
    const { lines, problems } = parseQuickOrder('BEV-1001 12\nsnk-1003,24\n  PAP-1004 , 2 \nKIT-1001\t4\nOFF-1002;1');
    expect(problems).toEqual([]);
    expect(lines.map(({ sku, quantity }) => [sku, quantity])).toEqual([
      ['BEV-1001', 12],
      ['SNK-1003', 24],
      ['PAP-1004', 2],
      ['KIT-1001', 4],
      ['OFF-1002', 1],
    ]);
  });

  it('skips blank lines and keeps the pasted line numbers', () => {
    const { lines } = parseQuickOrder('\r\nBEV-1001 1\r\n\r\n   \r\nBEV-1002 2\r\n');
    expect(lines.map((line) => line.line)).toEqual([2, 5]);
  });

  it('reports each line it cannot read, on its own', () => {
    const { lines, problems } = parseQuickOrder('BEV-1001\nBEV-1002 twelve\nBEV-1003 0\nBEV-1004 1.5\nBEV-1005 -3\n12 BEV-1006 extra\nBEV-1007 6');
    expect(lines.map((line) => line.sku)).toEqual(['BEV-1007']);
    expect(problems.map((problem) => [problem.line, problem.text])).toEqual([
      [1, 'BEV-1001'],
      [2, 'BEV-1002 twelve'],
      [3, 'BEV-1003 0'],
      [4, 'BEV-1004 1.5'],
      [5, 'BEV-1005 -3'],
      [6, '12 BEV-1006 extra'],
    ]);
    expect(problems[0]?.message).toBe('Write a SKU and a quantity, e.g. "BEV-1001 12".');
    expect(problems[1]?.message).toBe('"twelve" is not a quantity: write a whole number of at least 1.');
  });

  it('refuses lines beyond what a cart can hold', () => {
    const text = Array.from({ length: SHOP_RULES.maxCartLines + 2 }, (_, index) => `SKU-${index} 1`).join('\n');
    const { lines, problems } = parseQuickOrder(text);
    expect(lines).toHaveLength(SHOP_RULES.maxCartLines);
    expect(problems).toHaveLength(2);
  });
});

describe('resolveQuickOrder', () => {
  const water = product('bev-1005', { name: 'Spring Water', minOrderQty: 4 });
  const coconut = product('bev-1009', { name: 'Coconut Water', stock: 0 });

  it('adds the valid lines and reports unknown SKUs, invalid quantities and out-of-stock lines on their own', () => {
    const { lines } = parseQuickOrder('BEV-1005 8\nNOPE-1 5\nBEV-1011 10\nBEV-1009 1\nbev-1011 12');
    const { additions, problems } = resolveQuickOrder(lines, [water, coconut, oatMilk], []);
    expect(additions.map(({ product: added, quantity }) => [added.id, quantity])).toEqual([
      ['bev-1005', 8],
      ['bev-1011', 12],
    ]);
    expect(problems).toEqual([
      { line: 2, text: 'NOPE-1 5', message: 'No product with SKU NOPE-1 is sold.' },
      { line: 3, text: 'BEV-1011 10', message: 'Quantity must be a multiple of the pack size (6).' },
      { line: 4, text: 'BEV-1009 1', message: 'Coconut Water is out of stock.' },
    ]);
  });

  it('counts a SKU pasted twice, and the cart, against the stock', () => {
    const { lines } = parseQuickOrder('BEV-1011 36\nBEV-1011 30\nBEV-1011 6');
    const { additions, problems } = resolveQuickOrder(lines, [oatMilk], [cartItemFor(oatMilk, 6)]);
    expect(additions.map((addition) => addition.quantity)).toEqual([36, 30]);
    expect(problems).toEqual([{ line: 3, text: 'BEV-1011 6', message: 'Only 72 in stock. Your cart already holds 72.' }]);
  });
});
