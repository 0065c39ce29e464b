import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CartItem } from '@harbor/domain';
import type { QueuedCartOperation } from '../../lib/cart';
import { readUnsavedChanges, removeUnsavedChanges, UNSAVED_CART_KEY, writeUnsavedChanges } from './unsavedCartStorage';

const item: CartItem = { id: 'bev-1001', price: 1899, quantity: 2, name: 'Sparkling water', sku: 'BEV-1001', imageUrl: '/x.svg', unit: 'case of 24', minOrderQty: 1, packSize: 1 };
const changes: QueuedCartOperation[] = [
  { id: 'op-1', operation: { kind: 'add', item } },
  { id: 'op-2', operation: { kind: 'setQuantity', id: item.id, quantity: 0 } },
];

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('cart changes waiting for the server, kept in the tab', () => {
  it('round-trips for the buyer who made them, and are gone once none wait', async () => {
    writeUnsavedChanges('u1', changes);
    await expect(readUnsavedChanges('u1')).resolves.toEqual(changes);
    writeUnsavedChanges('u1', []);
    expect(sessionStorage.getItem(UNSAVED_CART_KEY)).toBeNull();
    await expect(readUnsavedChanges('u1')).resolves.toEqual([]);
  });

  it("are never another buyer's, and a sign-out removes them", async () => {
    writeUnsavedChanges('u1', changes);
    await expect(readUnsavedChanges('u2')).resolves.toEqual([]);
    removeUnsavedChanges();
    await expect(readUnsavedChanges('u1')).resolves.toEqual([]);
  });

  it.each([
    ['not JSON', '{oops'],
    ['no list of changes', JSON.stringify({ uid: 'u1', changes: 'all' })],
    ['an unknown kind of change', JSON.stringify({ uid: 'u1', changes: [{ id: 'x', operation: { kind: 'replace', items: [] } }] })],
    ['a line of the wrong shape', JSON.stringify({ uid: 'u1', changes: [{ id: 'x', operation: { kind: 'add', item: { ...item, price: 'free' } } }] })],
  ])('drops %s with a warning', async (_label, stored) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    sessionStorage.setItem(UNSAVED_CART_KEY, stored);
    await expect(readUnsavedChanges('u1')).resolves.toEqual([]);
    expect(warn).toHaveBeenCalledOnce();
  });
});
