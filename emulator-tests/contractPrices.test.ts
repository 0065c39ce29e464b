/**
 * `updateCompany({ fixedPrices })` replaces the company's map of fixed prices: a product taken off
 * it has no fixed price any more. The history and the audit log record exactly the products added,
 * changed and removed, with their prices before and after in cents; a save that changes nothing
 * writes nothing. A buyer's cart keeps the contract price its lines were added at, through the
 * rules, mergeCart and placeOrder.
 */
import { randomUUID } from 'node:crypto';
import { doc, setDoc } from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { applyCartOperation, cartItemFor, contractFromData, expectedOrder, orderLinesFromCart, priceCart, priceOrder, taxRateFor, type CartItem, type Orderable } from '@harbor/domain';
import { adminClient } from './adminFixtures';
import { adminDb, clearFirestore, giveCompany, webClient, type TestClient } from './harness';
import { orderAddress, storeOrderable } from './inbox';

let admin: TestClient;
let owner: TestClient;
let companyId: string;

beforeAll(async () => {
  [admin, owner] = await Promise.all([adminClient(), webClient()]);
});
afterAll(async () => Promise.all([admin.close(), owner.close()]));

beforeEach(async () => {
  await clearFirestore();
  await adminDb.doc(`users/${admin.uid}`).set({ name: 'Test Admin', email: '', role: 'admin' });
  companyId = await giveCompany(owner.uid, { name: 'Contract Co' }, { discountBasisPoints: 500, fixedPrices: { 'bev-1001': 1750, 'bev-1002': 1200, 'bev-1003': 900 } });
});

const pricingRef = () => adminDb.doc(`companies/${companyId}/private/pricing`);
const history = async () => (await adminDb.collection(`companies/${companyId}/history`).get()).docs.map((entry) => entry.data());
const audit = async () => (await adminDb.collection('auditLog').where('target', '==', `companies/${companyId}`).get()).docs.map((entry) => entry.data());

describe('fixed contract prices', () => {
  it('a product taken off the map has no fixed price any more, and history and audit say exactly what changed', async () => {
    // bev-1001 cheaper, bev-1002 removed, bev-1003 kept, bev-1004 added.
    await admin.call('updateCompany', { companyId, discountBasisPoints: 500, fixedPrices: { 'bev-1001': 1600, 'bev-1003': 900, 'bev-1004': 2500 } });
    expect((await pricingRef().get()).data()).toMatchObject({ discountBasisPoints: 500, fixedPrices: { 'bev-1001': 1600, 'bev-1003': 900, 'bev-1004': 2500 } });
    expect((await pricingRef().get()).get('fixedPrices')).not.toHaveProperty('bev-1002');

    const from = { 'bev-1001': 1750, 'bev-1002': 1200, 'bev-1004': null };
    const to = { 'bev-1001': 1600, 'bev-1002': null, 'bev-1004': 2500 };
    expect((await history()).map(({ field, from, to, by }) => ({ field, from, to, by }))).toEqual([{ field: 'fixedPrices', from, to, by: admin.uid }]);
    const [entry, ...more] = await audit();
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      action: 'company.update',
      summary: 'Contract Co: changed fixed prices (bev-1001 from $17.50 to $16.00; removed bev-1002 (was $12.00); added bev-1004 at $25.00)',
      changes: [{ field: 'fixedPrices', from, to }],
    });
  });

  it('taking every fixed price away leaves none', async () => {
    await admin.call('updateCompany', { companyId, fixedPrices: {} });
    expect((await pricingRef().get()).get('fixedPrices')).toEqual({});
    expect((await pricingRef().get()).get('discountBasisPoints')).toBe(500);
    expect((await history())[0]).toMatchObject({ field: 'fixedPrices', from: { 'bev-1001': 1750, 'bev-1002': 1200, 'bev-1003': 900 }, to: { 'bev-1001': null, 'bev-1002': null, 'bev-1003': null } });
  });

  it('a save that changes nothing writes nothing: no prices, company, history or audit entry', async () => {
    await admin.call('updateCompany', { companyId, fixedPrices: { 'bev-1001': 1750, 'bev-1003': 900 } });
    const [pricing, company] = await Promise.all([pricingRef().get(), adminDb.doc(`companies/${companyId}`).get()]);
    const [historyBefore, auditBefore] = [(await history()).length, (await audit()).length];
    // The whole customer page saved again, as the form sends it, in another key order.
    await admin.call('updateCompany', { companyId, status: 'approved', paymentTerms: 'net30', creditLimit: 100_000_000, taxExempt: false, taxCertificateId: '', note: '', discountBasisPoints: 500, fixedPrices: { 'bev-1003': 900, 'bev-1001': 1750 } });
    expect((await pricingRef().get()).updateTime!.isEqual(pricing.updateTime!)).toBe(true);
    expect((await adminDb.doc(`companies/${companyId}`).get()).updateTime!.isEqual(company.updateTime!)).toBe(true);
    expect((await adminDb.doc(`companies/${companyId}/staff/notes`).get()).exists).toBe(false);
    expect(await history()).toHaveLength(historyBefore);
    expect(await audit()).toHaveLength(auditBefore);
    expect((await pricingRef().get()).get('fixedPrices')).toEqual({ 'bev-1001': 1750, 'bev-1003': 900 });
  });

  it('a change of the discount alone is recorded from and to, and keeps the fixed prices', async () => {
    await admin.call('updateCompany', { companyId, discountBasisPoints: 750 });
    expect((await pricingRef().get()).data()).toMatchObject({ discountBasisPoints: 750, fixedPrices: { 'bev-1001': 1750, 'bev-1002': 1200, 'bev-1003': 900 } });
    expect((await history()).map(({ field, from, to }) => ({ field, from, to }))).toEqual([{ field: 'discountBasisPoints', from: 500, to: 750 }]);
    expect((await audit())[0]).toMatchObject({ summary: 'Contract Co: changed contract discount', changes: [{ field: 'discountBasisPoints', from: 500, to: 750 }] });
  });
});

