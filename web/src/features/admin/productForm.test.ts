import { describe, expect, it } from 'vitest';
import { productFromData } from '@harbor/domain';
import { fieldOfFailure, formValuesOf, toProductInput } from './productForm';

describe('toProductInput', () => {
  it('turns dollars into cents and counts into numbers', () => {
    const input = toProductInput({ ...formValuesOf(null), price: '$1,234.5', stock: ' 12 ', tiers: [{ minQty: '10', price: '0.99' }] });
    expect(input).toMatchObject({ price: 123_450, stock: 12, tiers: [{ minQty: 10, price: 99 }] });
  });

  it('leaves unreadable text as NaN for the schema to report', () => {
    const input = toProductInput({ ...formValuesOf(null), price: 'twelve', packSize: '' });
    expect(input.price).toBeNaN();
    expect(input.packSize).toBeNaN();
  });

  it('starts a new product off backorders, with no restock date', () => {
    expect(toProductInput(formValuesOf(null))).toMatchObject({ backorderable: false, restockDate: '' });
  });

  it('round-trips backorders and the restock date, but never the units owed (the server keeps them)', () => {
    const product = productFromData('x', { name: 'Cups', sku: 'PAP-1', category: 'Paper Goods', price: 1005, unit: 'box', stock: 0, active: true, backorderable: true, restockDate: '2026-12-09', backordered: 15 });
    expect(formValuesOf(product)).toMatchObject({ backorderable: true, restockDate: '2026-12-09' });
    const input = toProductInput(formValuesOf(product));
    expect(input).toMatchObject({ backorderable: true, restockDate: '2026-12-09' });
    expect(input).not.toHaveProperty('backordered');
  });

  it('round-trips a stored product through the form unchanged', () => {
    const product = productFromData('x', { name: 'Cups', sku: 'PAP-1', category: 'Paper Goods', price: 1005, unit: 'box', packSize: 5, minOrderQty: 10, stock: 3, active: true, tiers: [{ minQty: 50, price: 995 }] });
    expect(toProductInput(formValuesOf(product))).toMatchObject({ price: 1005, packSize: 5, minOrderQty: 10, stock: 3, tiers: [{ minQty: 50, price: 995 }] });
  });
});

describe('fieldOfFailure', () => {
  it('puts a duplicate SKU on the SKU field', () => {
    expect(fieldOfFailure({ code: 'already-exists', message: 'SKU A-1 is already used by "B".' })).toEqual({ field: 'sku', message: 'SKU A-1 is already used by "B".' });
  });

  it('puts a server validation message on the field it names', () => {
    expect(fieldOfFailure({ code: 'invalid-argument', message: 'price: Price must be at least $0.01.' })).toEqual({ field: 'price', message: 'Price must be at least $0.01.' });
  });

  it('puts a refused restock date on its field', () => {
    expect(fieldOfFailure({ code: 'invalid-argument', message: 'restockDate: Restock date must be a date such as 2026-12-09 (or empty).' })).toEqual({
      field: 'restockDate',
      message: 'Restock date must be a date such as 2026-12-09 (or empty).',
    });
  });

  it('leaves other refusals to the toast', () => {
    expect(fieldOfFailure({ code: 'permission-denied', message: 'Only shop administrators may do this.' })).toBeNull();
    expect(fieldOfFailure({ code: 'invalid-argument', message: 'tiers.0.price: Tier 1 price must be lower.' })).toBeNull();
  });
});
