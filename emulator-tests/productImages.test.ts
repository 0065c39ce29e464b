import { getApps } from 'firebase-admin/app';
import { getStorage } from 'firebase-admin/storage';
import { beforeEach, describe, expect, it } from 'vitest';
import { productInput, storedProduct, useActors } from './adminFixtures';
import { adminDb, PROJECT_ID } from './harness';
import { storageRuns, storageSuite } from './storageGate';

describe.skipIf(!storageRuns)(storageSuite('stored product images'), () => {
  const actors = useActors();
  // The bucket the functions emulator's Admin SDK uses by default.
  const bucket = () => getStorage(getApps()[0]).bucket(`${PROJECT_ID}.appspot.com`);
  const exists = async (path: string) => (await bucket().file(path).exists())[0];
  const upload = (path: string) => bucket().file(path).save(Buffer.from([0x89, 0x50, 0x4e, 0x47]), { contentType: 'image/png' });

  beforeEach(async () => {
    await Promise.all((await adminDb.collection('products').listDocuments()).map((ref) => ref.delete()));
  });

  it('deleteProduct removes the product\'s uploaded image', async () => {
    await upload('products/crate.png');
    await storedProduct('crate', { sku: 'CRATE-1', imagePath: 'products/crate.png' });
    await actors.admin.call('deleteProduct', { id: 'crate' });
    expect(await exists('products/crate.png')).toBe(false);
  });

  it('deleteProduct succeeds when the image is already gone', async () => {
    await storedProduct('crate', { sku: 'CRATE-1', imagePath: 'products/missing.png' });
    await expect(actors.admin.call('deleteProduct', { id: 'crate' })).resolves.toEqual({ id: 'crate' });
  });

  it('saveProduct removes the image a new one replaced, but keeps one another product still shows', async () => {
    await Promise.all([upload('products/old.png'), upload('products/shared.png')]);
    const { id } = await actors.admin.call<{ id: string }>('saveProduct', productInput({ sku: 'IMG-1', imagePath: 'products/old.png' }));
    await actors.admin.call('saveProduct', productInput({ id, sku: 'IMG-1', imagePath: 'products/shared.png' }));
    expect(await exists('products/old.png')).toBe(false);
    await storedProduct('other', { sku: 'IMG-2', imagePath: 'products/shared.png' });
    await actors.admin.call('deleteProduct', { id });
    expect(await exists('products/shared.png')).toBe(true);
  });
});
