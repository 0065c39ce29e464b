import { describe, expect, it } from 'vitest';
import type { CartItem } from './cart';
import { applyCartOperation, applyCartOperations, cartChangesSince } from './cartOperations';
import { SHOP_RULES } from './config';

function line(id: string, quantity: number, price = 500): CartItem {
  return { id, price, quantity, name: id, sku: id.toUpperCase(), imageUrl: '', unit: 'case', minOrderQty: 1, packSize: 1 };
}

describe('applyCartOperation', () => {
  it('adds to an existing line or appends a new one', () => {
    expect(applyCartOperation([line('a', 2)], { kind: 'add', item: line('a', 3) })).toEqual([line('a', 5)]);
    expect(applyCartOperation([line('a', 2)], { kind: 'add', item: line('b', 1) })).toEqual([line('a', 2), line('b', 1)]);
  });

  it('removes, sets a quantity (0 removes) and clears', () => {
    const cart = [line('a', 2), line('b', 1)];
    expect(applyCartOperation(cart, { kind: 'remove', id: 'a' })).toEqual([line('b', 1)]);
    expect(applyCartOperation(cart, { kind: 'setQuantity', id: 'b', quantity: 7 })).toEqual([line('a', 2), line('b', 7)]);
    expect(applyCartOperation(cart, { kind: 'setQuantity', id: 'b', quantity: 0 })).toEqual([line('a', 2)]);
    expect(applyCartOperation(cart, { kind: 'clear' })).toEqual([]);
  });

  it('leaves the cart alone for an unknown line and never grows past the line limit', () => {
    expect(applyCartOperation([line('a', 2)], { kind: 'remove', id: 'zz' })).toEqual([line('a', 2)]);
    const full = Array.from({ length: SHOP_RULES.maxCartLines }, (_, index) => line(`p${index}`, 1));
    expect(applyCartOperation(full, { kind: 'add', item: line('new', 1) })).toHaveLength(SHOP_RULES.maxCartLines);
    expect(applyCartOperation(full, { kind: 'add', item: line('p0', 2) })[0]?.quantity).toBe(3);
  });

  it('does not change the cart it is given', () => {
    const cart = [line('a', 2)];
    applyCartOperation(cart, { kind: 'add', item: line('a', 1) });
    expect(cart).toEqual([line('a', 2)]);
  });
});

describe('applyCartOperations', () => {
  it('replays changes in order on top of another copy of the cart (two tabs keep both lines)', () => {
    const serverAfterOtherTab = [line('a', 1), line('b', 4)];
    const pending = [{ kind: 'add', item: line('c', 2) }, { kind: 'setQuantity', id: 'a', quantity: 3 }] as const;
    expect(applyCartOperations(serverAfterOtherTab, pending)).toEqual([line('a', 3), line('b', 4), line('c', 2)]);
  });
});

describe('cartChangesSince', () => {
  it('splits changes into the lines kept (lowered or removed ones as they are now) and the units added on top', () => {
    const before = [line('a', 4), line('b', 2), line('c', 1)];
    const after = applyCartOperations(before, [
      { kind: 'add', item: line('a', 3) },
      { kind: 'setQuantity', id: 'b', quantity: 1 },
      { kind: 'remove', id: 'c' },
      { kind: 'add', item: line('d', 5) },
    ]);
    expect(cartChangesSince(before, after)).toEqual({ kept: [line('a', 4), line('b', 1)], added: [line('a', 3), line('d', 5)] });
  });

  it('keeps nothing after a clear and adds nothing for a line added and removed again', () => {
    const before = [line('a', 4)];
    expect(cartChangesSince(before, applyCartOperations(before, [{ kind: 'clear' }]))).toEqual({ kept: [], added: [] });
    const addedAndRemoved = applyCartOperations(before, [
      { kind: 'add', item: line('x', 2) },
      { kind: 'remove', id: 'x' },
    ]);
    expect(cartChangesSince(before, addedAndRemoved)).toEqual({ kept: [line('a', 4)], added: [] });
  });
});

