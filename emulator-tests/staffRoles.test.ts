/**
 * Back-office roles (domain/src/staff.ts): every staff callable is allowed exactly to the roles the
 * table gives it, each allowed write leaves exactly one audit entry and a refused one none; the
 * rules let each role read exactly its part of the back office; roles are given by admins only,
 * never to oneself, and the last admin keeps the role.
 */
import { collection, doc, getDoc, getDocs, query, setDoc, where } from 'firebase/firestore';
import { FieldValue } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '@harbor/domain';
import { orderItem, productInput, storedOrder, storedProduct } from './adminFixtures';
import { adminDb, approvedCompanyFields, callError, clearFirestore, webClient, type TestClient } from './harness';

type Actor = StaffRole | 'customer';
const ACTORS: Actor[] = ['admin', 'sales', 'warehouse', 'finance', 'customer'];
const clients = {} as Record<Actor, TestClient>;
let sequence = 0;
const next = (prefix: string) => `${prefix}-${sequence++}`;

beforeAll(async () => {
  await clearFirestore();
  for (const actor of ACTORS) {
    clients[actor] = await webClient(`${actor}-${Date.now()}@harbor.test`);
    await adminDb.doc(`users/${clients[actor].uid}`).set({ name: `Test ${actor}`, email: `${actor}@harbor.test`, ...(actor === 'customer' ? {} : { role: actor }) });
  }
  await adminDb.doc('companies/assigned').set({ ...approvedCompanyFields, name: 'Assigned Co', members: { [clients.customer.uid]: 'owner' }, salesRepUid: clients.sales.uid });
  await adminDb.doc('companies/assigned/private/pricing').set({ discountBasisPoints: 100, fixedPrices: {} });
  await adminDb.doc('companies/other').set({ ...approvedCompanyFields, name: 'Other Co', members: {}, salesRepUid: '' });
  await adminDb.doc('companies/other/private/pricing').set({ discountBasisPoints: 0, fixedPrices: {} });
  await adminDb.doc('companies/spare').set({ ...approvedCompanyFields, name: 'Spare Co', members: {}, salesRepUid: '' });
  await adminDb.doc('companies/other/history/h1').set({ at: new Date(), by: 'x', field: 'status', to: 'approved' });
  await adminDb.doc('auditLog/seeded').set({ action: 'product.update', target: 'products/p', summary: 'seeded' });
}, 60_000);

afterAll(async () => {
  await Promise.all(Object.values(clients).map((client) => client.close()));
});

async function auditCount(): Promise<number> {
  return (await adminDb.collection('auditLog').count().get()).data().count;
}

/** An order of a company, pending and unpaid, placed by the customer. */
async function orderOf(companyId: string, status: 'pending' | 'processing' = 'pending'): Promise<string> {
  const id = next('order');
  await storedOrder(id, { userId: clients.customer.uid, status, items: [orderItem('p1', 1)] });
  await adminDb.doc(`orders/${id}`).update({ companyId, paymentStatus: 'unpaid' });
  return id;
}

interface StaffCall {
  name: string;
  /** The roles the table allows. */
  allowed: Actor[];
  /** The call, with its arranged data, as `actor` makes it. */
  call(actor: Actor): Promise<unknown>;
  /** The audit action an allowed call records; none for a read. */
  audit?: string;
}

