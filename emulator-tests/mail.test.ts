import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { doc, setDoc } from 'firebase/firestore';
import {
  BANK_ACCOUNT,
  cartItemFor,
  expectedOrder,
  formatMoney,
  MAIL,
  orderLinesFromCart,
  priceOrder,
  taxRateFor,
  type CancelBackorderResult,
  type CreateShipmentResult,
  type Orderable,
  type PlaceOrderResult,
} from '@harbor/domain';
import { builtShopUrl } from '../scripts/emulators';
import { remindOverdueInvoices } from '../functions/src/statements';
import { adminClient } from './adminFixtures';
import { creditTestOrder, shipTestOrder, storeInvoice } from './receivablesFixtures';
import { Timestamp } from 'firebase-admin/firestore';
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
  it('sends the buyer exactly one e-mail with the order confirmation attached, holding the order number and total, and no invoice', { timeout: 120_000 }, async () => {
    const orderId = await placeTestOrder(buyer, coffee, 3, 'PO-7731');
    const [message, ...more] = await waitForMail(email, 1);
    expect(message?.subject).toBe(`We received your order ${orderId}`);
    expect(message!.text).toContain(orderId);
    expect(message!.html).toContain(orderId);
    const order = (await adminDb.doc(`orders/${orderId}`).get()).data()!;
    const total = formatMoney(order.total as number);
    expect(message!.text).toContain(total);
    expect(message!.text).toContain(`We received your order ${orderId} (purchase order PO-7731) for ${total}.`);
    expect(message!.text).toContain('Your order confirmation is attached.');
    expect(message!.text).toContain(`Your invoice for ${total} is issued when your order ships; it is due 30 days after the invoice date.`);
    expect(message!.text).not.toMatch(/INV-|invoice [A-Z0-9-]+ is attached/i);

    const pdf = message!.attachments?.find((attachment) => attachment.contentType === 'application/pdf');
    expect(pdf?.fileName).toBe(`order-confirmation-${orderId}.pdf`);
    const text = await attachedPdfText(message!, pdf!.fileName);
    expect(text).toContain('Order confirmation');
    expect(text).toContain(orderId);
    expect(text).toContain(total);
    expect(text).toContain('PO-7731');
    expect(text).toContain('Dark Roast Coffee Beans');
    expect(text).not.toContain('INV-');

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
      expect(request!.text).toContain("it exceeds Dana Reyes's order limit of $100.00");
      expect(request!.text).toContain(`/order-confirmation/${orderId}`);
      // The buyer is told its order waits, and gets no order confirmation meanwhile.
      const [waiting] = await waitForMail(`dana-${stamp}@harbor.test`, 1);
      expect(waiting?.subject).toBe(`Your order ${orderId} awaits your company's approval`);
      expect((await mailTo(`dana-${stamp}@harbor.test`)).map((mail) => mail.subject)).toEqual([waiting!.subject]);

      await owner.call('decideApproval', { orderId, decision: 'reject', reason: 'Over the kitchen budget this month' });
      const isRejection = (mail: { subject: string }) => mail.subject.includes('was not approved');
      const rejection = (await waitForMail(`dana-${stamp}@harbor.test`, 1, 90_000, isRejection)).find(isRejection);
      expect(rejection?.subject).toBe(`Your order ${orderId} was not approved`);
      expect(rejection!.text).toContain(`Olive Owner rejected your order ${orderId}`);
      expect(rejection!.text).toContain('Reason: Over the kitchen budget this month');
    } finally {
      await Promise.all([dana.close(), owner.close()]);
    }
  });
});

