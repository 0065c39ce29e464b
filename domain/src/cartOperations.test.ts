import { describe, expect, it } from 'vitest';
import type { CartItem } from './cart';
import { applyCartOperation, applyCartOperations } from './cartOperations';
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
