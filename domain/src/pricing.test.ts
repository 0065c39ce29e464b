import { describe, expect, it } from 'vitest';
import { SHOP_RULES } from './config';
import {
  describeQuantityProblem,
  lowestUnitPrice,
  quantityProblem,
  roundUpToValidQuantity,
  smallestValidQuantity,
  unitPriceFor,
  type QuantityRules,
} from './pricing';

const tiered = { price: 1000, tiers: [{ minQty: 10, price: 900 }, { minQty: 50, price: 800 }, { minQty: 200, price: 700 }] };

describe('unitPriceFor', () => {
  it.each([
    [1, 1000],
    [9, 1000],
    [10, 900],
    [11, 900],
    [49, 900],
    [50, 800],
    [199, 800],
    [200, 700],
    [9999, 700],
  ])('charges %i units at %i cents each', (quantity, price) => {
    expect(unitPriceFor(tiered, quantity)).toBe(price);
  });

  it('charges the base price when there are no tiers', () => {
    expect(unitPriceFor({ price: 1899 }, 500)).toBe(1899);
    expect(unitPriceFor({ price: 1899, tiers: [] }, 500)).toBe(1899);
  });

  it('finds the reached tier whatever order the tiers are stored in', () => {
    const shuffled = { price: 1000, tiers: [{ minQty: 50, price: 800 }, { minQty: 10, price: 900 }] };
    expect(unitPriceFor(shuffled, 9)).toBe(1000);
    expect(unitPriceFor(shuffled, 10)).toBe(900);
    expect(unitPriceFor(shuffled, 50)).toBe(800);
  });

  it('never charges more than the base price for a tier priced above it', () => {
    expect(unitPriceFor({ price: 1000, tiers: [{ minQty: 5, price: 1200 }] }, 5)).toBe(1000);
  });
});

describe('lowestUnitPrice', () => {
  it('is the cheapest tier price ("from" price)', () => {
    expect(lowestUnitPrice(tiered)).toBe(700);
  });

  it('is the base price without tiers', () => {
    expect(lowestUnitPrice({ price: 1234 })).toBe(1234);
    expect(lowestUnitPrice({ price: 1234, tiers: [] })).toBe(1234);
  });
});

describe('quantityProblem', () => {
  const packsOfSix: QuantityRules = { minOrderQty: 12, packSize: 6, stock: 60 };

  it('accepts the minimum, every whole pack above it, and exactly the stock', () => {
    for (const quantity of [12, 18, 24, 54, 60]) expect(quantityProblem(quantity, packsOfSix), String(quantity)).toBeNull();
  });

  it('refuses zero, negative, fractional and non-numeric quantities', () => {
    for (const quantity of [0, -6, 12.5, Number.NaN, Number.POSITIVE_INFINITY]) expect(quantityProblem(quantity, packsOfSix), String(quantity)).toBe('not-integer');
  });

  it('refuses a quantity just below the minimum order', () => {
    expect(quantityProblem(6, packsOfSix)).toBe('below-minimum');
    expect(quantityProblem(11, packsOfSix)).toBe('below-minimum');
  });

  it('refuses a quantity that is not a whole number of packs', () => {
    expect(quantityProblem(13, packsOfSix)).toBe('not-pack-multiple');
    expect(quantityProblem(17, packsOfSix)).toBe('not-pack-multiple');
  });

  it('refuses one pack more than the stock', () => {
    expect(quantityProblem(66, packsOfSix)).toBe('above-stock');
    expect(quantityProblem(1, { minOrderQty: 1, packSize: 1, stock: 0 })).toBe('above-stock');
  });

  it('ignores stock when it is unknown', () => {
    expect(quantityProblem(600, { minOrderQty: 12, packSize: 6 })).toBeNull();
  });

  it('refuses more than the per-line limit, and accepts exactly the limit', () => {
    const single = { minOrderQty: 1, packSize: 1 };
    expect(quantityProblem(SHOP_RULES.maxQuantityPerLine, single)).toBeNull();
    expect(quantityProblem(SHOP_RULES.maxQuantityPerLine + 1, single)).toBe('above-line-limit');
  });
});

describe('describeQuantityProblem', () => {
  const rules: QuantityRules = { minOrderQty: 12, packSize: 6, stock: 60 };

  it('explains each problem with the numbers that apply', () => {
    expect(describeQuantityProblem('not-integer', rules)).toBe('Quantity must be a whole number of at least 1.');
    expect(describeQuantityProblem('below-minimum', rules)).toBe('The minimum order quantity is 12.');
    expect(describeQuantityProblem('not-pack-multiple', rules)).toBe('Quantity must be a multiple of the pack size (6).');
    expect(describeQuantityProblem('above-stock', rules)).toBe('Only 60 in stock.');
    expect(describeQuantityProblem('above-line-limit', rules)).toBe(`At most ${SHOP_RULES.maxQuantityPerLine} per line.`);
  });
});

describe('smallestValidQuantity', () => {
  it('is the minimum when it is a whole number of packs', () => {
    expect(smallestValidQuantity({ minOrderQty: 12, packSize: 6 })).toBe(12);
    expect(smallestValidQuantity({ minOrderQty: 1, packSize: 1 })).toBe(1);
  });

  it('rounds the minimum up to whole packs', () => {
    expect(smallestValidQuantity({ minOrderQty: 5, packSize: 4 })).toBe(8);
    expect(smallestValidQuantity({ minOrderQty: 1, packSize: 6 })).toBe(6);
  });
});

describe('roundUpToValidQuantity', () => {
  const rules: QuantityRules = { minOrderQty: 12, packSize: 6 };

  it('keeps a valid quantity', () => {
    expect(roundUpToValidQuantity(18, rules)).toBe(18);
  });

  it('rounds up to the next whole pack', () => {
    expect(roundUpToValidQuantity(19, rules)).toBe(24);
    expect(roundUpToValidQuantity(23, rules)).toBe(24);
  });

  it('lifts anything below the minimum (or not a number) to the smallest valid quantity', () => {
    for (const quantity of [0, 1, 11, -5, Number.NaN]) expect(roundUpToValidQuantity(quantity, rules), String(quantity)).toBe(12);
  });
});
