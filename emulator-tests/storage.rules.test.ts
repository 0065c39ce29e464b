import { readFileSync } from 'node:fs';
import { assertFails, assertSucceeds, initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { doc, setDoc } from 'firebase/firestore';
import { deleteObject, getBytes, listAll, ref, uploadBytes } from 'firebase/storage';
import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';
import { PRODUCT_IMAGE_RULES } from '@harbor/domain';
import { firestoreHost, PROJECT_ID } from './harness';
import { storageRuns, storageSuite } from './storageGate';


const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const image = { contentType: 'image/png' };

describe.skipIf(!storageRuns)(storageSuite('storage rules'), () => {
  let env: RulesTestEnvironment;

  beforeAll(async () => {
    const [host = '127.0.0.1', port = '9198'] = (process.env.FIREBASE_STORAGE_EMULATOR_HOST ?? '').split(':');
    env = await initializeTestEnvironment({
      projectId: PROJECT_ID,
      firestore: { host: firestoreHost.host, port: firestoreHost.port, rules: readFileSync(new URL('../firestore.rules', import.meta.url), 'utf8') },
      storage: { host, port: Number(port), rules: readFileSync(new URL('../storage.rules', import.meta.url), 'utf8') },
    });
  });

  afterAll(async () => {
    await env?.cleanup();
  });

  beforeEach(async () => {
    await env.clearFirestore();
    await env.clearStorage();
    await env.withSecurityRulesDisabled(async (context) => {
      await setDoc(doc(context.firestore(), 'users/admin-1'), { name: 'Admin', role: 'admin' });
      await setDoc(doc(context.firestore(), 'users/shopper-1'), { name: 'Shopper' });
      await uploadBytes(ref(context.storage(), 'products/existing.png'), png, image);
    });
  });

  const storageOf = (uid: string | null) => (uid ? env.authenticatedContext(uid) : env.unauthenticatedContext()).storage();

  it('lets anyone, even a guest, fetch a product image', async () => {
    await assertSucceeds(getBytes(ref(storageOf(null), 'products/existing.png')));
  });

  it('lets an admin upload, replace and delete a product image', async () => {
    const storage = storageOf('admin-1');
    await assertSucceeds(uploadBytes(ref(storage, 'products/new.webp'), png, { contentType: 'image/webp' }));
    await assertSucceeds(uploadBytes(ref(storage, 'products/existing.png'), png, image));
    await assertSucceeds(deleteObject(ref(storage, 'products/existing.png')));
  });

  it('refuses a guest or a shopper writing or deleting an image', async () => {
    for (const uid of [null, 'shopper-1']) {
      await assertFails(uploadBytes(ref(storageOf(uid), 'products/planted.png'), png, image));
      await assertFails(uploadBytes(ref(storageOf(uid), 'products/existing.png'), png, image));
      await assertFails(deleteObject(ref(storageOf(uid), 'products/existing.png')));
    }
  });

  it('refuses a user who only claims admin in a token, without the profile role', async () => {
    const storage = env.authenticatedContext('someone', { role: 'admin' }).storage();
    await assertFails(uploadBytes(ref(storage, 'products/claimed.png'), png, image));
  });

  it('refuses an admin uploading something other than an image', async () => {
    const storage = storageOf('admin-1');
    await assertFails(uploadBytes(ref(storage, 'products/page.html'), png, { contentType: 'text/html' }));
    await assertFails(uploadBytes(ref(storage, 'products/vector.svg'), png, { contentType: 'image/svg+xml' }));
  });

  it('refuses an image above the size bound and accepts one at it', async () => {
    const storage = storageOf('admin-1');
    await assertSucceeds(uploadBytes(ref(storage, 'products/at-limit.png'), new Uint8Array(PRODUCT_IMAGE_RULES.maxBytes), image));
    await assertFails(uploadBytes(ref(storage, 'products/too-big.png'), new Uint8Array(PRODUCT_IMAGE_RULES.maxBytes + 1), image));
  });

  it('refuses writes outside products/ and listing by non-admins', async () => {
    await assertFails(uploadBytes(ref(storageOf('admin-1'), 'elsewhere/file.png'), png, image));
    await assertFails(listAll(ref(storageOf('shopper-1'), 'products')));
    await assertSucceeds(listAll(ref(storageOf('admin-1'), 'products')));
  });
});
