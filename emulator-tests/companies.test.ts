import { randomUUID } from 'node:crypto';
import { collection, doc, getDoc, getDocs, query, setDoc, updateDoc, where } from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AWAITING_APPROVAL_MESSAGE, cartItemFor, expectedOrder, NO_COMPANY_MESSAGE, orderLinesFromCart, priceOrder, taxRateFor, type BuyerTerms, type CartItem, type ContractPricing, type Orderable, type PaymentMethod } from '@harbor/domain';
import { adminClient } from './adminFixtures';
import { adminDb, callError, clearFirestore, giveCompany, webClient, type TestClient } from './harness';

/** $100.00 a case, $90.00 from 10 cases. */
const crate: Orderable = {
  id: 'crate-1',
  name: 'Produce Crate',
  sku: 'CRT-1',
  unit: 'crate',
  imageUrl: '',
  price: 10_000,
  tiers: [{ minQty: 10, price: 9000 }],
  minOrderQty: 1,
  packSize: 1,
  stock: 10_000,
  active: true,
};
const catalog = new Map([[crate.id, crate]]);
const address = (region: string) => ({ line1: '1 Pier St', line2: '', city: 'Springfield', region, postalCode: '01101', country: 'United States' });

let buyer: TestClient;
let admin: TestClient;

beforeAll(async () => {
  [buyer, admin] = await Promise.all([webClient(), adminClient()]);
});
afterAll(async () => Promise.all([buyer.close(), admin.close()]));

beforeEach(async () => {
  await clearFirestore();
  const { id, ...fields } = crate;
  await adminDb.doc(`products/${id}`).set(fields);
  await adminDb.doc(`users/${admin.uid}`).set({ name: 'Test Admin', email: '', role: 'admin' });
  await adminDb.doc(`users/${buyer.uid}`).set({ name: 'Bea Buyer', email: '' });
});

interface OrderOptions {
  quantity?: number;
  region?: string;
  paymentMethod?: PaymentMethod;
  terms?: Partial<BuyerTerms>;
}

/** Puts `quantity` crates in the client's cart and places the order its checkout would show. */
async function order(client: TestClient, { quantity = 1, region = '', paymentMethod = 'invoice-net30', terms = {} }: OrderOptions = {}) {
  const cart: CartItem[] = [cartItemFor(crate, quantity)];
  await setDoc(doc(client.db, 'carts', client.uid), { items: cart });
  const expected = expectedOrder(priceOrder(orderLinesFromCart(cart), catalog, { contract: null, taxRateBasisPoints: taxRateFor(region), ...terms }));
  return client.call<{ orderId: string }>('placeOrder', { requestId: randomUUID(), shippingAddress: address(region), company: 'Co', paymentMethod, expected });
}

const companyOf = async (companyId: string) => (await adminDb.doc(`companies/${companyId}`).get()).data()!;
const orderOf = async (orderId: string) => (await adminDb.doc(`orders/${orderId}`).get()).data()!;