const STAFF_CALLS: StaffCall[] = [
  { name: 'saveProduct (a new product)', allowed: ['admin'], audit: 'product.create', call: (actor) => clients[actor].call('saveProduct', productInput({ sku: next('SKU').toUpperCase() })) },
  {
    name: 'deleteProduct',
    allowed: ['admin'],
    audit: 'product.delete',
    call: async (actor) => {
      const id = next('gone');
      await storedProduct(id);
      return clients[actor].call('deleteProduct', { id });
    },
  },
  {
    name: 'adjustStock',
    allowed: ['admin', 'warehouse'],
    audit: 'stock.adjust',
    call: async (actor) => {
      const productId = next('stocked');
      await storedProduct(productId, { stock: 10 });
      return clients[actor].call('adjustStock', { productId, delta: -2, reason: 'Two cases damaged' });
    },
  },
  { name: 'updateOrderStatus to processing', allowed: ['admin', 'warehouse'], audit: 'order.status', call: async (actor) => clients[actor].call('updateOrderStatus', { orderId: await orderOf('other'), status: 'processing' }) },
  { name: 'updateOrderStatus to cancelled', allowed: ['admin'], audit: 'order.status', call: async (actor) => clients[actor].call('updateOrderStatus', { orderId: await orderOf('other'), status: 'cancelled' }) },
  {
    name: 'recordPayment',
    allowed: ['admin', 'finance'],
    audit: 'payment.record',
    call: (actor) => clients[actor].call('recordPayment', { companyId: 'other', requestId: next('payment-request'), amount: 100, receivedOn: '2026-11-20', method: 'check', keepCredit: true }),
  },
  { name: 'updateCompany credit limit', allowed: ['admin', 'finance'], audit: 'company.update', call: (actor) => clients[actor].call('updateCompany', { companyId: 'assigned', creditLimit: 1_000_000 + sequence++ }) },
  { name: 'updateCompany status', allowed: ['admin', 'finance'], audit: 'company.update', call: async (actor) => clients[actor].call('updateCompany', { companyId: 'other', status: (await adminDb.doc('companies/other').get()).get('status') === 'approved' ? 'on-hold' : 'approved' }) },
  { name: 'updateCompany contract prices', allowed: ['admin'], audit: 'company.update', call: async (actor) => clients[actor].call('updateCompany', { companyId: 'assigned', discountBasisPoints: Number((await adminDb.doc('companies/assigned/private/pricing').get()).get('discountBasisPoints')) + 1 }) },
  { name: 'updateCompany note of an assigned company', allowed: ['admin', 'finance', 'sales'], audit: 'company.update', call: (actor) => clients[actor].call('updateCompany', { companyId: 'assigned', note: next('Called them') }) },
  { name: 'updateCompany sales rep', allowed: ['admin'], audit: 'company.update', call: async (actor) => clients[actor].call('updateCompany', { companyId: 'spare', salesRepUid: (await adminDb.doc('companies/spare').get()).get('salesRepUid') ? '' : clients.sales.uid }) },
  {
    name: 'setStaffRole',
    allowed: ['admin'],
    audit: 'staff.role',
    call: async (actor) => {
      const user = next('recruit');
      await adminDb.doc(`users/${user}`).set({ name: 'New Hire', email: `${user}@harbor.test` });
      return clients[actor].call('setStaffRole', { uid: user, role: 'warehouse' });
    },
  },
  { name: 'getOrderDocument packing slip', allowed: ['admin', 'warehouse'], call: async (actor) => clients[actor].call('getOrderDocument', { orderId: await orderOf('other'), kind: 'packingSlip' }) },
  // The order confirmation is read under the invoice's permission, and exists before the order ships.
  { name: 'getOrderDocument confirmation of an unassigned company', allowed: ['admin', 'finance'], call: async (actor) => clients[actor].call('getOrderDocument', { orderId: await orderOf('other'), kind: 'confirmation' }) },
];

describe('staff callables by role', () => {
  for (const staffCall of STAFF_CALLS) {
    it(`${staffCall.name}: allowed to ${staffCall.allowed.join(', ')} only, with one audit entry each`, async () => {
      for (const actor of ACTORS.filter((candidate) => candidate !== 'customer' || !staffCall.name.startsWith('getOrderDocument'))) {
        const before = await auditCount();
        if (staffCall.allowed.includes(actor)) {
          await staffCall.call(actor);
          const entries = await adminDb.collection('auditLog').where('actor.uid', '==', clients[actor].uid).where('action', '==', staffCall.audit ?? '-').get();
          expect(await auditCount(), `${actor} ${staffCall.name}`).toBe(before + (staffCall.audit ? 1 : 0));
          if (staffCall.audit) expect(entries.docs.some((entry) => entry.get('actor.role') === actor && String(entry.get('summary')).length > 0)).toBe(true);
        } else {
          const error = await callError(staffCall.call(actor));
          expect([error.code, actor]).toEqual([staffCall.name.includes('unassigned') || staffCall.name.includes('packing') ? expect.stringMatching(/permission-denied|not-found/) : 'permission-denied', actor]);
          expect(await auditCount(), `${actor} ${staffCall.name}`).toBe(before);
        }
      }
    }, 120_000);
  }
});

