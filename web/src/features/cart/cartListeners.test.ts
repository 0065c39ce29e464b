import { describe, expect, it, vi } from 'vitest';
import type { CartItem } from '@harbor/domain';
import { makeTestStore as makeStore } from '../../test/renderWithStore';
import { cartCleared, itemAdded, itemRemoved, quantityUpdated } from '../../lib/cart';
import { sessionRestoring, signedOut, signedOutState } from '../../lib/session';

// Guest changes never reach Firebase; the module is stubbed so no connection is opened.
vi.mock('../../lib/firebase', () => ({ auth: {}, db: {}, functions: {} }));

const item: CartItem = { id: 'snk-1001', price: 1250, quantity: 6, name: 'Pretzels', sku: 'SNK-1001', imageUrl: '/x.svg', unit: 'case', minOrderQty: 6, packSize: 6 };


function storedCart(): CartItem[] {
  return JSON.parse(localStorage.getItem('cart') ?? '[]') as CartItem[];
}

describe('guest cart saving', () => {
  it('saves every change of a signed-out shopper to local storage', () => {
    const store = makeStore({ preloadedState: { auth: signedOutState } });
    store.dispatch(itemAdded(item));
    expect(storedCart()).toEqual([item]);
    store.dispatch(itemAdded({ ...item, quantity: 6 }));
    expect(storedCart()[0]?.quantity).toBe(12);
    store.dispatch(quantityUpdated({ id: item.id, quantity: 18 }));
    expect(storedCart()[0]?.quantity).toBe(18);
    store.dispatch(itemRemoved(item.id));
    expect(storedCart()).toEqual([]);
    store.dispatch(itemAdded(item));
    store.dispatch(cartCleared());
    expect(storedCart()).toEqual([]);
  });
});

describe('changes made while a stored session is restored', () => {
  it("are not saved as the guest's until the session turns out to be gone, then added to the stored guest cart", async () => {
    const stored: CartItem = { ...item, id: 'snk-1002', sku: 'SNK-1002', name: 'Crackers' };
    localStorage.setItem('cart', JSON.stringify([stored]));
    const store = makeStore();
    store.dispatch(sessionRestoring());
    store.dispatch(itemAdded(item));
    expect(storedCart()).toEqual([stored]);
    store.dispatch(signedOut());
    await vi.waitFor(() => expect(storedCart()).toEqual([stored, item]));
    expect(store.getState().cart.items).toEqual([stored, item]);
  });
});