describe('who receives what', () => {
  it("tells the buyer of its order, bills the company's billing contact, and sends money e-mail to the payers; every link is to this shop", { timeout: 180_000 }, async () => {
    const stamp = Date.now();
    const buyerEmail = `dana-who-${stamp}@harbor.test`;
    const [dana, admin] = await Promise.all([webClient(buyerEmail), adminClient()]);
    const owner = `olive-who-${stamp}@harbor.test`;
    const payables = `ap-who-${stamp}@harbor.test`;
    try {
      const orderId = await placeTestOrder(dana, coffee, 2);
      // Dana buys for Olive's company, which has an accounts-payable address.
      await adminDb.doc(`companies/co-${dana.uid}`).update({
        members: { [dana.uid]: 'buyer', 'olive-who': 'owner' },
        memberDetails: { [dana.uid]: { name: 'Dana Reyes', email: buyerEmail }, 'olive-who': { name: 'Olive Owner', email: owner } },
        billingEmail: payables,
      });
      // Numbers no other test of this file gives: a message's delivery task is named after its id.
      await Promise.all([adminDb.doc('counters/invoices').set({ next: 800 }), adminDb.doc('counters/creditNotes').set({ next: 800 })]);
      const invoiceNumber = await shipTestOrder(admin, orderId);
      const creditNoteNumber = await creditTestOrder(admin, orderId, 2500, 'One bag arrived open');
      const { paymentId } = await admin.call<{ paymentId: string }>('recordPayment', { companyId: `co-${dana.uid}`, requestId: randomUUID(), amount: 1000, receivedOn: '2026-11-20', method: 'bank-transfer', reference: 'WIRE 1' });
      expect(await remindOverdueInvoices(Date.now() + 40 * 24 * 60 * 60 * 1000)).toBe(1);

      const recipients = async (template: string) => (await adminDb.collection('mail').where('template', '==', template).get()).docs.map((mail) => mail.get('to') as string[]);
      expect(await recipients('orderReceived')).toEqual([[buyerEmail]]);
      expect(await recipients('orderShipment')).toEqual([[buyerEmail]]);
      // Dana's copy of the invoice is attached to its shipped e-mail.
      expect(await recipients('invoiceIssued')).toEqual([[payables, owner]]);
      expect(await recipients('creditNoteIssued')).toEqual([[buyerEmail, payables, owner]]);
      expect(await recipients('paymentReceived')).toEqual([[payables, owner]]);
      expect(await recipients('invoiceOverdue')).toEqual([[payables, owner]]);
      expect((await adminDb.doc(`mail/${paymentId}-received`).get()).exists).toBe(true);

      // The invoice is billed to the billing contact, in its record and its PDF.
      expect((await adminDb.doc(`invoices/${invoiceNumber}`).get()).get('buyer.email')).toBe(payables);
      const invoiceMail = (await waitForMail(payables, 1, 90_000, (mail) => mail.subject.startsWith(`Invoice ${invoiceNumber}`))).find((mail) => mail.subject.startsWith(`Invoice ${invoiceNumber} for`));
      const invoicePdf = await attachedPdfText(invoiceMail!, `${invoiceNumber}-${orderId}.pdf`);
      // (The PDF breaks a long address across lines of its column.)
      expect(invoicePdf).toMatch(new RegExp(`Bill to[\\s\\S]*ap-who-${stamp}`));
      expect(invoicePdf).not.toContain(`dana-who-${stamp}`);
      expect(invoiceMail!.text).toContain(`View your statement: ${builtShopUrl}/profile`);

      const [received] = await waitForMail(buyerEmail, 1, 90_000, (mail) => mail.subject === `We received your order ${orderId}`);
      expect(received!.text).toContain(`View your order: ${builtShopUrl}/order-confirmation/${orderId}`);
      expect(received!.html).toContain(`href="${builtShopUrl}/order-confirmation/${orderId}"`);
      const isCredit = (mail: { subject: string }) => mail.subject === `Credit note ${creditNoteNumber} for invoice ${invoiceNumber}`;
      const credit = (await waitForMail(buyerEmail, 1, 90_000, isCredit)).find(isCredit);
      expect(credit!.text).toContain(`${builtShopUrl}/order-confirmation/${orderId}`);
      // No message links to any shop but this one.
      for (const mail of [...(await mailTo(buyerEmail)), ...(await mailTo(payables))]) expect(mail.text.match(/https?:\/\/[^\s/]+/g)?.filter((origin) => origin !== builtShopUrl && !origin.includes('ups.com')) ?? []).toEqual([]);
    } finally {
      // Every message out before the next test clears the outbox: a delivery whose message is
      // gone fails and, retried, holds the emulated queue back.
      const queued = await adminDb.collection('mail').get();
      await Promise.all(queued.docs.map((mail) => waitForMailStatus(mail.id, ['sent', 'failed'], 90_000)));
      await Promise.all([dana.close(), admin.close()]);
    }
  });
});

