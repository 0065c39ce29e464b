import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { deleteDoc, doc, getDoc, serverTimestamp, setDoc, updateDoc } from 'firebase/firestore';
import { describe, it } from 'vitest';
import { useRulesEnvironment } from './harness';

const address = { line1: '1 Dock St', line2: '', city: 'Portland', region: 'ME', postalCode: '04101', country: 'US' };
const profile = { name: 'Alice', email: 'alice@example.com', company: 'Alice Co', phone: '', shippingAddress: address };
const cartLine = { id: 'bev-1001', price: 1899, quantity: 1, name: 'Water', sku: 'BEV-1001', imageUrl: '', unit: 'case', minOrderQty: 1, packSize: 1 };

const env = useRulesEnvironment({
  'users/alice': profile,
  'users/bob': { ...profile, name: 'Bob', email: 'bob@example.com' },
  'users/admin': { ...profile, name: 'Ada', role: 'admin' },
  'carts/alice': { items: [cartLine] },
  'carts/bob': { items: [cartLine] },
});

const as = (uid: string) => env().authenticatedContext(uid).firestore();

describe('users rules', () => {
  it('lets a user read and edit its own profile', async () => {
    await assertSucceeds(getDoc(doc(as('alice'), 'users/alice')));
    await assertSucceeds(updateDoc(doc(as('alice'), 'users/alice'), { company: 'Alice Trading', updatedAt: serverTimestamp() }));
  });

  it('lets a new user create its own profile without a role', async () => {
    await assertSucceeds(setDoc(doc(as('carol'), 'users/carol'), { ...profile, name: 'Carol', createdAt: serverTimestamp() }));
  });

  it("refuses reading or writing another user's profile", async () => {
    await assertFails(getDoc(doc(as('bob'), 'users/alice')));
    await assertFails(updateDoc(doc(as('bob'), 'users/alice'), { name: 'Hacked' }));
    await assertFails(setDoc(doc(as('bob'), 'users/dave'), profile));
    await assertFails(getDoc(doc(env().unauthenticatedContext().firestore(), 'users/alice')));
  });

  it('refuses a user giving itself the admin role, at create or update', async () => {
    await assertFails(setDoc(doc(as('carol'), 'users/carol'), { ...profile, role: 'admin' }));
    await assertFails(updateDoc(doc(as('alice'), 'users/alice'), { role: 'admin' }));
    await assertFails(setDoc(doc(as('alice'), 'users/alice'), { ...profile, role: 'admin' }));
  });

  it('refuses an admin removing its own role and any user deleting a profile', async () => {
    await assertFails(setDoc(doc(as('admin'), 'users/admin'), profile));
    await assertFails(deleteDoc(doc(as('alice'), 'users/alice')));
  });

  it('refuses fields of the wrong type or unknown fields', async () => {
    await assertFails(updateDoc(doc(as('alice'), 'users/alice'), { name: 42 }));
    await assertFails(updateDoc(doc(as('alice'), 'users/alice'), { isVip: true }));
    await assertFails(updateDoc(doc(as('alice'), 'users/alice'), { name: 'x'.repeat(101) }));
  });

  it('lets an admin read any profile', async () => {
    await assertSucceeds(getDoc(doc(as('admin'), 'users/alice')));
  });
});

describe('carts rules', () => {
  it('lets the owner read and write its cart', async () => {
    await assertSucceeds(getDoc(doc(as('alice'), 'carts/alice')));
    await assertSucceeds(setDoc(doc(as('alice'), 'carts/alice'), { items: [cartLine, { ...cartLine, id: 'b' }], updatedAt: serverTimestamp() }));
  });

  it("refuses reading or writing another user's cart", async () => {
    await assertFails(getDoc(doc(as('bob'), 'carts/alice')));
    await assertFails(setDoc(doc(as('bob'), 'carts/alice'), { items: [] }));
    await assertFails(getDoc(doc(env().unauthenticatedContext().firestore(), 'carts/alice')));
  });

  it('refuses a cart of the wrong shape or too many lines', async () => {
    await assertFails(setDoc(doc(as('alice'), 'carts/alice'), { items: 'everything' }));
    await assertFails(setDoc(doc(as('alice'), 'carts/alice'), { items: [cartLine], total: 0 }));
    await assertFails(setDoc(doc(as('alice'), 'carts/alice'), { items: Array.from({ length: 201 }, () => cartLine) }));
    await assertFails(setDoc(doc(as('alice'), 'carts/alice'), { items: ['not a line'] }));
  });
});
