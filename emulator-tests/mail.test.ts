import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { doc, setDoc } from 'firebase/firestore';
import { cartItemFor, expectedOrder, formatMoney, MAIL, orderLinesFromCart, priceOrder, taxRateFor, type Orderable, type PlaceOrderResult } from '@harbor/domain';
import { Timestamp } from 'firebase-admin/firestore';
import { adminClient } from './adminFixtures';
import { adminDb, clearFirestore, webClient, type TestClient } from './harness';
import { attachedPdfText, dispatchMailTask, mailTo, orderAddress, pauseSmtp, placeTestOrder, resumeSmtp, storeOrderable, waitForMail, waitForMailDocument, waitForMailStatus, type CaughtMail } from './inbox';

const coffee: Orderable = {
  id: 'bev-2001',
  name: 'Dark Roast Coffee Beans',
  sku: 'BEV-2001',
  unit: 'bag of 5 lb',
  imageUrl: '/images/products/bev-2001.svg',
  price: 6450,
  tiers: [],
  minOrderQty: 1,
  packSize: 1,
  stock: 500,
  active: true,
};

let buyer: TestClient;
let email: string;

beforeAll(async () => {
  email = `mail-buyer-${Date.now()}@harbor.test`;
  buyer = await webClient(email);
});
afterAll(async () => buyer.close());
beforeEach(async () => {
  await clearFirestore();
  await storeOrderable(coffee);
});