describe('what an audit entry says', () => {
  it('a price change records who, the field from and to, and the request; a refused one changes nothing', async () => {
    await storedProduct('audited', { sku: 'AUD-1', price: 1450 });
    await adminDb.doc('skus/AUD-1').set({ productId: 'audited' });
    const stored = (await adminDb.doc('products/audited').get()).data()!;
    await clients.admin.call('saveProduct', { ...productInput({ sku: 'AUD-1', price: 1500, stock: stored.stock as number }), id: 'audited' });
    const [entry] = (await adminDb.collection('auditLog').where('target', '==', 'products/audited').get()).docs;
    expect(entry!.data()).toMatchObject({ action: 'product.update', actor: { uid: clients.admin.uid, name: 'Test admin', role: 'admin' }, targetKind: 'products' });
    expect(entry!.get('changes')).toContainEqual({ field: 'price', from: 1450, to: 1500 });
    expect(entry!.get('requestId')).toEqual(expect.any(String));

    const error = await callError(clients.warehouse.call('saveProduct', { ...productInput({ sku: 'AUD-1', price: 1 }), id: 'audited' }));
    expect(error).toEqual({ code: 'permission-denied', message: 'Your role in the back office may not do this.' });
    expect((await adminDb.doc('products/audited').get()).get('price')).toBe(1500);
  });

  it('the warehouse cannot take more stock than there is, and a sales rep sees an unassigned company as missing', async () => {
    await storedProduct('few', { stock: 3 });
    expect(await callError(clients.warehouse.call('adjustStock', { productId: 'few', delta: -5, reason: 'Recount' }))).toEqual({
      code: 'failed-precondition',
      message: 'Only 3 units are in stock: at most 3 can be removed.',
    });
    expect(await callError(clients.sales.call('updateCompany', { companyId: 'other', note: 'Mine now' }))).toEqual({ code: 'not-found', message: 'There is no company other.' });
    expect(await callError(clients.sales.call('getOrderDocument', { orderId: await orderOf('other'), kind: 'confirmation' }))).toMatchObject({ code: 'not-found' });
    await clients.sales.call('getOrderDocument', { orderId: await orderOf('assigned'), kind: 'confirmation' });
  });
});