/** A message queued as the receivables functions queue it (mail/outbox.ts), for the templates they use. */
async function queueTestMail(id: string, to: string, template: string, data: Record<string, unknown>): Promise<void> {
  const now = Timestamp.now();
  await adminDb.doc(`mail/${id}`).create({ to: [to], template, data, status: 'pending', attempts: 0, lastError: null, nextAttemptAt: now, createdAt: now, updatedAt: now });
}

describe('receivables e-mails', () => {
  it('attaches the invoice to the shipped e-mail, with its amount and due date', { timeout: 180_000 }, async () => {
    // Shipping issues the invoice in the transaction that queues this e-mail.
    const stamp = Date.now();
    const [shipper, admin] = await Promise.all([webClient(`shipped-${stamp}@harbor.test`), adminClient()]);
    try {
      const orderId = await placeTestOrder(shipper, coffee, 2);
      const number = await shipTestOrder(admin, orderId);
      const [shipped] = (await waitForMail(`shipped-${stamp}@harbor.test`, 3, 90_000)).filter((mail) => mail.subject === `Your order ${orderId} has shipped`);
      const total = formatMoney((await adminDb.doc(`invoices/${number}`).get()).get('total') as number);
      expect(shipped!.text).toMatch(new RegExp(`Your invoice ${number} for \\${total} is attached, due [A-Z][a-z]+ \\d{1,2}, \\d{4}\\.`));
      const pdf = shipped!.attachments?.find((attachment) => attachment.contentType === 'application/pdf');
      expect(pdf?.fileName).toBe(`${number}-${orderId}.pdf`);
      const text = await attachedPdfText(shipped!, pdf!.fileName);
      expect(text).toContain(`Invoice ${number}`);
      expect(text).toContain(BANK_ACCOUNT.accountNumber);
    } finally {
      await Promise.all([shipper.close(), admin.close()]);
    }
  });

  it('sends the buyer the credit note issued on its invoice, with the PDF', { timeout: 180_000 }, async () => {
    const address = `credited-${Date.now()}@harbor.test`;
    const [customer, admin] = await Promise.all([webClient(address), adminClient()]);
    try {
      const orderId = await placeTestOrder(customer, coffee, 2, 'PO-CN');
      const invoiceNumber = await shipTestOrder(admin, orderId);
      const creditNoteNumber = await creditTestOrder(admin, orderId, 2500, 'One bag arrived open');
      const [credit] = (await waitForMail(address, 4, 90_000)).filter((mail) => mail.subject === `Credit note ${creditNoteNumber} for invoice ${invoiceNumber}`);
      expect(credit!.text).toContain(`We credited $25.00 on invoice ${invoiceNumber} (order ${orderId}). The credit note is attached.`);
      expect(credit!.text).toContain('Reason: One bag arrived open');
      const creditPdf = await attachedPdfText(credit!, `${creditNoteNumber}-${orderId}.pdf`);
      expect(creditPdf).toContain(`Credit note ${creditNoteNumber}`);
      expect(creditPdf).toContain(invoiceNumber);
    } finally {
      await Promise.all([customer.close(), admin.close()]);
    }
  });

  it('sends the owner an overdue invoice with what is open, since when, and where to pay', { timeout: 120_000 }, async () => {
    const address = `overdue-${Date.now()}@harbor.test`;
    const customer = await webClient(address);
    try {
      const orderId = await placeTestOrder(customer, coffee, 2);
      // Net 30 from 40 days ago: 10 days overdue, $10.00 of it paid.
      const invoiceNumber = await storeInvoice(orderId, 500, { daysAgo: 40, amountPaid: 1000 });
      await queueTestMail(`${invoiceNumber}-overdue-1`, address, 'invoiceOverdue', { invoiceNumber, reminder: 1 });
      const [overdue] = await waitForMail(address, 2, 90_000).then((messages) => messages.filter((mail) => mail.subject === `Invoice ${invoiceNumber} is overdue`));
      const total = (await adminDb.doc(`invoices/${invoiceNumber}`).get()).get('total') as number;
      expect(overdue!.text).toContain(`Invoice ${invoiceNumber} is 10 days overdue`);
      expect(overdue!.text).toContain(`${formatMoney(total - 1000)} of its ${formatMoney(total)} is still open.`);
      for (const detail of [BANK_ACCOUNT.bank, BANK_ACCOUNT.routingNumber, BANK_ACCOUNT.accountNumber]) expect(overdue!.text).toContain(detail);
      expect(await attachedPdfText(overdue!, `${invoiceNumber}-${orderId}.pdf`)).toContain(`Invoice ${invoiceNumber}`);
    } finally {
      await customer.close();
    }
  });

  it("sends the owner a receipt of a payment: the invoices it paid and the credit kept", { timeout: 60_000 }, async () => {
    const address = `receipt-${Date.now()}@harbor.test`;
    await adminDb.doc('payments/pay-1').set({
      companyId: 'co-1',
      requestId: 'r-1',
      amount: 50_000,
      receivedOn: Timestamp.fromMillis(Date.UTC(2026, 10, 20)),
      method: 'bank-transfer',
      reference: 'WIRE 7781',
      allocations: [{ invoiceNumber: 'INV-000700', amount: 45_000 }],
      creditApplied: 0,
      unallocated: 5_000,
      recordedBy: 'finance-test',
      recordedAt: Timestamp.now(),
      reversed: false,
      reversal: null,
    });
    await queueTestMail('pay-1-received', address, 'paymentReceived', { paymentId: 'pay-1' });
    const [receipt] = await waitForMail(address, 1);
    expect(receipt?.subject).toBe('We received your payment of $500.00');
    expect(receipt!.text).toContain('We received $500.00 by bank transfer on November 20, 2026 (reference WIRE 7781).');
    expect(receipt!.text).toContain('INV-000700 | $450.00');
    expect(receipt!.text).toContain('$50.00 is kept as credit on your account');
  });

  it('tells the shop of an accepted quote and its order once, and the buyer of a rejection with what it can do', { timeout: 60_000 }, async () => {
    const stamp = Date.now();
    await adminDb.doc('quotes/q-words').set({ number: 'Q-000900', companyName: 'Seaside Café', status: 'accepted', orderId: 'HW-ACCEPTED1', lastMessage: 'Accepted: order HW-ACCEPTED1' });
    await adminDb.doc('quotes/q-no').set({ number: 'Q-000901', companyName: 'Seaside Café', status: 'rejected', lastMessage: 'We no longer stock this item.' });
    await queueTestMail(`q-words-${stamp}`, `shop-${stamp}@harbor.test`, 'quoteUpdate', { quoteId: 'q-words', kind: 'accept', to: 'shop' });
    await queueTestMail(`q-no-${stamp}`, `buyer-${stamp}@harbor.test`, 'quoteUpdate', { quoteId: 'q-no', kind: 'reject', to: 'buyer' });
    const [accepted] = await waitForMail(`shop-${stamp}@harbor.test`, 1);
    expect(accepted?.subject).toBe('Quote Q-000900: accepted');
    expect(accepted!.text).toContain('Seaside Café accepted quote Q-000900, which placed order HW-ACCEPTED1 at the quoted prices.');
    expect(accepted!.text).not.toMatch(/It is now|Accepted: order/);
    expect(accepted!.text).toContain(`Open in the back office: ${builtShopUrl}/admin/quotes/q-words`);
    const [rejected] = await waitForMail(`buyer-${stamp}@harbor.test`, 1);
    expect(rejected!.text).toContain('We are unable to offer quote Q-000901. You can order at your usual prices, or ask us for a new quote at any time.');
    expect(rejected!.text).toContain('Our message: We no longer stock this item.');
  });

  it('sends no reminder for an invoice paid in the meantime', { timeout: 60_000 }, async () => {
    const stamp = Date.now();
    const customer = await webClient(`paid-${stamp}@harbor.test`);
    try {
      const orderId = await placeTestOrder(customer, coffee, 2);
      const total = (await adminDb.doc(`orders/${orderId}`).get()).get('total') as number;
      const invoiceNumber = await storeInvoice(orderId, 600, { daysAgo: 40, amountPaid: total });
      await queueTestMail(`${invoiceNumber}-overdue-2`, `paid-${stamp}@harbor.test`, 'invoiceOverdue', { invoiceNumber, reminder: 2 });
      expect(await waitForMailStatus(`${invoiceNumber}-overdue-2`, ['failed'])).toMatchObject({ status: 'failed', lastError: `Invoice ${invoiceNumber} is paid: no reminder.` });
    } finally {
      await customer.close();
    }
  });
});

