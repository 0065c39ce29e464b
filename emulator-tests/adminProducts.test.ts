import { beforeEach, describe, expect, it } from 'vitest';
import { productSearchTokens } from '@harbor/domain';
import { collectionSnapshot, productInput, storedProduct, useActors } from './adminFixtures';
import { adminDb, callError } from './harness';

const actors = useActors();

beforeEach(async () => {
  await Promise.all((await adminDb.collection('products').listDocuments()).map((ref) => ref.delete()));
  await Promise.all((await adminDb.collection('skus').listDocuments()).map((ref) => ref.delete()));
  await storedProduct('bev-1001', { sku: 'BEV-1001', name: 'Sparkling Water, Lime', imagePath: '' });
});

describe('saveProduct and deleteProduct access', () => {
  const attempts = [
    ['saveProduct (create)', () => productInput({ sku: 'NEW-1' })],
    ['saveProduct (update)', () => productInput({ id: 'bev-1001', sku: 'BEV-1001', price: 1 })],
    ['deleteProduct', () => ({ id: 'bev-1001' })],
  ] as const;

  for (const [label, payload] of attempts) {
    const callable = label.split(' ')[0]!;
    it(`refuses a shopper calling ${label} and changes nothing`, async () => {
      const before = await collectionSnapshot('products');
      expect(await callError(actors.shopper.call(callable, payload()))).toMatchObject({ code: 'permission-denied' });
      expect(await collectionSnapshot('products')).toEqual(before);
    });

    it(`refuses a guest calling ${label} and changes nothing`, async () => {
      const before = await collectionSnapshot('products');
      expect(await callError(actors.guest.call(callable, payload()))).toMatchObject({ code: 'permission-denied' });
      expect(await collectionSnapshot('products')).toEqual(before);
    });
  }

  it('refuses a shopper whose client claims an admin role it does not have', async () => {
    // The role lives in the profile, which a client cannot set; any payload field is ignored.
    expect(await callError(actors.shopper.call('saveProduct', { ...productInput(), role: 'admin' }))).toMatchObject({ code: 'permission-denied' });
  });
});

describe('saveProduct validation', () => {
  const invalid: Array<[field: string, value: unknown, message: string]> = [
    ['name', 'x', 'Name must be at least 2 characters.'],
    ['sku', 'bad sku!', 'SKU must be 2 to 32 letters'],
    ['category', 'Weapons', 'Choose a category from the list.'],
    ['price', 0, 'Price must be at least $0.01.'],
    ['price', 12.5, 'Price must be a whole number of cents.'],
    ['price', '1899', 'Price must be an amount such as 18.99.'],
    ['unit', '', 'Unit is required'],
    ['packSize', 0, 'Pack size must be at least 1.'],
    ['minOrderQty', 3, 'Minimum order quantity must be a multiple of the pack size (2).'],
    ['stock', -1, 'Stock must be at least 0.'],
    ['active', 'yes', 'Active must be true or false.'],
    ['backorderable', 'yes', 'Backorderable must be true or false.'],
    ['restockDate', '12/9/2026', 'Restock date must be a date such as 2026-12-09 (or empty).'],
    ['restockDate', '2026-02-30', 'Restock date must be a date such as 2026-12-09 (or empty).'],
    ['tiers', [{ minQty: 1, price: 100 }], 'Tier quantity must be at least 2.'],
    ['tiers', [{ minQty: 10, price: 9999 }], 'Tier 1 price must be lower than the price before it.'],
    ['imageUrl', 'javascript:alert(1)', 'Image URL must start with https://'],
    ['imagePath', '../secrets.txt', 'Image path must be a file under products/.'],
  ];

  for (const [field, value, message] of invalid) {
    it(`refuses ${field} = ${JSON.stringify(value)} with a message about ${field}, writing nothing`, async () => {
      const before = await collectionSnapshot('products');
      const payload = { ...productInput({ packSize: 2, minOrderQty: 2 }), [field]: value };
      const error = await callError(actors.admin.call('saveProduct', payload));
      expect(error.code).toBe('invalid-argument');
      expect(error.message.startsWith(`${field}`)).toBe(true);
      expect(error.message).toContain(message);
      expect(await collectionSnapshot('products')).toEqual(before);
    });
  }

  it('refuses unknown fields such as searchTokens (the server computes them)', async () => {
    const error = await callError(actors.admin.call('saveProduct', { ...productInput(), searchTokens: ['free'] }));
    expect(error.code).toBe('invalid-argument');
  });

  it('answers not-found when updating a product that does not exist', async () => {
    const error = await callError(actors.admin.call('saveProduct', productInput({ id: 'no-such-product' })));
    expect(error).toMatchObject({ code: 'not-found' });
    expect((await adminDb.doc('products/no-such-product').get()).exists).toBe(false);
  });
});

