import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { cartItemsSchema, cartOperationSchema, storedCartLines, firstIssueMessage, mergeCartInputSchema, profileSchema, readableIssue } from './schemas';

function messageFor(schema: z.ZodType, data: unknown): string {
  const result = schema.safeParse(data, { error: readableIssue });
  if (result.success) throw new Error('expected the parse to fail');
  return firstIssueMessage(result.error);
}

const line = { id: 'a', price: 100, quantity: 1, name: 'A', sku: 'A-1', imageUrl: '', unit: 'case', minOrderQty: 1, packSize: 1 };

describe('readable validation messages', () => {
  it('names a missing payload, a missing field and a wrong type in plain words', () => {
    expect(messageFor(mergeCartInputSchema, undefined)).toBe('The request is empty.');
    expect(messageFor(mergeCartInputSchema, {})).toBe('guestItems is required.');
    expect(messageFor(mergeCartInputSchema, { guestItems: 'all' })).toBe('guestItems must be a list, not a string.');
    expect(messageFor(mergeCartInputSchema, { guestItems: [{ ...line, price: 'free' }] })).toBe('guestItems[0].price must be a number, not a string.');
  });

  it('names unknown fields, prototype keys included', () => {
    expect(messageFor(mergeCartInputSchema, { guestItems: [], role: 'admin' })).toBe('The request has unknown field: role.');
    expect(messageFor(mergeCartInputSchema, JSON.parse('{"guestItems":[],"__proto__":{"x":1}}'))).toBe('The request has unknown field: __proto__.');
  });

  it('keeps the messages written into the schemas', () => {
    expect(messageFor(cartItemsSchema, [{ ...line, quantity: 0 }])).toBe('[0].quantity: Quantity must be at least 1.');
    expect(messageFor(profileSchema, { name: ' ', company: '', phone: '', shippingAddress: { line1: '', line2: '', city: '', region: '', postalCode: '', country: '' } })).toBe(
      'name: Please enter your name.',
    );
  });
});

describe('storedCartLines', () => {
  const good = { id: 'bev-1001', price: 1899, quantity: 2, name: 'Sparkling water', sku: 'BEV-1001', imageUrl: '/x.svg', unit: 'case', minOrderQty: 1, packSize: 1 };

  it('keeps the lines that validate and drops the others', () => {
    expect(storedCartLines([good, { ...good, id: 'x', price: 'free' }, 'text'])).toEqual([good]);
  });

  it('reads anything but a list as an empty cart', () => {
    expect(storedCartLines(undefined)).toEqual([]);
    expect(storedCartLines({ 0: good })).toEqual([]);
  });
});

describe('cartOperationSchema', () => {
  it('accepts each kind of cart change, a quantity of 0 (which removes the line) included', () => {
    for (const operation of [{ kind: 'add', item: line }, { kind: 'remove', id: 'a' }, { kind: 'setQuantity', id: 'a', quantity: 0 }, { kind: 'clear' }]) {
      expect(cartOperationSchema.parse(operation)).toEqual(operation);
    }
  });

  it('refuses an unknown kind, a bad line, a fractional or huge quantity and extra fields', () => {
    for (const operation of [
      { kind: 'replace', items: [] },
      { kind: 'add', item: { ...line, price: -1 } },
      { kind: 'setQuantity', id: 'a', quantity: 1.5 },
      { kind: 'setQuantity', id: 'a', quantity: 10_000 },
      { kind: 'remove', id: '' },
      { kind: 'clear', id: 'a' },
    ]) {
      expect(cartOperationSchema.safeParse(operation).success, JSON.stringify(operation)).toBe(false);
    }
  });
});
