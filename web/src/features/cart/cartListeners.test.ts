import { describe, expect, it, vi } from 'vitest';
import type { CartItem } from '@harbor/domain';
import { makeStore } from '../../app/store';
import { registerCartListeners } from './cartListeners';
import { cartCleared, itemAdded, itemRemoved, quantityUpdated } from './cartSlice';

// Guest changes never reach Firebase; the module is stubbed so no connection is opened.
vi.mock('../../app/firebase', () => ({ auth: {}, db: {}, functions: {} }));

const item: CartItem = { id: 'snk-1001', price: 1250, quantity: 6, name: 'Pretzels', sku: 'SNK-1001', imageUrl: '/x.svg', unit: 'case', minOrderQty: 6, packSize: 6 };

registerCartListeners();

function storedCart(): CartItem[] {
  return JSON.parse(localStorage.getItem('cart') ?? '[]') as CartItem[];
}

describe('guest cart saving', () => {
  it('saves every change of a signed-out shopper to local storage', () => {
    const store = makeStore({ auth: { status: 'signedOut', user: null, profile: null } });
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
