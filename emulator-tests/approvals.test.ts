/**
 * Purchase approvals on the emulators: the owner's updateMember, placeOrder holding orders over a
 * buyer's order or monthly limit, decideApproval by every kind of caller, the expiry, and what
 * staff may do meanwhile. Numbers are read back from what is stored.
 */
import { randomUUID } from 'node:crypto';
import { doc, getDoc, getDocs, query, collection, setDoc, where, updateDoc } from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { APPROVAL_DAYS, cartItemFor, expectedOrder, orderLinesFromCart, priceOrder, spendingMonth, taxRateFor, type CartItem, type Orderable } from '@harbor/domain';
import { rejectOverdueApprovals } from '../functions/src/approvals';
import { adminClient } from './adminFixtures';
import { adminDb, approvedCompanyFields, callError, clearFirestore, webClient, type TestClient } from './harness';
import { waitForMail } from './inbox';

/** $100.00 a crate, no tiers: with $25.00 shipping below $500 and no tax (Oregon), n crates cost n x $100 + $25. */
const crate: Orderable = { id: 'crate-1', name: 'Produce Crate', sku: 'CRT-1', unit: 'crate', imageUrl: '', price: 10_000, tiers: [], minOrderQty: 1, packSize: 1, stock: 1_000, active: true };
const catalog = new Map([[crate.id, crate]]);
const oregon = { line1: '1 Pier St', line2: '', city: 'Portland', region: 'OR', postalCode: '97209', country: 'United States' };
const totalOf = (crates: number) => priceOrder(orderLinesFromCart([cartItemFor(crate, crates)]), catalog, { contract: null, taxRateBasisPoints: taxRateFor('OR') }).total;
const COMPANY = 'co-approvals';
const month = () => spendingMonth(Date.now(), 'UTC');
/** Dana's sign-in address, which her orders record; unique per run, as maildev keeps every message. */
const danaEmail = `dana-${Date.now()}@approvals.test`;

let owner: TestClient;
let approver: TestClient;
let dana: TestClient;
let colleague: TestClient;
let stranger: TestClient;
let admin: TestClient;

beforeAll(async () => {
  [owner, approver, dana, colleague, stranger, admin] = await Promise.all([webClient(), webClient(), webClient(danaEmail), webClient(), webClient(), adminClient()]);
});
afterAll(async () => Promise.all([owner, approver, dana, colleague, stranger, admin].map((client) => client.close())));

/** alice-like owner, an approver, Dana (buyer, $500 an order, $1,000 a month) and a plain colleague; a stranger owns another company. */
beforeEach(async () => {
  await clearFirestore();
  const { id, ...fields } = crate;
  const batch = adminDb.batch();
  batch.set(adminDb.doc(`products/${id}`), fields);
  batch.set(adminDb.doc(`companies/${COMPANY}`), {
    ...approvedCompanyFields,
    members: { [owner.uid]: 'owner', [approver.uid]: 'approver', [dana.uid]: 'buyer', [colleague.uid]: 'buyer' },
    memberDetails: {
      [owner.uid]: { name: 'Olive Owner', email: 'olive@approvals.test' },
      [approver.uid]: { name: 'Avi Approver', email: 'avi@approvals.test' },
      [dana.uid]: { name: 'Dana Reyes', email: 'dana@approvals.test' },
      [colleague.uid]: { name: 'Cole League', email: 'cole@approvals.test' },
    },
    memberLimits: { [dana.uid]: { orderLimit: 50_000, monthlyLimit: 100_000 } },
  });
  batch.set(adminDb.doc('companies/co-stranger'), { ...approvedCompanyFields, members: { [stranger.uid]: 'owner' } });
  for (const [client, name] of [
    [owner, 'Olive Owner'],
    [approver, 'Avi Approver'],
    [dana, 'Dana Reyes'],
    [colleague, 'Cole League'],
  ] as const) {
    batch.set(adminDb.doc(`users/${client.uid}`), { name, email: '', companyId: COMPANY });
  }
  batch.set(adminDb.doc(`users/${stranger.uid}`), { name: 'Stan Stranger', email: '', companyId: 'co-stranger' });
  batch.set(adminDb.doc(`users/${admin.uid}`), { name: 'Test Admin', email: '', role: 'admin' });
  await batch.commit();
});