describe('fulfilment e-mails', () => {
  const water: Orderable = { ...coffee, id: 'bev-1001', name: 'Sparkling Water', sku: 'BEV-1001', unit: 'case of 24', price: 1899, stock: 25, backorderable: true, restockDate: '2026-12-09' };

  it('tells the buyer of each shipment with its lines, what is still to come, the tracking link and its own invoice; of stock arriving; and of the rest cancelled', { timeout: 240_000 }, async () => {
    const stamp = Date.now();
    const address = `parts-${stamp}@harbor.test`;
    const [customer, admin] = await Promise.all([webClient(address), adminClient()]);
    try {
      await storeOrderable(water);
      // 40 ordered with 25 on the shelf: 25 allocated, 15 on backorder until December 9.
      const orderId = await placeTestOrder(customer, water, 40, 'PO-PARTS');
      // Two parcels leave one after the other; each e-mail tells what was still to come right after its own.
      const ship = (quantity: number, carrier: string, trackingNumber: string) =>
        admin.call<CreateShipmentResult>('createShipment', { orderId, requestId: randomUUID(), lines: [{ productId: water.id, quantity }], carrier, trackingNumber });
      const first = await ship(10, 'UPS', '1Z999AA10123456784');
      const second = await ship(15, 'FedEx', '123456789012');
      const subjectOf = (shipment: CreateShipmentResult) => `Your order ${orderId}: shipment ${shipment.shipmentNumber} is on its way`;
      const shipped = await waitForMail(address, 2, 90_000, (mail) => mail.subject.includes(': shipment '));
      const [one, two] = [first, second].map((shipment) => shipped.find((mail) => mail.subject === subjectOf(shipment)));
      expect([first.shipmentNumber, second.shipmentNumber]).toEqual([`${orderId}-1`, `${orderId}-2`]);
      expect(second.invoiceNumber).not.toBe(first.invoiceNumber);
      expect(one!.text).toContain(`Shipment ${first.shipmentNumber} of your order ${orderId} (purchase order PO-PARTS) has shipped.`);
      expect(one!.text).toContain(`Sparkling Water (BEV-1001) | 10 | ${formatMoney(10 * water.price)}`);
      expect(one!.text).toContain('Still to come: Sparkling Water (BEV-1001): 15 ready to ship, 15 on backorder, expected Dec 9.');
      expect(one!.text).toContain('Track your parcel: https://www.ups.com/track?tracknum=1Z999AA10123456784');
      expect(one!.html).toContain('href="https://www.ups.com/track?tracknum=1Z999AA10123456784"');
      expect(two!.text).toContain(`Sparkling Water (BEV-1001) | 15 | ${formatMoney(15 * water.price)}`);
      expect(two!.text).toContain('Still to come: Sparkling Water (BEV-1001): 15 on backorder, expected Dec 9.');
      expect(two!.text).toContain('Track your parcel: https://www.fedex.com/fedextrack/?trknbr=123456789012');

      // Each carries its own invoice, for exactly its lines.
      for (const [mail, shipment, quantity] of [[one!, first, 10], [two!, second, 15]] as const) {
        const invoice = (await adminDb.doc(`invoices/${shipment.invoiceNumber}`).get()).data()!;
        expect(mail.text).toContain(`Your invoice ${shipment.invoiceNumber} for ${formatMoney(invoice.total as number)} is attached`);
        const pdf = await attachedPdfText(mail, `${shipment.invoiceNumber}-${orderId}.pdf`);
        expect(pdf).toContain(`Invoice ${shipment.invoiceNumber}`);
        expect(invoice.lines).toEqual([expect.objectContaining({ productId: water.id, quantity })]);
      }

      // Ten cases arrive: they go to this order's backorder, and the buyer hears they are ready.
      await admin.call('adjustStock', { productId: water.id, delta: 10, reason: 'Truck from the bottler' });
      const isReady = (mail: CaughtMail) => mail.subject === `Your order ${orderId}: backordered items are in stock`;
      const ready = (await waitForMail(address, 1, 90_000, isReady)).find(isReady);
      expect(ready!.text).toContain(`These backordered items of your order ${orderId} (purchase order PO-PARTS) arrived and are ready to ship: 10 of Sparkling Water (BEV-1001).`);

      // The owner cancels the rest (10 ready, 5 on backorder): the buyer reads what, why, and that it is not charged.
      const cancelled = await customer.call<CancelBackorderResult>('cancelBackorder', { orderId, requestId: randomUUID(), reason: 'The season is over' });
      expect(cancelled).toEqual({ orderId, status: 'shipped', cancelled: [{ productId: water.id, units: 15 }] });
      const isCancelled = (mail: CaughtMail) => mail.subject === `Your order ${orderId}: items cancelled`;
      const cancelMail = (await waitForMail(address, 1, 90_000, isCancelled)).find(isCancelled);
      expect(cancelMail!.text).toContain(`These items of your order ${orderId} (purchase order PO-PARTS) were cancelled before they shipped: 15 of Sparkling Water (BEV-1001). Reason: The season is over`);
      expect(cancelMail!.text).toContain('You are not charged for cancelled items.');
      expect(cancelMail!.text).toContain('Nothing else is left to ship on this order.');
      expect(cancelMail!.text).toContain(`${builtShopUrl}/order-confirmation/${orderId}`);
    } finally {
      await Promise.all([customer.close(), admin.close()]);
    }
  });

  it('gives up a shipment e-mail whose shipment does not exist', { timeout: 60_000 }, async () => {
    const customer = await webClient(`no-shipment-${Date.now()}@harbor.test`);
    try {
      const orderId = await placeTestOrder(customer, coffee, 2);
      await queueTestMail(`${orderId}-shipment-9`, `no-shipment-${Date.now()}@harbor.test`, 'orderShipment', { orderId, sequence: 9 });
      expect(await waitForMailStatus(`${orderId}-shipment-9`, ['failed'])).toMatchObject({ status: 'failed', lastError: `Shipment 9 of order ${orderId} does not exist.` });
    } finally {
      await customer.close();
    }
  });
});
