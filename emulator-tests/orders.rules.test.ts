import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, orderBy, query, setDoc, updateDoc, where } from 'firebase/firestore';
import { describe, it } from 'vitest';
import { useRulesEnvironment } from './harness';

const order = (userId: string) => ({ userId, status: 'pending', total: 12000, items: [], createdAt: new Date('2026-03-01T10:00:00Z') });

const env = useRulesEnvironment({
  'orders/alice-1': order('alice'),
  'orders/bob-1': order('bob'),
  'users/boss': { name: 'Boss', role: 'admin' },
});

const as = (uid: string) => env().authenticatedContext(uid).firestore();

describe('orders rules: reading', () => {
  it('lets a shopper read its own order', async () => {
    await assertSucceeds(getDoc(doc(as('alice'), 'orders/alice-1')));
  });

  it("refuses a shopper another shopper's order, and an order that does not exist", async () => {
    await assertFails(getDoc(doc(as('alice'), 'orders/bob-1')));
    await assertFails(getDoc(doc(as('alice'), 'orders/nobody')));
  });

  it('refuses a signed-out visitor any order', async () => {
    await assertFails(getDoc(doc(env().unauthenticatedContext().firestore(), 'orders/alice-1')));
  });

  it('lets a shopper list its own orders newest first, and no one else', async () => {
    const own = query(collection(as('alice'), 'orders'), where('userId', '==', 'alice'), orderBy('createdAt', 'desc'));
    await assertSucceeds(getDocs(own));
    await assertFails(getDocs(query(collection(as('alice'), 'orders'), where('userId', '==', 'bob'))));
    await assertFails(getDocs(collection(as('alice'), 'orders')));
  });

  it('lets an administrator read and list every order', async () => {
    await assertSucceeds(getDoc(doc(as('boss'), 'orders/bob-1')));
    await assertSucceeds(getDocs(collection(as('boss'), 'orders')));
  });
});

describe('orders rules: no client writes', () => {
  it('refuses a shopper creating an order, even its own', async () => {
    await assertFails(setDoc(doc(as('alice'), 'orders/alice-2'), order('alice')));
  });

  it('refuses a shopper changing or deleting its own order', async () => {
    await assertFails(updateDoc(doc(as('alice'), 'orders/alice-1'), { status: 'delivered' }));
    await assertFails(updateDoc(doc(as('alice'), 'orders/alice-1'), { total: 1 }));
    await assertFails(deleteDoc(doc(as('alice'), 'orders/alice-1')));
  });

  it("refuses a shopper changing or deleting another shopper's order", async () => {
    await assertFails(updateDoc(doc(as('alice'), 'orders/bob-1'), { status: 'cancelled' }));
    await assertFails(deleteDoc(doc(as('alice'), 'orders/bob-1')));
  });

  it('refuses even an administrator writing orders directly (only callables do)', async () => {
    await assertFails(setDoc(doc(as('boss'), 'orders/boss-1'), order('boss')));
    await assertFails(updateDoc(doc(as('boss'), 'orders/bob-1'), { status: 'shipped' }));
    await assertFails(deleteDoc(doc(as('boss'), 'orders/bob-1')));
  });

  it('refuses a signed-out visitor creating an order', async () => {
    await assertFails(setDoc(doc(env().unauthenticatedContext().firestore(), 'orders/anon-1'), order('anon')));
  });
});