/** Puts `crates` crates in the client's cart and places the order its checkout would show (invoice, net 30). */
async function order(client: TestClient, crates: number): Promise<{ orderId: string; status: string }> {
  const cart: CartItem[] = [cartItemFor(crate, crates)];
  await setDoc(doc(client.db, 'carts', client.uid), { items: cart });
  const expected = expectedOrder(priceOrder(orderLinesFromCart(cart), catalog, { contract: null, taxRateBasisPoints: taxRateFor('OR') }));
  return client.call('placeOrder', { requestId: randomUUID(), shippingAddress: oregon, company: 'Approvals Co', paymentMethod: 'invoice-net30', expected });
}

const orderOf = async (orderId: string) => (await adminDb.doc(`orders/${orderId}`).get()).data()!;
const stock = async () => (await adminDb.doc(`products/${crate.id}`).get()).get('stock') as number;
const openBalance = async () => (await adminDb.doc(`companies/${COMPANY}`).get()).get('openBalance') as number;
const danaMonth = async () => ((await adminDb.doc(`companies/${COMPANY}/spending/${dana.uid}_${month()}`).get()).get('total') as number | undefined) ?? 0;

describe('updateMember', () => {
  it('lets the owner set a role and limits, recording who, when, from and to; a limit left out stays', async () => {
    expect(await owner.call('updateMember', { companyId: COMPANY, uid: colleague.uid, role: 'buyer', orderLimit: 200_000, monthlyLimit: null })).toEqual({
      companyId: COMPANY,
      uid: colleague.uid,
      role: 'buyer',
      orderLimit: 200_000,
      monthlyLimit: null,
    });
    await owner.call('updateMember', { companyId: COMPANY, uid: colleague.uid, monthlyLimit: 900_000 });
    const company = (await adminDb.doc(`companies/${COMPANY}`).get()).data()!;
    expect(company.memberLimits[colleague.uid]).toEqual({ orderLimit: 200_000, monthlyLimit: 900_000 });
    const history = (await adminDb.collection(`companies/${COMPANY}/history`).orderBy('at').get()).docs.map((entry) => entry.data());
    expect(history.map(({ by, field, member, from, to }) => ({ by, field, member, from, to }))).toEqual([
      { by: owner.uid, field: 'member Cole League', member: colleague.uid, from: 'Buyer, no limit', to: 'Buyer, up to $2,000.00 an order' },
      { by: owner.uid, field: 'member Cole League', member: colleague.uid, from: 'Buyer, up to $2,000.00 an order', to: 'Buyer, up to $2,000.00 an order, $9,000.00 a month' },
    ]);
    expect(history.every((entry) => entry.at)).toBe(true);
    // The same change again writes nothing.
    await owner.call('updateMember', { companyId: COMPANY, uid: colleague.uid, orderLimit: 200_000 });
    expect((await adminDb.collection(`companies/${COMPANY}/history`).get()).size).toBe(2);
  });

  it('gives an approver no limits and keeps an owner', async () => {
    await owner.call('updateMember', { companyId: COMPANY, uid: dana.uid, role: 'approver', orderLimit: 100 });
    const company = (await adminDb.doc(`companies/${COMPANY}`).get()).data()!;
    expect(company.members[dana.uid]).toBe('approver');
    expect(company.memberLimits[dana.uid]).toEqual({ orderLimit: null, monthlyLimit: null });
    expect(await callError(owner.call('updateMember', { companyId: COMPANY, uid: owner.uid, role: 'buyer' }))).toEqual({
      code: 'failed-precondition',
      message: 'Your company must keep an owner: make another member an owner first.',
    });
    // With a second owner, the first may step down.
    await owner.call('updateMember', { companyId: COMPANY, uid: approver.uid, role: 'owner' });
    await owner.call('updateMember', { companyId: COMPANY, uid: owner.uid, role: 'approver' });
    expect((await adminDb.doc(`companies/${COMPANY}`).get()).get(`members.${owner.uid}`)).toBe('approver');
  });

  it('is refused to members who do not own the company, and reveals nothing to outsiders', async () => {
    for (const client of [dana, approver]) {
      expect(await callError(client.call('updateMember', { companyId: COMPANY, uid: client.uid, orderLimit: null, monthlyLimit: null }))).toEqual({
        code: 'permission-denied',
        message: "Only your company account's owner may change its members' roles and limits.",
      });
    }
    for (const client of [stranger, admin]) {
      expect(await callError(client.call('updateMember', { companyId: COMPANY, uid: dana.uid, orderLimit: null }))).toEqual({ code: 'not-found', message: `There is no company ${COMPANY}.` });
    }
    expect((await callError(owner.call('updateMember', { companyId: COMPANY, uid: stranger.uid, role: 'buyer' }))).code).toBe('not-found');
    expect((await callError(owner.call('updateMember', { companyId: COMPANY, uid: dana.uid, orderLimit: 12.5 }))).code).toBe('invalid-argument');
    expect((await adminDb.doc(`companies/${COMPANY}`).get()).get(`memberLimits.${dana.uid}`)).toEqual({ orderLimit: 50_000, monthlyLimit: 100_000 });
    expect((await adminDb.collection(`companies/${COMPANY}/history`).get()).size).toBe(0);
  });
});