describe('order e-mails', () => {
  it('sends the buyer exactly one e-mail with the invoice attached, holding the order number and total', { timeout: 120_000 }, async () => {
    const orderId = await placeTestOrder(buyer, coffee, 3, 'PO-7731');
    const [message, ...more] = await waitForMail(email, 1);
    expect(message?.subject).toBe(`We received your order ${orderId}`);
    expect(message!.text).toContain(orderId);
    expect(message!.html).toContain(orderId);
    const order = (await adminDb.doc(`orders/${orderId}`).get()).data()!;
    const total = formatMoney(order.total as number);
    expect(message!.text).toContain(total);

    const pdf = message!.attachments?.find((attachment) => attachment.contentType === 'application/pdf');
    expect(pdf?.fileName).toMatch(/^INV-\d{6}-HW-/);
    const text = await attachedPdfText(message!, pdf!.fileName);
    expect(text).toContain(orderId);
    expect(text).toContain(total);
    expect(text).toContain('PO-7731');
    expect(text).toContain('Dark Roast Coffee Beans');

    // The shop's order inbox hears of it too; and nothing more reaches the buyer. A message is sent
    // only by the attempt that claims it, and a sent one is never claimed again: one attempt, one e-mail.
    const shopCopy = (await waitForMail(MAIL.orderInbox, 1)).filter((mail) => mail.subject.includes(orderId));
    expect(shopCopy).toHaveLength(1);
    expect(more).toEqual([]);
    expect(await waitForMailStatus(`${orderId}-received`, ['sent'])).toMatchObject({ status: 'sent', attempts: 1, lastError: null, to: [email], template: 'orderReceived' });
    expect(await mailTo(email)).toHaveLength(1);
  });

  it('delivers each message once after an SMTP outage ends', { timeout: 180_000 }, async () => {
    pauseSmtp();
    let orderId: string;
    try {
      orderId = await placeTestOrder(buyer, coffee, 2);
      // Two failed attempts (each waits for the SMTP greeting), the queue's backoff between them,
      // before the server comes back.
      const retried = await waitForMailDocument(`${orderId}-received`, (mail) => (mail.attempts as number) >= 2 && mail.status === 'retry', 90_000);
      expect(retried, `The message was not retried: ${JSON.stringify(retried)}`).toMatchObject({ status: 'retry' });
      expect(retried!.lastError).toMatch(/greeting|timeout|ETIMEDOUT/i);
    } finally {
      resumeSmtp();
    }
    const sent = await waitForMailStatus(`${orderId}-received`, ['sent'], 90_000);
    expect(sent).toMatchObject({ status: 'sent', lastError: null });
    expect(await waitForMailStatus(`${orderId}-received-shop`, ['sent'], 90_000)).toMatchObject({ status: 'sent' });
    // The failed attempts never got past the greeting; the one that claimed the message last sent it.
    const about = (mail: CaughtMail) => mail.subject.includes(orderId);
    expect((await waitForMail(email, 1, 10_000, about)).filter(about)).toHaveLength(1);
    expect((await waitForMail(MAIL.orderInbox, 1, 10_000, about)).filter(about)).toHaveLength(1);
  });

  it('sends a message once however often its task is dispatched, and sends a redelivered retry', { timeout: 120_000 }, async () => {
    const orderId = await placeTestOrder(buyer, coffee, 2);
    // Cloud Tasks delivers at least once: the same task twice, at once, beside the outbox's own.
    expect(await Promise.all([dispatchMailTask(`${orderId}-received`), dispatchMailTask(`${orderId}-received`)])).toEqual([204, 204]);
    expect(await waitForMailStatus(`${orderId}-received`, ['sent'])).toMatchObject({ status: 'sent', attempts: 1 });
    // And once more after it was sent.
    expect(await dispatchMailTask(`${orderId}-received`)).toBe(204);
    const about = (mail: CaughtMail) => mail.subject.includes(orderId);
    expect((await waitForMail(email, 1, 10_000, about)).filter(about)).toHaveLength(1);
    expect(await adminDb.doc(`mail/${orderId}-received`).get().then((snapshot) => snapshot.get('attempts'))).toBe(1);

    // A message claimed by an attempt still under way is left to it.
    const to = `redelivery-${Date.now()}@harbor.test`;
    const ref = adminDb.doc(`mail/${orderId}-redelivered`);
    const now = Timestamp.now();
    await ref.create({ to: [to], template: 'orderProcessing', data: { orderId }, status: 'sending', attempts: 1, lastError: null, nextAttemptAt: now, createdAt: now, updatedAt: now });
    expect(await dispatchMailTask(ref.id)).toBe(204);
    expect((await ref.get()).data()).toMatchObject({ status: 'sending', attempts: 1 });
    // That attempt failed and the queue's backoff has passed: the task that comes now sends it.
    await ref.update({ status: 'retry', lastError: 'Greeting never received', nextAttemptAt: Timestamp.now() });
    expect(await dispatchMailTask(ref.id)).toBe(204);
    expect(await waitForMailStatus(ref.id, ['sent'])).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(await waitForMail(to, 1)).toHaveLength(1);
  });
});

describe('company account e-mails', () => {
  it("tells the owner of an approval or a rejection, and sends an invitation to the invited address only", { timeout: 120_000 }, async () => {
    const stamp = Date.now();
    const [admin, rejected] = await Promise.all([adminClient(), webClient(`rejected-${stamp}@harbor.test`)]);
    try {
      const address = { line1: '1 Pier St', line2: '', city: 'Portland', region: 'ME', postalCode: '04101', country: 'United States' };
      const application = { taxId: '', phone: '+1 207 555 0100', billingAddress: address, shippingAddress: address };
      const { companyId } = await buyer.call<{ companyId: string }>('registerCompany', { name: `Seaside Café ${stamp}`, ...application });
      const other = await rejected.call<{ companyId: string }>('registerCompany', { name: `Gone Fishing ${stamp}`, ...application });

      // The buyer's address already holds the order e-mails of the tests above.
      const earlier = (await mailTo(email)).length;
      await admin.call('updateCompany', { companyId, status: 'approved', paymentTerms: 'net30', creditLimit: 500_000 });
      await admin.call('updateCompany', { companyId: other.companyId, status: 'rejected' });
      const [approval] = (await waitForMail(email, earlier + 1)).filter((mail) => mail.subject.includes(`Seaside Café ${stamp}`));
      expect(approval?.subject).toBe(`Seaside Café ${stamp} is approved to order`);
      expect(approval!.text).toContain('Payment terms: Net 30');
      const [rejection] = await waitForMail(`rejected-${stamp}@harbor.test`, 1);
      expect(rejection?.subject).toBe(`Your application for Gone Fishing ${stamp}`);

      const colleague = `colleague-${stamp}@harbor.test`;
      const { code } = await buyer.call<{ code: string }>('createInvitation', { email: colleague });
      const [invitation] = await waitForMail(colleague, 1);
      expect(invitation?.subject).toBe(`You are invited to buy for Seaside Café ${stamp}`);
      expect(invitation!.text).toContain(`/profile?invitation=${code}`);
      // Nobody else hears of the code.
      expect((await mailTo(email)).some((mail) => mail.text.includes(code))).toBe(false);
    } finally {
      await Promise.all([admin.close(), rejected.close()]);
    }
  });
});