describe('saveProduct writes', () => {
  it('creates a product with an id from its SKU, search tokens, currency and timestamps', async () => {
    const input = productInput({ name: 'Chocolate Chip Cookies', sku: 'snk-2040', brand: 'Bayside', category: 'Snacks' });
    const { id } = await actors.admin.call<{ id: string }>('saveProduct', input);
    expect(id).toBe('snk-2040');
    const stored = (await adminDb.doc(`products/${id}`).get()).data()!;
    expect(stored).toMatchObject({ name: 'Chocolate Chip Cookies', sku: 'SNK-2040', currency: 'USD', price: input.price });
    expect(stored.searchTokens).toEqual(productSearchTokens({ ...input, sku: 'SNK-2040' }));
    expect(stored.searchTokens).toEqual(expect.arrayContaining(['choc', 'cookies', 'bayside', 'snk', '2040', 'snk2040']));
    expect(stored.createdAt.toMillis()).toBeGreaterThan(Date.now() - 60_000);
    expect(stored.updatedAt.toMillis()).toBeGreaterThan(Date.now() - 60_000);
    expect((await adminDb.doc('skus/SNK-2040').get()).data()).toEqual({ productId: 'snk-2040' });
  });

  it('updates a product, recomputes its tokens and keeps its creation date', async () => {
    const createdAt = (await adminDb.doc('products/bev-1001').get()).get('createdAt');
    await actors.admin.call('saveProduct', productInput({ id: 'bev-1001', sku: 'BEV-1001', name: 'Tonic Water', active: false }));
    const stored = (await adminDb.doc('products/bev-1001').get()).data()!;
    expect(stored).toMatchObject({ name: 'Tonic Water', active: false });
    expect(stored.createdAt).toEqual(createdAt);
    expect(stored.searchTokens).toContain('tonic');
    expect(stored.searchTokens).not.toContain('sparkling');
  });

  it('stores backorders and the restock date, off and empty unless given, and audits their change', async () => {
    const { id } = await actors.admin.call<{ id: string }>('saveProduct', productInput({ sku: 'BACK-1' }));
    expect((await adminDb.doc(`products/${id}`).get()).data()).toMatchObject({ backorderable: false, restockDate: '', backordered: 0 });
    await actors.admin.call('saveProduct', productInput({ id, sku: 'BACK-1', backorderable: true, restockDate: '2026-12-09', expectedStock: 40 }));
    expect((await adminDb.doc(`products/${id}`).get()).data()).toMatchObject({ backorderable: true, restockDate: '2026-12-09' });
    const audit = await adminDb.collection('auditLog').where('target', '==', `products/${id}`).where('action', '==', 'product.update').get();
    expect(audit.docs.map((entry) => entry.get('changes'))).toEqual([
      expect.arrayContaining([
        { field: 'backorderable', from: false, to: true },
        { field: 'restockDate', from: '', to: '2026-12-09' },
      ]),
    ]);
  });

  it('keeps the units a product owes to open orders: an editor can neither send nor overwrite them', async () => {
    await storedProduct('owed-1', { sku: 'OWED-1', stock: 0, backorderable: true });
    await adminDb.doc('products/owed-1').update({ backordered: 15 });
    expect(await callError(actors.admin.call('saveProduct', { ...productInput({ id: 'owed-1', sku: 'OWED-1', stock: 0, backorderable: true }), backordered: 0 }))).toMatchObject({ code: 'invalid-argument' });
    await actors.admin.call('saveProduct', productInput({ id: 'owed-1', sku: 'OWED-1', stock: 0, expectedStock: 0, backorderable: true, restockDate: '2027-01-12' }));
    expect((await adminDb.doc('products/owed-1').get()).data()).toMatchObject({ backordered: 15, restockDate: '2027-01-12' });
  });

  it('moves the SKU lock when a product changes its SKU, freeing the old SKU', async () => {
    const { id } = await actors.admin.call<{ id: string }>('saveProduct', productInput({ sku: 'OLD-1' }));
    await actors.admin.call('saveProduct', productInput({ id, sku: 'NEW-2' }));
    expect((await adminDb.doc('skus/OLD-1').get()).exists).toBe(false);
    expect((await adminDb.doc('skus/NEW-2').get()).get('productId')).toBe(id);
    // The product keeps its id "old-1", so the new holder of OLD-1 gets a suffixed id.
    await expect(actors.admin.call('saveProduct', productInput({ sku: 'OLD-1' }))).resolves.toMatchObject({ id: expect.stringMatching(/^old-1-/) });
  });

  it('gives a new product a fresh id when its SKU-based id is taken', async () => {
    await storedProduct('dup-7', { sku: 'OTHER-7' });
    const { id } = await actors.admin.call<{ id: string }>('saveProduct', productInput({ sku: 'DUP-7' }));
    expect(id).toMatch(/^dup-7-[0-9a-f]{6}$/);
    expect((await adminDb.doc('products/dup-7').get()).get('sku')).toBe('OTHER-7');
  });
});

