import { describe, expect, it } from 'vitest';
import type { CartItem } from '@harbor/domain';
import { cartWith, makeTestStore as makeStore } from '../../test/renderWithStore';
import { itemAdded } from '../../lib/cart';
import { GUEST_CART_KEY } from './guestCartStorage';
import { restoreGuestCart } from './restoreGuestCart';

const item: CartItem = { id: 'bev-1001', price: 1899, quantity: 2, name: 'Sparkling water', sku: 'BEV-1001', imageUrl: '/x.svg', unit: 'case of 24', minOrderQty: 1, packSize: 1 };

describe('restoring the guest cart at start', () => {
  it('shows the cart as loading until the stored cart is read, then holds its lines', async () => {
    localStorage.setItem(GUEST_CART_KEY, JSON.stringify([item]));
    const store = makeStore();
    const restored = restoreGuestCart(store);
    expect(store.getState().cart.loading).toBe(true);
    await restored;
    expect(store.getState().cart).toEqual(cartWith([item]));
  });

  it('reads the stored cart once however often it is asked, so lines restored early are not added twice', async () => {
    localStorage.setItem(GUEST_CART_KEY, JSON.stringify([item]));
    const store = makeStore();
    const early = restoreGuestCart(store);
    const again = restoreGuestCart(store);
    expect(again).toBe(early);
    await again;
    store.dispatch(itemAdded({ ...item, quantity: 1 }));
    await restoreGuestCart(store);
    expect(store.getState().cart.items).toEqual([{ ...item, quantity: 3 }]);
  });

  it('ends with an empty, loaded cart when nothing is stored', async () => {
    const store = makeStore();
    await restoreGuestCart(store);
    expect(store.getState().cart).toEqual(cartWith([]));
  });
});

describe('a line added while the stored cart is read', () => {
  it('is kept beside the stored lines, and saved with them', async () => {
    localStorage.setItem(GUEST_CART_KEY, JSON.stringify([item]));
    const store = makeStore();
    const restored = restoreGuestCart(store);
    const added: CartItem = { ...item, id: 'snk-1001', sku: 'SNK-1001', name: 'Pretzels', quantity: 6 };
    store.dispatch(itemAdded(added));
    await restored;
    expect(store.getState().cart.items).toEqual([item, added]);
    expect(JSON.parse(localStorage.getItem(GUEST_CART_KEY) ?? '[]')).toEqual([item, added]);
  });
});
