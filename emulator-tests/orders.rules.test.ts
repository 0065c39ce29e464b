import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, orderBy, query, setDoc, updateDoc, where } from 'firebase/firestore';
import { describe, it } from 'vitest';
import { useRulesEnvironment } from './harness';

const order = (userId: string) => ({ userId, status: 'pending', total: 12000, items: [], createdAt: new Date('2026-03-01T10:00:00Z') });

const env = useRulesEnvironment({
  'orders/alice-1': order('alice'),
  'orders/bob-1': order('bob'),
  'users/boss': { name: 'Boss', role: 'admin' },
  // carol buys for olive's company, as does dan; bea buys for bob's.
  'companies/olive-co': { name: 'Olive Co', status: 'approved', members: { olive: 'owner', carol: 'buyer', dan: 'buyer' } },
  'companies/bob-co': { name: 'Bob Co', status: 'approved', members: { bob: 'owner', bea: 'buyer' } },
  'orders/carol-1': { ...order('carol'), companyId: 'olive-co', status: 'partially-shipped', shipmentCount: 1 },
  'orders/carol-1/shipments/1': { number: 'carol-1-1', sequence: 1, orderId: 'carol-1', invoiceNumber: 'INV-000041', lines: [], carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
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

describe("orders rules: an order's shipments", () => {
  const shipment = (uid: string) => getDoc(doc(as(uid), 'orders/carol-1/shipments/1'));
  const shipments = (uid: string) => getDocs(query(collection(as(uid), 'orders/carol-1/shipments'), orderBy('sequence', 'asc')));

  it('lets the buyer read and list the shipments of its own order, and its company owner too', async () => {
    for (const uid of ['carol', 'olive', 'boss']) {
      await assertSucceeds(shipment(uid));
      await assertSucceeds(shipments(uid));
    }
  });

  it("refuses another company's buyer and owner, another buyer of the same company, and a signed-out visitor", async () => {
    for (const uid of ['bea', 'bob', 'dan']) {
      await assertFails(shipment(uid));
      await assertFails(shipments(uid));
    }
    await assertFails(getDoc(doc(env().unauthenticatedContext().firestore(), 'orders/carol-1/shipments/1')));
  });

  it('refuses the shipments of an order that does not exist', async () => {
    await assertFails(getDocs(collection(as('carol'), 'orders/nobody/shipments')));
  });

  it('refuses anyone writing a shipment, even of its own order (only callables ship)', async () => {
    await assertFails(setDoc(doc(as('carol'), 'orders/carol-1/shipments/2'), { number: 'carol-1-2', sequence: 2, lines: [] }));
    await assertFails(updateDoc(doc(as('carol'), 'orders/carol-1/shipments/1'), { trackingNumber: '1Z000' }));
    await assertFails(deleteDoc(doc(as('boss'), 'orders/carol-1/shipments/1')));
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
