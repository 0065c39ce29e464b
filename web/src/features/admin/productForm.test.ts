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

  it('leaves other refusals to the toast', () => {
    expect(fieldOfFailure({ code: 'permission-denied', message: 'Only shop administrators may do this.' })).toBeNull();
    expect(fieldOfFailure({ code: 'invalid-argument', message: 'tiers.0.price: Tier 1 price must be lower.' })).toBeNull();
  });
});