describe('limits at checkout', () => {
  it('holds an order over the order limit, and not one at or under it', async () => {
    // 4 crates: $400 + $25 shipping = $425; 5 crates: $500, shipped free.
    expect([totalOf(4), totalOf(5)]).toEqual([42_500, 50_000]);
    expect(await order(dana, 4)).toMatchObject({ status: 'pending' });
    await adminDb.doc(`companies/${COMPANY}`).update({ [`memberLimits.${dana.uid}`]: { orderLimit: 42_500, monthlyLimit: null } });
    expect(await order(dana, 4)).toMatchObject({ status: 'pending' });
    const held = await order(dana, 5);
    expect(held.status).toBe('awaiting-approval');
    const stored = await orderOf(held.orderId);
    expect(stored).toMatchObject({
      status: 'awaiting-approval',
      total: totalOf(5),
      approval: { reason: 'order-limit', message: 'This order needs approval: it exceeds your order limit of $425.00', decision: null },
      statusHistory: [{ status: 'awaiting-approval', by: dana.uid }],
    });
    expect(stored.approval.dueAt.toMillis() - stored.createdAt.toMillis()).toBe(APPROVAL_DAYS * 24 * 3600 * 1000);
    // Reserved and credit-counted like any order.
    expect(await stock()).toBe(1_000 - 13);
    expect(await openBalance()).toBe(2 * totalOf(4) + totalOf(5));
    // The company's owner and approver are asked; the buyer gets no order confirmation yet.
    const mail = (await adminDb.doc(`mail/${held.orderId}-approval-requested`).get()).data()!;
    expect(mail.template).toBe('approvalRequested');
    expect([...mail.to].sort()).toEqual(['avi@approvals.test', 'olive@approvals.test']);
    expect((await adminDb.doc(`mail/${held.orderId}-received`).get()).exists).toBe(false);
    // An owner or approver orders without limits.
    expect(await order(approver, 9)).toMatchObject({ status: 'pending' });
  });

  it('tells the buyer by e-mail at once that its order waits for approval and why, and its deciders the reason about the buyer', async () => {
    const { orderId, status } = await order(dana, 6);
    expect(status).toBe('awaiting-approval');
    expect((await adminDb.doc(`mail/${orderId}-awaiting-approval`).get()).data()).toMatchObject({ template: 'orderAwaitingApproval', to: [danaEmail] });
    const about = (mail: { subject: string }) => mail.subject.includes(orderId);
    const [toBuyer] = (await waitForMail(danaEmail, 1, 60_000, about)).filter(about);
    expect(toBuyer?.subject).toBe(`Your order ${orderId} awaits your company's approval`);
    expect(toBuyer?.text).toContain('This order needs approval: it exceeds your order limit of $500.00.');
    const [toOwner] = (await waitForMail('olive@approvals.test', 1, 60_000, about)).filter(about);
    expect(toOwner?.text).toContain("This order needs approval: it exceeds Dana Reyes's order limit of $500.00.");
    expect(toOwner?.text).not.toContain('your order limit');
  });

  it('counts the month’s earlier orders against the monthly limit, and not cancelled ones', async () => {
    // $1,000 a month: $425 + $425 = $850 pass; another $425 would make $1,275.
    await order(dana, 4);
    const second = await order(dana, 4);
    expect(await danaMonth()).toBe(85_000);
    const third = await order(dana, 4);
    expect(third.status).toBe('awaiting-approval');
    expect((await orderOf(third.orderId)).approval.message).toBe('This order needs approval: with your orders this month ($850.00), it exceeds your monthly limit of $1,000.00');
    // Cancelling one gives its amount back to the month (the held order, still counted, makes $850 again).
    await admin.call('updateOrderStatus', { orderId: second.orderId, status: 'cancelled' });
    expect(await danaMonth()).toBe(85_000);
    await admin.call('updateOrderStatus', { orderId: third.orderId, status: 'cancelled' });
    expect(await danaMonth()).toBe(42_500);
    expect(await order(dana, 4)).toMatchObject({ status: 'pending' });
    expect(await danaMonth()).toBe(85_000);
  });

  it("counts a month in the company's time zone, which staff with the credit permission set", async () => {
    expect(await callError(admin.call('updateCompany', { companyId: COMPANY, timeZone: 'Mars/Olympus_Mons' }))).toEqual({
      code: 'invalid-argument',
      message: 'timeZone: Choose a time zone from the list, such as America/New_York or UTC.',
    });
    await admin.call('updateCompany', { companyId: COMPANY, timeZone: 'Pacific/Kiritimati' });
    const { orderId } = await order(dana, 1);
    const placed = await orderOf(orderId);
    expect(placed.spendingMonth).toBe(spendingMonth(placed.createdAt.toMillis(), 'Pacific/Kiritimati'));
    expect((await adminDb.doc(`companies/${COMPANY}/spending/${dana.uid}_${placed.spendingMonth}`).get()).get('total')).toBe(12_500);
  });

  it('10 concurrent orders of one buyer never take its month over the limit without approval', async () => {
    // $250 of the $1,000 month left: one more order of $125 goes through, two would not.
    await adminDb.doc(`companies/${COMPANY}`).update({ [`memberLimits.${dana.uid}`]: { orderLimit: null, monthlyLimit: 100_000 } });
    await adminDb.doc(`companies/${COMPANY}/spending/${dana.uid}_${month()}`).set({ uid: dana.uid, month: month(), total: 75_000 });
    const cart: CartItem[] = [cartItemFor(crate, 1)];
    await setDoc(doc(dana.db, 'carts', dana.uid), { items: cart });
    const expected = expectedOrder(priceOrder(orderLinesFromCart(cart), catalog, { contract: null, taxRateBasisPoints: taxRateFor('OR') }));
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => dana.call<{ status: string }>('placeOrder', { requestId: randomUUID(), shippingAddress: oregon, company: 'Approvals Co', paymentMethod: 'invoice-net30', expected })),
    );
    // The server cart is what an order is placed from: the first order empties it, and the others are told so.
    const placed = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    expect(placed).toEqual([{ orderId: expect.any(String), status: 'pending' }]);
    for (const result of results.filter((each) => each.status === 'rejected')) {
      expect((await callError(Promise.reject((result as PromiseRejectedResult).reason))).message).toMatch(/no longer in your cart|being placed right now/);
    }
    expect(await danaMonth()).toBe(75_000 + 12_500);
    // An order and the rejection of another, at once, both change the month: neither change is lost.
    const held = await order(dana, 2);
    expect(held.status).toBe('awaiting-approval');
    expect(await danaMonth()).toBe(75_000 + 12_500 + totalOf(2));
    await setDoc(doc(dana.db, 'carts', dana.uid), { items: cart });
    const [next] = await Promise.all([
      dana.call<{ status: string }>('placeOrder', { requestId: randomUUID(), shippingAddress: oregon, company: 'Approvals Co', paymentMethod: 'invoice-net30', expected }),
      owner.call('decideApproval', { orderId: held.orderId, decision: 'reject', reason: 'Not this month' }),
    ]);
    expect(await danaMonth()).toBe(75_000 + 2 * 12_500);
    // Whichever came first, the new order was judged on the month as it then stood.
    expect(['pending', 'awaiting-approval']).toContain(next.status);
    const pendingTotal = (await adminDb.collection('orders').where('userId', '==', dana.uid).where('status', '==', 'pending').get()).docs.reduce((sum, each) => sum + (each.get('total') as number), 0);
    expect(75_000 + pendingTotal).toBeLessThanOrEqual(100_000);
  }, 300_000);
});