describe('approval', () => {
  it('registration creates a pending company owned by the caller; a retry creates no second one', async () => {
    const input = { name: 'Seaside Café', taxId: 'EIN 12-3456789', phone: '+1 207 555 0100', billingAddress: address('ME'), shippingAddress: address('ME') };
    const { companyId } = await buyer.call<{ companyId: string }>('registerCompany', input);
    expect(await buyer.call('registerCompany', { ...input, name: 'Another Co' })).toEqual({ companyId });
    expect(await companyOf(companyId)).toMatchObject({ name: 'Seaside Café', status: 'pending', paymentTerms: 'prepaid', creditLimit: 0, members: { [buyer.uid]: 'owner' } });
    expect((await adminDb.doc(`users/${buyer.uid}`).get()).get('companyId')).toBe(companyId);
    expect((await adminDb.collection('companies').get()).size).toBe(1);
    // The owner reads its application, but cannot approve it.
    expect((await getDoc(doc(buyer.db, `companies/${companyId}`))).get('status')).toBe('pending');
    await expect(updateDoc(doc(buyer.db, `companies/${companyId}`), { status: 'approved' })).rejects.toThrow(/permission/i);
  });

  it.each([
    ['pending', AWAITING_APPROVAL_MESSAGE],
    ['on-hold', 'Your company account is on hold. Please contact us at accounts@harbor.test or +1 503 555 0140 to place orders.'],
    ['rejected', 'Your company account application was not approved. Please contact us at accounts@harbor.test if your details have changed.'],
  ])('a %s company cannot order', async (status, message) => {
    await giveCompany(buyer.uid, { status });
    expect(await callError(order(buyer))).toEqual({ code: 'failed-precondition', message });
    expect((await adminDb.collection('orders').get()).size).toBe(0);
  });

  it('a user without a company cannot order', async () => {
    expect(await callError(order(buyer))).toEqual({ code: 'failed-precondition', message: NO_COMPANY_MESSAGE });
  });

  it('only an admin changes status, terms or limit, and each change is recorded with who and when', async () => {
    const companyId = await giveCompany(buyer.uid, { status: 'pending', paymentTerms: 'prepaid', creditLimit: 0 });
    expect((await callError(buyer.call('updateCompany', { companyId, status: 'approved', creditLimit: 1e8 }))).code).toBe('permission-denied');
    await admin.call('updateCompany', { companyId, status: 'approved', paymentTerms: 'net30', creditLimit: 500_000, note: 'Known to sales' });
    expect(await companyOf(companyId)).toMatchObject({ status: 'approved', paymentTerms: 'net30', creditLimit: 500_000 });
    // The note is the staff's: kept apart from the company its members read (staffNotes.test.ts).
    expect((await adminDb.doc(`companies/${companyId}/staff/notes`).get()).get('note')).toBe('Known to sales');
    const history = (await adminDb.collection(`companies/${companyId}/history`).get()).docs.map((entry) => entry.data());
    expect(history.map(({ field, from, to, by }) => ({ field, from, to, by })).sort((a, b) => a.field.localeCompare(b.field))).toEqual([
      { field: 'creditLimit', from: 0, to: 500_000, by: admin.uid },
      { field: 'paymentTerms', from: 'prepaid', to: 'net30', by: admin.uid },
      { field: 'status', from: 'pending', to: 'approved', by: admin.uid },
    ]);
    expect(history.every((entry) => entry.at)).toBe(true);
    const { orderId } = await order(buyer);
    expect(await orderOf(orderId)).toMatchObject({ companyId, placedByName: 'Bea Buyer', paymentStatus: 'unpaid' });
  });
});

