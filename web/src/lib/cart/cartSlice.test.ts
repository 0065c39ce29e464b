import { describe, expect, it } from 'vitest';
import type { CartItem } from '@harbor/domain';
import { sessionRestoring, signedIn, signedOut } from '../session/authSlice';
import { cartChangeRefused, cartChangeSaved, cartCleared, cartConnected, cartReplaced, cartSlice, itemAdded, itemRemoved, quantityUpdated, selectCartSaving, serverCartChanged, unsavedChangesRestored, type CartState } from './cartSlice';

const reduce = cartSlice.reducer;

function line(id: string, quantity: number): CartItem {
  return { id, price: 500, quantity, name: id, sku: id, imageUrl: '', unit: 'case', minOrderQty: 1, packSize: 1 };
}

const signIn = signedIn({ uid: 'u1', email: null, displayName: null });
const signedInCart = reduce(reduce(undefined, signIn), serverCartChanged({ items: [line('a', 1)], appliedOperations: [] }));
const idOf = (state: CartState, index = 0) => state.unsaved[index]!.id;

describe('the cart as a signed-in buyer sees it', () => {
  it('queues each change for the server, with an id of its own, and shows it at once', () => {
    const state = reduce(reduce(signedInCart, itemAdded(line('b', 2))), itemAdded(line('c', 1)));
    expect(state.items).toEqual([line('a', 1), line('b', 2), line('c', 1)]);
    expect(state.unsaved.map((queued) => queued.operation)).toEqual([
      { kind: 'add', item: line('b', 2) },
      { kind: 'add', item: line('c', 1) },
    ]);
    expect(new Set(state.unsaved.map((queued) => queued.id)).size).toBe(2);
  });

  it('keeps unsaved changes on top of a server cart another tab changed (no line is lost)', () => {
    const mine = reduce(signedInCart, itemAdded(line('b', 2)));
    const otherTab = reduce(mine, serverCartChanged({ items: [line('a', 1), line('c', 5)], appliedOperations: ['elsewhere'] }));
    expect(otherTab.items).toEqual([line('a', 1), line('c', 5), line('b', 2)]);
  });

  it('applies a change once when the server cart that holds it arrives before the save answers', () => {
    const mine = reduce(signedInCart, itemAdded(line('a', 6)));
    const id = idOf(mine);
    const reported = reduce(mine, serverCartChanged({ items: [line('a', 7)], appliedOperations: [id] }));
    expect(reported.items).toEqual([line('a', 7)]);
    expect(reported.unsaved).toEqual([]);
    // The save's own answer, older than what the listener already reported, changes nothing.
    expect(reduce(reported, cartChangeSaved({ id, items: [line('a', 7)] }))).toEqual(reported);
  });

  it('drops a change from the queue once saved and shows the cart the server wrote', () => {
    const queued = reduce(reduce(signedInCart, itemAdded(line('b', 2))), quantityUpdated({ id: 'a', quantity: 4 }));
    const saved = reduce(queued, cartChangeSaved({ id: idOf(queued), items: [line('a', 1), line('b', 2)] }));
    expect(saved.unsaved.map((entry) => entry.operation)).toEqual([{ kind: 'setQuantity', id: 'a', quantity: 4 }]);
    expect(saved.items).toEqual([line('a', 4), line('b', 2)]);
  });

  it('drops a change the server refuses for good', () => {
    const queued = reduce(signedInCart, itemAdded(line('b', 2)));
    const refused = reduce(queued, cartChangeRefused(idOf(queued)));
    expect(refused.unsaved).toEqual([]);
    expect(refused.items).toEqual([line('a', 1)]);
  });

  it('keeps changes made while the sign-in merge runs and applies them after it', () => {
    const guest = reduce(undefined, itemAdded(line('g', 1)));
    const merging = reduce(reduce(guest, signIn), itemAdded(line('late', 3)));
    expect(merging.loading).toBe(true);
    const merged = reduce(merging, serverCartChanged({ items: [line('s', 1), line('g', 1)], appliedOperations: [] }));
    expect(merged.items).toEqual([line('s', 1), line('g', 1), line('late', 3)]);
    expect(merged.unsaved.map((entry) => entry.operation)).toEqual([{ kind: 'add', item: line('late', 3) }]);
  });

  it('puts the changes a reload left unsaved first, once, and drops those the server already holds', () => {
    const left = [
      { id: 'left-1', operation: { kind: 'add', item: line('b', 2) } },
      { id: 'left-2', operation: { kind: 'setQuantity', id: 'a', quantity: 3 } },
    ] as const;
    const madeSince = reduce(signedInCart, itemAdded(line('c', 1)));
    const restored = reduce(madeSince, unsavedChangesRestored([...left]));
    expect(restored.unsaved.map((change) => change.id)).toEqual(['left-1', 'left-2', idOf(madeSince)]);
    expect(restored.items).toEqual([line('a', 3), line('b', 2), line('c', 1)]);
    expect(reduce(restored, unsavedChangesRestored([...left])).unsaved).toHaveLength(3);
    // The first change had reached the server before the page was left.
    const reported = reduce(restored, serverCartChanged({ items: [line('a', 1), line('b', 2)], appliedOperations: ['left-1'] }));
    expect(reported.items).toEqual([line('a', 3), line('b', 2), line('c', 1)]);
  });

  it('saves nothing to the server for a guest, and a sign-out during the merge leaves no spinner', () => {
    const merging = reduce(reduce(undefined, itemAdded(line('g', 1))), signIn);
    const guest = reduce(reduce(merging, signedOut()), itemAdded(line('b', 2)));
    expect(guest.owner).toBe('guest');
    expect(guest.loading).toBe(false);
    expect(guest.unsaved).toEqual([]);
  });
});

