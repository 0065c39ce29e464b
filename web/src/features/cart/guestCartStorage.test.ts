import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CartItem } from '@harbor/domain';
import { GUEST_CART_KEY, readGuestCart, writeGuestCart } from './guestCartStorage';

const item: CartItem = { id: 'bev-1001', price: 1899, quantity: 2, name: 'Sparkling water', sku: 'BEV-1001', imageUrl: '/x.svg', unit: 'case of 24', minOrderQty: 1, packSize: 1 };

afterEach(() => vi.restoreAllMocks());

describe('guest cart in local storage', () => {
  it('round-trips under the key "cart"', async () => {
    writeGuestCart([item]);
    expect(JSON.parse(localStorage.getItem('cart') ?? 'null')).toEqual([item]);
    await expect(readGuestCart()).resolves.toEqual([item]);
  });

  it('is empty when nothing is stored', async () => {
    await expect(readGuestCart()).resolves.toEqual([]);
  });

  it.each([
    ['not JSON', '{oops'],
    ['not a list', '{"id":"x"}'],
    ['a line of the wrong shape', '[{"id":"x","price":"free","quantity":1}]'],
    ['a negative quantity', JSON.stringify([{ ...item, quantity: -2 }])],
    ['a prototype-polluting key', JSON.stringify([{ ...item, __proto__: { admin: true } }]).replace('"id"', '"__proto__":{"x":1},"id"')],
    ['oversized content', JSON.stringify([item]).padEnd(600_000, ' ')],
  ])('replaces %s with an empty cart and a warning', async (_label, stored) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    localStorage.setItem(GUEST_CART_KEY, stored);
    await expect(readGuestCart()).resolves.toEqual([]);
    expect(warn).toHaveBeenCalledOnce();
    expect(localStorage.getItem(GUEST_CART_KEY)).toBeNull();
  });
});