describe('deciding an order', () => {
  it('only an owner or approver of the company decides it, and never its buyer; others learn nothing', async () => {
    const { orderId } = await order(dana, 6);
    const before = (await adminDb.doc(`orders/${orderId}`).get()).updateTime!;
    expect(await callError(dana.call('decideApproval', { orderId, decision: 'approve' }))).toEqual({
      code: 'permission-denied',
      message: 'You placed this order: another approver or the owner of your company decides it.',
    });
    for (const client of [colleague, stranger]) {
      expect(await callError(client.call('decideApproval', { orderId, decision: 'approve' }))).toEqual({ code: 'not-found', message: `There is no order ${orderId}.` });
    }
    expect(await callError(admin.call('decideApproval', { orderId, decision: 'approve' }))).toEqual({
      code: 'permission-denied',
      message: 'Only an owner or approver of the buying company may decide its orders.',
    });
    expect(await callError(owner.call('decideApproval', { orderId, decision: 'reject', reason: ' ' }))).toMatchObject({ code: 'invalid-argument' });
    expect((await adminDb.doc(`orders/${orderId}`).get()).updateTime!.isEqual(before)).toBe(true);
    // The approver (and owner) read it; a plain colleague does not.
    expect((await getDoc(doc(approver.db, 'orders', orderId))).get('status')).toBe('awaiting-approval');
    await expect(getDoc(doc(colleague.db, 'orders', orderId))).rejects.toMatchObject({ code: 'permission-denied' });
    const queue = await getDocs(query(collection(approver.db, 'orders'), where('companyId', '==', COMPANY), where('status', '==', 'awaiting-approval')));
    expect(queue.docs.map((each) => each.id)).toEqual([orderId]);
    // Nor can anyone approve it by writing to it.
    await expect(updateDoc(doc(owner.db, 'orders', orderId), { status: 'pending' })).rejects.toMatchObject({ code: 'permission-denied' });
  });

  it('approving makes it pending once, and the normal path follows', async () => {
    const { orderId } = await order(dana, 6);
    expect(await approver.call('decideApproval', { orderId, decision: 'approve' })).toEqual({ orderId, status: 'pending' });
    expect(await orderOf(orderId)).toMatchObject({ status: 'pending', approval: { decision: 'approved', decidedBy: approver.uid, decidedByName: 'Avi Approver' } });
    expect((await adminDb.doc(`mail/${orderId}-received`).get()).get('template')).toBe('orderReceived');
    const after = (await adminDb.doc(`orders/${orderId}`).get()).updateTime!;
    expect(await callError(owner.call('decideApproval', { orderId, decision: 'reject', reason: 'Too late' }))).toEqual({
      code: 'failed-precondition',
      message: `Order ${orderId} no longer awaits approval: it is pending.`,
    });
    expect((await adminDb.doc(`orders/${orderId}`).get()).updateTime!.isEqual(after)).toBe(true);
    // Staff take it from here.
    await admin.call('updateOrderStatus', { orderId, status: 'processing' });
  });

  it('rejecting needs a reason and gives back stock, credit and the month at once, exactly once', async () => {
    const { orderId } = await order(dana, 6);
    const total = totalOf(6);
    expect(await stock()).toBe(994);
    expect(await openBalance()).toBe(total);
    expect(await danaMonth()).toBe(total);
    const results = await Promise.allSettled([
      owner.call('decideApproval', { orderId, decision: 'reject', reason: 'Over budget this quarter' }),
      approver.call('decideApproval', { orderId, decision: 'reject', reason: 'Not needed' }),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const stored = await orderOf(orderId);
    expect(stored.status).toBe('rejected');
    expect(['Over budget this quarter', 'Not needed']).toContain(stored.approval.decisionReason);
    expect(await stock()).toBe(1_000);
    expect(await openBalance()).toBe(0);
    expect(await danaMonth()).toBe(0);
    expect((await adminDb.doc(`mail/${orderId}-rejected`).get()).get('template')).toBe('orderRejected');
    expect(await callError(admin.call('updateOrderStatus', { orderId, status: 'cancelled' }))).toMatchObject({ code: 'failed-precondition' });
    expect(await stock()).toBe(1_000);
  });

  it('staff cannot process, ship or invoice an order awaiting approval, and may cancel it', async () => {
    const { orderId } = await order(dana, 6);
    expect(await callError(admin.call('updateOrderStatus', { orderId, status: 'processing' }))).toEqual({
      code: 'failed-precondition',
      message: `Order ${orderId} is awaiting approval, so it cannot be marked processing: the buyer's company decides it first, and until then it can only be cancelled.`,
    });
    expect((await callError(admin.call('updateOrderStatus', { orderId, status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' }))).code).toBe('failed-precondition');
    expect((await callError(admin.call('getOrderDocument', { orderId, kind: 'invoice' }))).code).toBe('failed-precondition');
    expect((await orderOf(orderId)).invoiceNumbers).toEqual([]);
    await admin.call('updateOrderStatus', { orderId, status: 'cancelled' });
    expect(await stock()).toBe(1_000);
    expect(await openBalance()).toBe(0);
    expect(await danaMonth()).toBe(0);
  });
});

describe('an order not decided in time', () => {
  it('is rejected by the scheduled job once its days have passed, releasing it exactly once', async () => {
    const { orderId } = await order(dana, 6);
    const placedAt = (await orderOf(orderId)).createdAt.toMillis() as number;
    // A day early, nothing happens.
    expect(await rejectOverdueApprovals(placedAt + (APPROVAL_DAYS - 1) * 24 * 3600 * 1000)).toBe(0);
    expect((await orderOf(orderId)).status).toBe('awaiting-approval');
    const late = placedAt + APPROVAL_DAYS * 24 * 3600 * 1000 + 1;
    const [first, second] = await Promise.all([rejectOverdueApprovals(late), rejectOverdueApprovals(late)]);
    expect(first + second).toBe(1);
    expect(await rejectOverdueApprovals(late)).toBe(0);
    expect(await orderOf(orderId)).toMatchObject({ status: 'rejected', approval: { decision: 'rejected', decisionReason: 'not approved in time', decidedBy: 'system' } });
    expect(await stock()).toBe(1_000);
    expect(await openBalance()).toBe(0);
    expect(await danaMonth()).toBe(0);
    expect((await adminDb.doc(`mail/${orderId}-rejected`).get()).get('template')).toBe('orderRejected');
  });

  it('is rejected, not approved, when someone decides it after its time', async () => {
    const { orderId } = await order(dana, 6);
    // As if the days had passed: its due time is moved to the past.
    await adminDb.doc(`orders/${orderId}`).update({ 'approval.dueAt': new Date(Date.now() - 1000) });
    expect(await callError(owner.call('decideApproval', { orderId, decision: 'approve' }))).toEqual({
      code: 'failed-precondition',
      message: `Order ${orderId} was not approved within ${APPROVAL_DAYS} days and has been rejected.`,
    });
    expect(await orderOf(orderId)).toMatchObject({ status: 'rejected', approval: { decisionReason: 'not approved in time' } });
    expect(await stock()).toBe(1_000);
  });
});