describe('payment terms and credit', () => {
  it('refuses an order over the available credit, stating it, and accepts one within it', async () => {
    // $300.00 limit, $150.00 already open: $150.00 available. One crate with 8% tax is $133.00 incl. $25 shipping.
    const companyId = await giveCompany(buyer.uid, { creditLimit: 30_000, openBalance: 15_000 });
    expect(await callError(order(buyer, { quantity: 2 }))).toEqual({
      code: 'failed-precondition',
      message: 'This order of $241.00 exceeds your available credit of $150.00. Please pay open invoices, choose bank transfer or contact us.',
    });
    const { orderId } = await order(buyer);
    expect((await companyOf(companyId)).openBalance).toBe(15_000 + 13_300);
    const placed = await orderOf(orderId);
    expect(placed.dueDate.toMillis() - placed.createdAt.toMillis()).toBe(30 * 24 * 3600 * 1000);
    // Bank transfer uses no credit.
    await order(buyer, { quantity: 2, paymentMethod: 'bank-transfer' });
    expect((await companyOf(companyId)).openBalance).toBe(28_300);
  });

  it('10 concurrent orders racing for the same credit never exceed the limit', async () => {
    // Room for exactly 4 orders of $133.00.
    const companyId = await giveCompany(buyer.uid, { creditLimit: 4 * 13_300 + 100 });
    const colleagues = await Promise.all(Array.from({ length: 9 }, () => webClient()));
    try {
      await Promise.all(colleagues.map((colleague) => adminDb.doc(`users/${colleague.uid}`).set({ name: 'Colleague', companyId })));
      await adminDb.doc(`companies/${companyId}`).update(Object.fromEntries(colleagues.map((colleague) => [`members.${colleague.uid}`, 'buyer'])));
      const results = await Promise.allSettled([buyer, ...colleagues].map((client) => order(client)));
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(4);
      const orders = (await adminDb.collection('orders').get()).docs.map((snapshot) => snapshot.get('total') as number);
      const company = await companyOf(companyId);
      expect(orders.reduce((sum, total) => sum + total, 0)).toBe(company.openBalance);
      expect(company.openBalance).toBeLessThanOrEqual(company.creditLimit);
      for (const result of results) {
        if (result.status === 'rejected') expect((await callError(Promise.reject(result.reason))).message).toMatch(/exceeds your available credit of \$1\.00/);
      }
    } finally {
      await Promise.all(colleagues.map((colleague) => colleague.close()));
    }
  }, 300_000);

  it('prepaid terms allow bank transfer only', async () => {
    await giveCompany(buyer.uid, { paymentTerms: 'prepaid', creditLimit: 0 });
    expect(await callError(order(buyer))).toEqual({
      code: 'failed-precondition',
      message: "Your company's payment terms do not allow invoice, net 30 days: they are prepaid (bank transfer before shipping). Please choose bank transfer in advance.",
    });
    const { orderId } = await order(buyer, { paymentMethod: 'bank-transfer' });
    const placed = await orderOf(orderId);
    expect(placed.dueDate.toMillis()).toBe(placed.createdAt.toMillis());
  });

  it('paying the invoice and cancelling give the credit back; only payment staff mark paid, and only an invoiced order', async () => {
    const companyId = await giveCompany(buyer.uid, { creditLimit: 30_000 });
    const first = await order(buyer);
    const second = await order(buyer);
    expect((await companyOf(companyId)).openBalance).toBe(26_600);
    expect((await callError(buyer.call('markOrderPaid', { orderId: first.orderId, requestId: randomUUID() }))).code).toBe('permission-denied');
    expect(await callError(admin.call('markOrderPaid', { orderId: first.orderId, requestId: randomUUID() }))).toMatchObject({ code: 'failed-precondition' });
    await admin.call('updateOrderStatus', { orderId: first.orderId, status: 'processing' });
    await admin.call('updateOrderStatus', { orderId: first.orderId, status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
    // Invoiced, the order's amount still counts against the credit limit until it is paid.
    expect((await companyOf(companyId)).openBalance).toBe(26_600);
    const click = randomUUID();
    await admin.call('markOrderPaid', { orderId: first.orderId, requestId: click });
    await admin.call('markOrderPaid', { orderId: first.orderId, requestId: click });
    expect(await orderOf(first.orderId)).toMatchObject({ paymentStatus: 'paid', invoiceNumbers: [expect.any(Number)] });
    expect((await companyOf(companyId)).openBalance).toBe(13_300);
    await admin.call('updateOrderStatus', { orderId: second.orderId, status: 'cancelled' });
    expect((await companyOf(companyId)).openBalance).toBe(0);
    expect(await callError(admin.call('markOrderPaid', { orderId: second.orderId, requestId: randomUUID() }))).toMatchObject({ code: 'failed-precondition' });
  });
});

describe('contract prices and tax', () => {
  const contract: ContractPricing = { discountBasisPoints: 500, fixedPrices: {} };

  it('charges the lower of the contract price and the tier price', async () => {
    await giveCompany(buyer.uid, {}, contract);
    const few = await order(buyer, { quantity: 2, terms: { contract } });
    expect((await orderOf(few.orderId)).items[0]).toMatchObject({ unitPrice: 9500, quantity: 2 });
    const many = await order(buyer, { quantity: 10, terms: { contract } });
    expect((await orderOf(many.orderId)).items[0]).toMatchObject({ unitPrice: 9000, quantity: 10 });
  });

  it('a fixed contract price beats the tier; a buyer confirming list prices is shown the change', async () => {
    const fixed = { discountBasisPoints: 0, fixedPrices: { [crate.id]: 8000 } };
    await giveCompany(buyer.uid, {}, fixed);
    const answer = await callError(order(buyer, { quantity: 10 }));
    expect(answer.code).toBe('failed-precondition');
    expect(answer.message).toMatch(/price/i);
    const { orderId } = await order(buyer, { quantity: 10, terms: { contract: fixed } });
    expect((await orderOf(orderId)).items[0]).toMatchObject({ unitPrice: 8000 });
  });

  it('taxes by the ship-to state and not at all for a tax-exempt company', async () => {
    const companyId = await giveCompany(buyer.uid);
    const inCalifornia = await orderOf((await order(buyer, { region: 'CA' })).orderId);
    expect(inCalifornia).toMatchObject({ subtotal: 10_000, tax: 725, taxRateBasisPoints: 725 });
    const inOregon = await orderOf((await order(buyer, { region: 'OR' })).orderId);
    expect(inOregon).toMatchObject({ tax: 0, taxRateBasisPoints: 0 });
    await adminDb.doc(`companies/${companyId}`).update({ taxExempt: true, taxCertificateId: 'CA-EX-1' });
    const exempt = await orderOf((await order(buyer, { region: 'CA', terms: { taxRateBasisPoints: 0 } })).orderId);
    expect(exempt).toMatchObject({ tax: 0, taxRateBasisPoints: 0 });
  });
});

describe('company buyers', () => {
  it('an invitation is accepted only by the invited address; the buyer orders, the owner sees the order, the owner removes the buyer', async () => {
    const companyId = await giveCompany(buyer.uid);
    const stamp = Date.now();
    const colleagueEmail = `colleague-${stamp}@harbor.test`;
    const [colleague, stranger] = await Promise.all([webClient(colleagueEmail), webClient(`stranger-${stamp}@harbor.test`)]);
    try {
      await adminDb.doc(`users/${colleague.uid}`).set({ name: 'Cole League' });
      // Only the owner invites.
      expect((await callError(colleague.call('createInvitation', { email: 'x@harbor.test' }))).code).toBe('permission-denied');
      const { code } = await buyer.call<{ code: string }>('createInvitation', { email: colleagueEmail.toUpperCase() });

      // Another signed-in user with the code is told no such invitation exists, and joins nothing.
      expect(await callError(stranger.call('acceptInvitation', { code }))).toEqual({ code: 'not-found', message: 'There is no invitation with this code for your e-mail address.' });
      expect((await companyOf(companyId)).members).toEqual({ [buyer.uid]: 'owner' });

      expect(await colleague.call('acceptInvitation', { code })).toEqual({ companyId });
      expect((await companyOf(companyId)).members).toEqual({ [buyer.uid]: 'owner', [colleague.uid]: 'buyer' });
      expect((await adminDb.doc(`users/${colleague.uid}`).get()).get('companyId')).toBe(companyId);
      expect(await callError(stranger.call('acceptInvitation', { code }))).toMatchObject({ code: 'not-found' });

      // The buyer orders for the company; the owner reads every company order, the buyer only its own.
      const { orderId } = await order(colleague);
      expect(await orderOf(orderId)).toMatchObject({ companyId, userId: colleague.uid, placedByName: 'Cole League' });
      const ownersView = await getDocs(query(collection(buyer.db, 'orders'), where('companyId', '==', companyId)));
      expect(ownersView.docs.map((each) => each.id)).toEqual([orderId]);
      await expect(getDocs(query(collection(colleague.db, 'orders'), where('companyId', '==', companyId)))).rejects.toMatchObject({ code: 'permission-denied' });

      // Removed, the buyer can no longer order for the company.
      expect((await callError(colleague.call('removeBuyer', { uid: buyer.uid }))).code).toBe('permission-denied');
      await buyer.call('removeBuyer', { uid: colleague.uid });
      expect((await companyOf(companyId)).members).toEqual({ [buyer.uid]: 'owner' });
      expect(await callError(order(colleague))).toEqual({ code: 'failed-precondition', message: NO_COMPANY_MESSAGE });
    } finally {
      await Promise.all([colleague.close(), stranger.close()]);
    }
  });
});

describe('company shipping addresses', () => {
  it('the owner keeps several, the first the default; a buyer may not change them', async () => {
    const companyId = await giveCompany(buyer.uid);
    const colleague = await webClient();
    try {
      await adminDb.doc(`companies/${companyId}`).update({ [`members.${colleague.uid}`]: 'buyer' });
      await adminDb.doc(`users/${colleague.uid}`).set({ companyId });
      const addresses = [address('CA'), { ...address('OR'), line1: '9 Dock Rd' }];
      await buyer.call('saveCompanyAddresses', { addresses });
      expect((await companyOf(companyId)).shippingAddresses).toEqual(addresses);
      expect((await callError(colleague.call('saveCompanyAddresses', { addresses: [address('WA')] }))).code).toBe('permission-denied');
      expect(await callError(buyer.call('saveCompanyAddresses', { addresses: [{ ...address('CA'), city: '' }] }))).toEqual({ code: 'invalid-argument', message: 'addresses[0].city: City is required.' });
      expect((await companyOf(companyId)).shippingAddresses).toEqual(addresses);
    } finally {
      await colleague.close();
    }
  });
});
