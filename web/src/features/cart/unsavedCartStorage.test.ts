import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CartItem } from '@harbor/domain';
import type { QueuedCartOperation } from '../../lib/cart';
import { readUnsavedChanges, removeUnsavedChanges, UNSAVED_CART_KEY, UNSAVED_CHANGES_MAX_AGE_MS, writeUnsavedChanges } from './unsavedCartStorage';

const item: CartItem = { id: 'bev-1001', price: 1899, quantity: 2, name: 'Sparkling water', sku: 'BEV-1001', imageUrl: '/x.svg', unit: 'case of 24', minOrderQty: 1, packSize: 1 };
const changes: QueuedCartOperation[] = [
  { id: 'op-1', operation: { kind: 'add', item } },
  { id: 'op-2', operation: { kind: 'setQuantity', id: item.id, quantity: 0 } },
];
const stored = (value: unknown) => sessionStorage.setItem(UNSAVED_CART_KEY, JSON.stringify(value));

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('cart changes waiting for the server, kept in the tab', () => {
  it('round-trip for the buyer who made them, and are gone once none wait', async () => {
    writeUnsavedChanges('u1', changes);
    await expect(readUnsavedChanges('u1')).resolves.toEqual(changes);
    writeUnsavedChanges('u1', []);
    expect(sessionStorage.getItem(UNSAVED_CART_KEY)).toBeNull();
    await expect(readUnsavedChanges('u1')).resolves.toEqual([]);
  });

  it("are never another buyer's, who removes them, and a sign-out removes them", async () => {
    writeUnsavedChanges('u1', changes);
    await expect(readUnsavedChanges('u2')).resolves.toEqual([]);
    expect(sessionStorage.getItem(UNSAVED_CART_KEY)).toBeNull();
    writeUnsavedChanges('u1', changes);
    removeUnsavedChanges();
    await expect(readUnsavedChanges('u1')).resolves.toEqual([]);
  });

  it('are not sent once a day old (a tab restored later): the cart has moved on', async () => {
    const savedAt = Date.parse('2026-11-27T09:00:00Z');
    writeUnsavedChanges('u1', changes, sessionStorage, savedAt);
    await expect(readUnsavedChanges('u1', sessionStorage, savedAt + UNSAVED_CHANGES_MAX_AGE_MS)).resolves.toEqual(changes);
    await expect(readUnsavedChanges('u1', sessionStorage, savedAt + UNSAVED_CHANGES_MAX_AGE_MS + 1)).resolves.toEqual([]);
    expect(sessionStorage.getItem(UNSAVED_CART_KEY)).toBeNull();
  });

  it('keep the readable changes when one is not, with a warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    stored({ uid: 'u1', savedAt: Date.now(), changes: [changes[0], { id: 'x', operation: { kind: 'replace', items: [] } }, changes[1]] });
    await expect(readUnsavedChanges('u1')).resolves.toEqual(changes);
    expect(warn).toHaveBeenCalledWith('1 of the cart changes waiting to be saved could not be read; they are dropped.');
  });

  it('stay stored when the code that reads them cannot be downloaded, for the next try', async () => {
    writeUnsavedChanges('u1', changes);
    vi.doMock('../../lib/validation', () => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    try {
      await expect(readUnsavedChanges('u1')).rejects.toThrow();
    } finally {
      vi.doUnmock('../../lib/validation');
    }
    expect(sessionStorage.getItem(UNSAVED_CART_KEY)).not.toBeNull();
    await expect(readUnsavedChanges('u1')).resolves.toEqual(changes);
  });

  it.each([
    ['not JSON', '{oops'],
    ['no list of changes', JSON.stringify({ uid: 'u1', savedAt: Date.now(), changes: 'all' })],
    ['no time saved', JSON.stringify({ uid: 'u1', changes })],
    ['oversized content', JSON.stringify({ uid: 'u1', savedAt: Date.now(), changes }).padEnd(600_000, ' ')],
  ])('drop %s with a warning', async (_label, text) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    sessionStorage.setItem(UNSAVED_CART_KEY, text);
    await expect(readUnsavedChanges('u1')).resolves.toEqual([]);
    expect(warn).toHaveBeenCalledOnce();
    expect(sessionStorage.getItem(UNSAVED_CART_KEY)).toBeNull();
  });
});