describe('SKU uniqueness', () => {
  it('refuses a new product with a SKU already in use (even one written without a lock), naming the SKU', async () => {
    const before = await collectionSnapshot('products');
    const error = await callError(actors.admin.call('saveProduct', productInput({ sku: 'bev-1001' })));
    expect(error.code).toBe('already-exists');
    // The web SDK appends the HTTP status, e.g. " [409]".
    expect(error.message).toMatch(/^SKU BEV-1001 is already used by "Sparkling Water, Lime"\./);
    expect(await collectionSnapshot('products')).toEqual(before);
  });

  it('refuses changing a product to another product\'s SKU', async () => {
    const { id } = await actors.admin.call<{ id: string }>('saveProduct', productInput({ sku: 'MINE-1' }));
    const error = await callError(actors.admin.call('saveProduct', productInput({ id, sku: 'BEV-1001' })));
    expect(error.code).toBe('already-exists');
    expect((await adminDb.doc(`products/${id}`).get()).get('sku')).toBe('MINE-1');
  });

  it('lets only one of two concurrent saves claim a SKU', async () => {
    const results = await Promise.allSettled([
      actors.admin.call('saveProduct', productInput({ sku: 'RACE-1', name: 'First' })),
      actors.admin.call('saveProduct', productInput({ sku: 'RACE-1', name: 'Second' })),
      actors.admin.call('saveProduct', productInput({ sku: 'RACE-1', name: 'Third' })),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const holders = await adminDb.collection('products').where('sku', '==', 'RACE-1').get();
    expect(holders.size).toBe(1);
  });
});

describe('deleteProduct', () => {
  it('deletes the product and frees its SKU', async () => {
    const { id } = await actors.admin.call<{ id: string }>('saveProduct', productInput({ sku: 'GONE-1' }));
    await actors.admin.call('deleteProduct', { id });
    expect((await adminDb.doc(`products/${id}`).get()).exists).toBe(false);
    expect((await adminDb.doc('skus/GONE-1').get()).exists).toBe(false);
  });

  it('answers not-found for an unknown id', async () => {
    expect(await callError(actors.admin.call('deleteProduct', { id: 'nope' }))).toMatchObject({ code: 'not-found' });
  });

  it('refuses a malformed id', async () => {
    expect(await callError(actors.admin.call('deleteProduct', { id: 'a/b' }))).toMatchObject({ code: 'invalid-argument' });
    expect(await callError(actors.admin.call('deleteProduct', {}))).toMatchObject({ code: 'invalid-argument' });
  });
});

describe('SKU locks', () => {
  it('are readable and writable by no client, not even an admin', async () => {
    const { doc, getDoc, setDoc } = await import('firebase/firestore');
    await actors.admin.call('saveProduct', productInput({ sku: 'LOCK-1' }));
    await expect(getDoc(doc(actors.admin.db, 'skus/LOCK-1'))).rejects.toMatchObject({ code: 'permission-denied' });
    await expect(setDoc(doc(actors.shopper.db, 'skus/FREE-1'), { productId: 'x' })).rejects.toMatchObject({ code: 'permission-denied' });
  });
});