describe("a contract buyer's cart", () => {
  // Cold brew: $54.90 a case, $51.90 from 6; the company's fixed price is $9.00.
  const coldBrew: Orderable = { id: 'bev-1003', name: 'Cold Brew Coffee Concentrate', sku: 'BEV-1003', unit: 'case', imageUrl: '', price: 5490, tiers: [{ minQty: 6, price: 5190 }], minOrderQty: 1, packSize: 1, stock: 100, active: true };
  const catalog = new Map([[coldBrew.id, coldBrew]]);

  it('keeps the contract price a line was added at through the rules, mergeCart and placeOrder, with no price change to show', async () => {
    await storeOrderable(coldBrew);
    const contract = contractFromData((await pricingRef().get()).data());
    const terms = { contract, taxRateBasisPoints: taxRateFor(orderAddress.region) };
    // Added at the contract price, then stepped up to 12, as the cart page saves it: still the contract price.
    const items = applyCartOperation([cartItemFor(coldBrew, 1, contract)], { kind: 'setQuantity', id: coldBrew.id, quantity: 12 });
    expect(items[0]).toMatchObject({ quantity: 12, price: 900, contractPrice: 900 });
    expect(priceCart(items, catalog, terms).lines[0]).toMatchObject({ unitPrice: 900, priceWhenAdded: null });
    await setDoc(doc(owner.db, 'carts', owner.uid), { items });
    // Signing in on another browser merges its guest cart: the saved line keeps its contract price.
    const merged = await owner.call<{ items: CartItem[] }>('mergeCart', { guestItems: [cartItemFor({ ...coldBrew, id: 'bev-guest' }, 1)] });
    expect(merged.items.map(({ id, price, contractPrice }) => ({ id, price, contractPrice }))).toEqual([
      { id: coldBrew.id, price: 900, contractPrice: 900 },
      { id: 'bev-guest', price: 5490, contractPrice: undefined },
    ]);

    await setDoc(doc(owner.db, 'carts', owner.uid), { items });
    const expected = expectedOrder(priceOrder(orderLinesFromCart(items), catalog, terms));
    const { orderId } = await owner.call<{ orderId: string }>('placeOrder', { requestId: randomUUID(), shippingAddress: orderAddress, company: 'Contract Co', paymentMethod: 'invoice-net30', expected });
    expect((await adminDb.doc(`orders/${orderId}`).get()).get('items')).toEqual([expect.objectContaining({ productId: coldBrew.id, quantity: 12, unitPrice: 900 })]);
  });
});