describe('purchase approval e-mails', () => {
  it("asks the owner to approve an order over the buyer's limit, with its lines, total and a link, and tells the buyer the rejection and its reason", { timeout: 120_000 }, async () => {
    const stamp = Date.now();
    const [dana, owner] = await Promise.all([webClient(`dana-${stamp}@harbor.test`), webClient(`owner-${stamp}@harbor.test`)]);
    try {
      // Dana buys for Olive's company, limited to $100 an order.
      const companyId = `co-limits-${stamp}`;
      await adminDb.doc(`companies/${companyId}`).set({
        name: 'Limits Co',
        status: 'approved',
        paymentTerms: 'net30',
        creditLimit: 100_000_000,
        openBalance: 0,
        members: { [dana.uid]: 'buyer', [owner.uid]: 'owner' },
        memberDetails: { [dana.uid]: { name: 'Dana Reyes', email: `dana-${stamp}@harbor.test` }, [owner.uid]: { name: 'Olive Owner', email: `owner-${stamp}@harbor.test` } },
        memberLimits: { [dana.uid]: { orderLimit: 10_000, monthlyLimit: null } },
      });
      await adminDb.doc(`users/${dana.uid}`).set({ name: 'Dana Reyes', companyId });
      await adminDb.doc(`users/${owner.uid}`).set({ name: 'Olive Owner', companyId });
      const item = cartItemFor(coffee, 3);
      await setDoc(doc(dana.db, 'carts', dana.uid), { items: [item] });
      const expected = expectedOrder(priceOrder(orderLinesFromCart([item]), new Map([[coffee.id, coffee]]), { contract: null, taxRateBasisPoints: taxRateFor(orderAddress.region) }));
      const { orderId, status } = await dana.call<PlaceOrderResult>('placeOrder', { requestId: randomUUID(), shippingAddress: orderAddress, company: 'Limits Co', paymentMethod: 'invoice-net30', expected });
      expect(status).toBe('awaiting-approval');

      const [request] = await waitForMail(`owner-${stamp}@harbor.test`, 1);
      expect(request?.subject).toBe(`Order ${orderId} by Dana Reyes awaits your approval`);
      expect(request!.text).toContain('Dark Roast Coffee Beans');
      expect(request!.text).toContain(formatMoney(expected.total));
      expect(request!.text).toContain('it exceeds their order limit of $100.00');
      expect(request!.text).toContain(`/order-confirmation/${orderId}`);
      // The buyer gets no order confirmation while the order waits.
      expect(await mailTo(`dana-${stamp}@harbor.test`)).toHaveLength(0);

      await owner.call('decideApproval', { orderId, decision: 'reject', reason: 'Over the kitchen budget this month' });
      const [rejection] = await waitForMail(`dana-${stamp}@harbor.test`, 1);
      expect(rejection?.subject).toBe(`Your order ${orderId} was not approved`);
      expect(rejection!.text).toContain(`Olive Owner rejected your order ${orderId}`);
      expect(rejection!.text).toContain('Reason: Over the kitchen budget this month');
    } finally {
      await Promise.all([dana.close(), owner.close()]);
    }
  });
});