describe('setStaffRole', () => {
  it('refuses a change of one’s own role, gives and takes roles, and no one but an admin gives any', async () => {
    expect(await callError(clients.admin.call('setStaffRole', { uid: clients.admin.uid, role: null }))).toEqual({
      code: 'failed-precondition',
      message: 'You cannot change your own role. Ask another administrator.',
    });
    const hire = await webClient(`hire-${Date.now()}@harbor.test`);
    await adminDb.doc(`users/${hire.uid}`).set({ name: 'New Hire', email: 'hire@harbor.test' });
    await clients.admin.call('setStaffRole', { uid: hire.uid, role: 'warehouse' });
    expect((await adminDb.doc(`users/${hire.uid}`).get()).get('role')).toBe('warehouse');
    await clients.admin.call('setStaffRole', { uid: hire.uid, role: null });
    expect((await adminDb.doc(`users/${hire.uid}`).get()).get('role')).toBeUndefined();
    for (const actor of ['finance', 'customer'] as const) {
      expect(await callError(clients[actor].call('setStaffRole', { uid: clients[actor].uid, role: 'admin' }))).toMatchObject({ code: 'permission-denied' });
    }
    await hire.close();
  });

  it('keeps an administrator when the last two take each other’s role at once', async () => {
    const [admins] = await Promise.all([adminDb.collection('users').where('role', '==', 'admin').get()]);
    expect(admins.size).toBe(1);
    const second = await webClient(`second-admin-${Date.now()}@harbor.test`);
    await adminDb.doc(`users/${second.uid}`).set({ name: 'Second Admin', email: 'second@harbor.test', role: 'admin' });
    const results = await Promise.allSettled([
      clients.admin.call('setStaffRole', { uid: second.uid, role: null }),
      second.call('setStaffRole', { uid: clients.admin.uid, role: null }),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const left = await adminDb.collection('users').where('role', '==', 'admin').get();
    expect(left.size).toBe(1);
    await adminDb.doc(`users/${clients.admin.uid}`).update({ role: 'admin' });
    await adminDb.doc(`users/${second.uid}`).update({ role: FieldValue.delete() });
    await second.close();
  });
});

/** Whether a read by `actor` is allowed by the rules. */
async function mayRead(actor: Actor, read: (client: TestClient) => Promise<unknown>): Promise<boolean> {
  return read(clients[actor]).then(
    () => true,
    (error: { code?: string }) => {
      if (error.code !== 'permission-denied') throw error;
      return false;
    },
  );
}

describe('back-office reads by role (rules)', () => {
  let assignedOrder = '';
  let otherOrder = '';
  beforeAll(async () => {
    assignedOrder = await orderOf('assigned');
    otherOrder = await orderOf('other');
    await storedProduct('hidden', { active: false });
  });

  const READS: { name: string; allowed: Actor[]; read: (client: TestClient) => Promise<unknown> }[] = [
    { name: 'an order of an assigned company', allowed: ['admin', 'sales', 'warehouse', 'finance', 'customer'], read: (client) => getDoc(doc(client.db, `orders/${assignedOrder}`)) },
    { name: 'an order of an unassigned company', allowed: ['admin', 'warehouse', 'finance', 'customer'], read: (client) => getDoc(doc(client.db, `orders/${otherOrder}`)) },
    { name: "an assigned company's orders", allowed: ['admin', 'sales', 'warehouse', 'finance', 'customer'], read: (client) => getDocs(query(collection(client.db, 'orders'), where('companyId', '==', 'assigned'))) },
    { name: "an unassigned company's orders", allowed: ['admin', 'warehouse', 'finance'], read: (client) => getDocs(query(collection(client.db, 'orders'), where('companyId', '==', 'other'))) },
    { name: 'every order', allowed: ['admin', 'warehouse', 'finance'], read: (client) => getDocs(collection(client.db, 'orders')) },
    { name: 'an assigned company', allowed: ['admin', 'sales', 'finance', 'customer'], read: (client) => getDoc(doc(client.db, 'companies/assigned')) },
    { name: 'an unassigned company', allowed: ['admin', 'finance'], read: (client) => getDoc(doc(client.db, 'companies/other')) },
    { name: 'the companies assigned to the caller', allowed: ['admin', 'sales', 'finance'], read: (client) => getDocs(query(collection(client.db, 'companies'), where('salesRepUid', '==', clients.sales.uid))) },
    { name: 'every company', allowed: ['admin', 'finance'], read: (client) => getDocs(collection(client.db, 'companies')) },
    { name: "an assigned company's contract prices", allowed: ['admin', 'sales', 'finance', 'customer'], read: (client) => getDoc(doc(client.db, 'companies/assigned/private/pricing')) },
    { name: "an unassigned company's contract prices", allowed: ['admin', 'finance'], read: (client) => getDoc(doc(client.db, 'companies/other/private/pricing')) },
    { name: "an unassigned company's history", allowed: ['admin', 'finance'], read: (client) => getDocs(collection(client.db, 'companies/other/history')) },
    { name: 'an inactive product', allowed: ['admin', 'warehouse'], read: (client) => getDoc(doc(client.db, 'products/hidden')) },
    { name: 'the audit log', allowed: ['admin'], read: (client) => getDocs(collection(client.db, 'auditLog')) },
    {
      name: "a company's audit entries",
      allowed: ['admin', 'finance'],
      read: (client) => getDocs(query(collection(client.db, 'auditLog'), where('targetKind', '==', 'companies'), where('target', '==', 'companies/assigned'))),
    },
    {
      name: "a product's audit entries",
      allowed: ['admin'],
      read: (client) => getDocs(query(collection(client.db, 'auditLog'), where('targetKind', '==', 'products'), where('target', '==', 'products/audited'))),
    },
    { name: 'every user', allowed: ['admin'], read: (client) => getDocs(collection(client.db, 'users')) },
  ];

  for (const { name, allowed, read } of READS) {
    it(`${name}: ${allowed.join(', ')}`, async () => {
      const results = await Promise.all(ACTORS.map(async (actor) => [actor, await mayRead(actor, read)] as const));
      expect(Object.fromEntries(results)).toEqual(Object.fromEntries(ACTORS.map((actor) => [actor, allowed.includes(actor)])));
    });
  }

  it('no one writes the audit log, admins included, nor gives itself a role', async () => {
    for (const actor of ACTORS) {
      await expect(setDoc(doc(clients[actor].db, 'auditLog/forged'), { action: 'product.update' }), actor).rejects.toMatchObject({ code: 'permission-denied' });
      const otherRole = actor === 'admin' ? 'sales' : 'admin';
      await expect(setDoc(doc(clients[actor].db, `users/${clients[actor].uid}`), { name: 'Me', role: otherRole }, { merge: true }), actor).rejects.toMatchObject({ code: 'permission-denied' });
    }
  });
});