describe('changes made while a stored session is restored', () => {
  const guestCart = reduce(reduce(undefined, cartReplaced([line('g', 1)])), sessionRestoring());

  it('are shown at once and wait, apart from the guest cart they were made on', () => {
    const waiting = reduce(guestCart, itemAdded(line('s', 2)));
    expect(waiting.items).toEqual([line('g', 1), line('s', 2)]);
    expect(waiting.guestItemsBeforeSession).toEqual([line('g', 1)]);
    expect(waiting.unsaved.map((queued) => queued.operation)).toEqual([{ kind: 'add', item: line('s', 2) }]);
  });

  it("become the buyer's own changes, on top of the saved cart, once the session is restored", () => {
    const waiting = reduce(guestCart, itemAdded(line('s', 2)));
    const restored = reduce(waiting, signIn);
    expect(restored.guestItemsBeforeSession).toBeNull();
    expect(restored.unsaved).toEqual(waiting.unsaved);
    // The saved cart already holds the product: the add is added to it, not given up to it.
    const loaded = reduce(restored, serverCartChanged({ items: [line('s', 4), line('g', 1)], appliedOperations: [] }));
    expect(loaded.items).toEqual([line('s', 6), line('g', 1)]);
  });

  it('never remove or clear saved lines the buyer could not see: only the units added go onto the saved cart', () => {
    const changed = [itemAdded(line('s', 2)), itemAdded(line('x', 1)), itemRemoved('x'), quantityUpdated({ id: 'g', quantity: 0 }), cartCleared(), itemAdded(line('s', 3))];
    const waiting = changed.reduce(reduce, guestCart);
    expect(waiting.items).toEqual([line('s', 3)]);
    const restored = reduce(waiting, signIn);
    expect(restored.unsaved.map((queued) => queued.operation)).toEqual([{ kind: 'add', item: line('s', 3) }]);
    expect(restored.unsaved[0]!.id).toBe(waiting.unsaved[0]!.id);
    const loaded = reduce(restored, serverCartChanged({ items: [line('s', 4), line('kept', 9)], appliedOperations: [] }));
    expect(loaded.items).toEqual([line('s', 7), line('kept', 9)]);
  });

  it('stay on a guest cart another tab changed meanwhile', () => {
    const waiting = reduce(guestCart, itemAdded(line('s', 2)));
    const changedElsewhere = reduce(waiting, cartReplaced([line('o', 3)]));
    expect(changedElsewhere.items).toEqual([line('o', 3), line('s', 2)]);
    expect(changedElsewhere.guestItemsBeforeSession).toEqual([line('o', 3)]);
  });

  it('are handed on, not kept queued, when the session turns out to be gone', () => {
    const gone = reduce(reduce(guestCart, itemAdded(line('s', 2))), signedOut());
    expect(gone.owner).toBe('guest');
    expect(gone.unsaved).toEqual([]);
    expect(gone.guestItemsBeforeSession).toBeNull();
    expect(gone.items).toEqual([line('g', 1), line('s', 2)]);
  });
});

describe('whether the cart is saved', () => {
  const saving = (cart: CartState) => selectCartSaving({ cart });

  it('is not while the sign-in merge has not reached the server, even with nothing queued', () => {
    expect(saving(signedInCart)).toBe(true);
    const connected = reduce(signedInCart, cartConnected());
    expect(saving(connected)).toBe(false);
    expect(saving(reduce(connected, itemAdded(line('b', 1))))).toBe(true);
  });

  it('is always for a guest, whose cart is in this browser', () => {
    expect(saving(reduce(undefined, itemAdded(line('b', 1))))).toBe(false);
  });
});
