import type { CartItem } from '@harbor/domain';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { adminDb, callError, clearFirestore, webClient, type TestClient } from './harness';

function line(id: string, quantity: number, price = 1000): CartItem {
  return { id, price, quantity, name: `Product ${id}`, sku: id.toUpperCase(), imageUrl: `/images/products/${id}.svg`, unit: 'case', minOrderQty: 1, packSize: 1 };
}

const clients: TestClient[] = [];
async function shopper(): Promise<TestClient> {
  const client = await webClient();
  clients.push(client);
  return client;
}

async function serverCart(uid: string): Promise<unknown> {
  return (await adminDb.doc(`carts/${uid}`).get()).data()?.items;
}

beforeEach(clearFirestore);
afterAll(async () => Promise.all(clients.map((client) => client.close())));

describe('mergeCart', () => {
  it('keeps the server line on duplicates and appends guest lines the server lacks', async () => {
    const client = await shopper();
    await adminDb.doc(`carts/${client.uid}`).set({ items: [line('a', 2, 1000)] });
    const result = await client.call<{ items: CartItem[] }>('mergeCart', { guestItems: [line('a', 9, 1), line('b', 3)] });
    expect(result.items).toEqual([line('a', 2, 1000), line('b', 3)]);
    expect(await serverCart(client.uid)).toEqual([line('a', 2, 1000), line('b', 3)]);
  });

  it('saves the guest cart when the user has no server cart yet', async () => {
    const client = await shopper();
    const result = await client.call<{ items: CartItem[] }>('mergeCart', { guestItems: [line('c', 4)] });
    expect(result.items).toEqual([line('c', 4)]);
    expect(await serverCart(client.uid)).toEqual([line('c', 4)]);
  });

  it('returns the server cart unchanged for an empty guest cart', async () => {
    const client = await shopper();
    await adminDb.doc(`carts/${client.uid}`).set({ items: [line('a', 1)] });
    const result = await client.call<{ items: CartItem[] }>('mergeCart', { guestItems: [] });
    expect(result.items).toEqual([line('a', 1)]);
  });

  it('answers alike for lines of an inactive product and of a missing one: it tells nothing of products', async () => {
    await adminDb.doc('products/off').set({ name: 'Secret Blend', sku: 'SECRET-1', price: 1, stock: 5, minOrderQty: 1, packSize: 1, active: false });
    const answers: string[] = [];
    for (const id of ['off', 'gone']) {
      const client = await shopper();
      const guestLine = { ...line(id, 2), name: 'Guest name', sku: 'GUEST-1' };
      const result = await client.call<{ items: CartItem[] }>('mergeCart', { guestItems: [guestLine] });
      expect(result.items).toEqual([guestLine]);
      answers.push(JSON.stringify(result).replaceAll(id, '<id>'));
    }
    expect(answers[1]).toBe(answers[0]);
    expect(answers[0]).not.toMatch(/Secret|SECRET/);
  });

  it('rejects an unauthenticated caller', async () => {
    const guest = await webClient(null);
    clients.push(guest);
    const error = await callError(guest.call('mergeCart', { guestItems: [line('a', 1)] }));
    expect(error.code).toBe('unauthenticated');
    expect((await adminDb.collection('carts').get()).size).toBe(0);
  });

  it.each([
    ['a missing guestItems', {}],
    ['guestItems that is not a list', { guestItems: { id: 'a' } }],
    ['a negative quantity', { guestItems: [{ ...line('a', 1), quantity: -1 }] }],
    ['a fractional price', { guestItems: [{ ...line('a', 1), price: 10.5 }] }],
    ['a string quantity', { guestItems: [{ ...line('a', 1), quantity: '3' }] }],
    ['an extra field', { guestItems: [{ ...line('a', 1), role: 'admin' }] }],
    ['an id with a slash', { guestItems: [line('../users/x', 1)] }],
    ['too many lines', { guestItems: Array.from({ length: 201 }, (_, index) => line(`p${index}`, 1)) }],
  ])('rejects %s with invalid-argument and writes nothing', async (_label, payload) => {
    const client = await shopper();
    await adminDb.doc(`carts/${client.uid}`).set({ items: [line('keep', 1)] });
    const error = await callError(client.call('mergeCart', payload));
    expect(error.code).toBe('invalid-argument');
    expect(error.message.length).toBeGreaterThan(5);
    expect(await serverCart(client.uid)).toEqual([line('keep', 1)]);
  });
});
