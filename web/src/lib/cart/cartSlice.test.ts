import { describe, expect, it } from 'vitest';
import type { CartItem } from '@harbor/domain';
import { signedIn, signedOut } from '../session/authSlice';
import { cartChangeSaved, cartSlice, itemAdded, quantityUpdated, serverCartChanged } from './cartSlice';

const reduce = cartSlice.reducer;

function line(id: string, quantity: number): CartItem {
  return { id, price: 500, quantity, name: id, sku: id, imageUrl: '', unit: 'case', minOrderQty: 1, packSize: 1 };
}

const signedInCart = reduce(reduce(undefined, signedIn({ uid: 'u1', email: null, displayName: null })), serverCartChanged([line('a', 1)]));

describe('the cart as a signed-in buyer sees it', () => {
  it('queues each change for the server and shows it at once', () => {
    const state = reduce(signedInCart, itemAdded(line('b', 2)));
    expect(state.items).toEqual([line('a', 1), line('b', 2)]);
    expect(state.unsaved).toEqual([{ kind: 'add', item: line('b', 2) }]);
  });

  it('keeps unsaved changes on top of a server cart another tab changed (no line is lost)', () => {
    const mine = reduce(signedInCart, itemAdded(line('b', 2)));
    const otherTab = reduce(mine, serverCartChanged([line('a', 1), line('c', 5)]));
    expect(otherTab.items).toEqual([line('a', 1), line('c', 5), line('b', 2)]);
  });

  it('drops a change from the queue once saved and shows the cart the server wrote', () => {
    const queued = reduce(reduce(signedInCart, itemAdded(line('b', 2))), quantityUpdated({ id: 'a', quantity: 4 }));
    const saved = reduce(queued, cartChangeSaved([line('a', 1), line('b', 2)]));
    expect(saved.unsaved).toEqual([{ kind: 'setQuantity', id: 'a', quantity: 4 }]);
    expect(saved.items).toEqual([line('a', 4), line('b', 2)]);
  });

  it('keeps changes made while the sign-in merge runs and applies them after it', () => {
    const guest = reduce(undefined, itemAdded(line('g', 1)));
    const merging = reduce(reduce(guest, signedIn({ uid: 'u1', email: null, displayName: null })), itemAdded(line('late', 3)));
    expect(merging.loading).toBe(true);
    const merged = reduce(merging, serverCartChanged([line('s', 1), line('g', 1)]));
    expect(merged.items).toEqual([line('s', 1), line('g', 1), line('late', 3)]);
    expect(merged.unsaved).toEqual([{ kind: 'add', item: line('late', 3) }]);
  });

  it('saves nothing to the server for a guest', () => {
    const guest = reduce(reduce(signedInCart, signedOut()), itemAdded(line('b', 2)));
    expect(guest.owner).toBe('guest');
    expect(guest.unsaved).toEqual([]);
  });
});
