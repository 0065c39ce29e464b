import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { FieldValue } from 'firebase-admin/firestore';
import { doc, getDoc, setDoc } from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  accountFigures,
  accountFromLedger,
  cartItemFor,
  expectedOrder,
  formatMoney,
  invoiceFigures,
  invoiceFromData,
  invoiceOpenAmount,
  ledgerEntryFromData,
  orderLinesFromCart,
  orderPaymentFields,
  priceOrder,
  taxRateFor,
  type AccountActivity,
  type CartItem,
  type Orderable,
  type PaymentMethod,
  type Statement,
} from '@harbor/domain';
import { remindOverdueInvoices } from '../functions/src/statements';
import { adminClient } from './adminFixtures';
import { adminDb, callError, clearFirestore, giveCompany, webClient, type TestClient } from './harness';
import { pdfText } from './inbox';

const DAY = 24 * 60 * 60 * 1000;
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const run = promisify(execFile);
/** $100.00 a case of 6, stock enough for every test. */
const cases: Orderable = { id: 'case-1', name: 'Sparkling Water', sku: 'SW-6', unit: 'case of 6 × 1 L bottles', imageUrl: '', price: 10_000, tiers: [], minOrderQty: 1, packSize: 1, stock: 1_000, active: true };
const catalog = new Map([[cases.id, cases]]);
const address = { line1: '1 Pier St', line2: '', city: 'Austin', region: 'TX', postalCode: '73301', country: 'United States' };

let buyer: TestClient;
let stranger: TestClient;
let admin: TestClient;
let companyId: string;

beforeAll(async () => {
  [buyer, stranger, admin] = await Promise.all([webClient(), webClient(), adminClient()]);
});
afterAll(async () => Promise.all([buyer.close(), stranger.close(), admin.close()]));

beforeEach(async () => {
  await clearFirestore();
  const { id, ...fields } = cases;
  await Promise.all([
    adminDb.doc(`products/${id}`).set(fields),
    adminDb.doc(`users/${admin.uid}`).set({ name: 'Test Admin', email: '', role: 'admin' }),
    adminDb.doc(`users/${buyer.uid}`).set({ name: 'Bea Buyer', email: '' }),
    adminDb.doc(`users/${stranger.uid}`).set({ name: 'Sam Stranger', email: '' }),
  ]);
  companyId = await giveCompany(buyer.uid, { memberDetails: { [buyer.uid]: { name: 'Bea Buyer', email: 'owner@harbor.test' } }, creditLimit: 10_000_000 });
  await giveCompany(stranger.uid);
});

/** Moves the functions' clock (functions/src/clock.ts) to `at`. */
const setClock = (at: number) => adminDb.doc('testing/clock').set({ offsetMs: at - Date.now() });

async function order(quantity = 1, paymentMethod: PaymentMethod = 'invoice-net30'): Promise<string> {
  const cart: CartItem[] = [cartItemFor(cases, quantity)];
  await setDoc(doc(buyer.db, 'carts', buyer.uid), { items: cart });
  const expected = expectedOrder(priceOrder(orderLinesFromCart(cart), catalog, { contract: null, taxRateBasisPoints: taxRateFor(address.region) }));
  const { orderId } = await buyer.call<{ orderId: string }>('placeOrder', { requestId: randomUUID(), shippingAddress: address, company: 'Co', paymentMethod, expected });
  return orderId;
}

async function ship(orderId: string): Promise<string> {
  if ((await adminDb.doc(`orders/${orderId}`).get()).get('status') === 'pending') await admin.call('updateOrderStatus', { orderId, status: 'processing' });
  await admin.call('updateOrderStatus', { orderId, status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
  const sequence = (await adminDb.doc(`orders/${orderId}`).get()).get('invoiceNumbers').at(-1) as number;
  return `INV-${String(sequence).padStart(6, '0')}`;
}

const invoiceOf = async (number: string) => (await adminDb.doc(`invoices/${number}`).get()).data()!;
const companyOf = async () => (await adminDb.doc(`companies/${companyId}`).get()).data()!;
const ledger = async () => (await adminDb.collection(`companies/${companyId}/ledger`).orderBy('at').get()).docs.map((entry) => entry.data());
/** Every stored figure is what the company's ledger implies: the balances, each invoice's amounts and status, each order's payment status and what is paid and open. */
async function expectFiguresFollowLedger(): Promise<void> {
  const entries = (await adminDb.collection(`companies/${companyId}/ledger`).orderBy('at').get()).docs.map((entry) => ledgerEntryFromData(entry.id, entry.data()));
  const account = accountFromLedger(entries, formatMoney);
  const { unallocatedCredit, ledgerBalance, openInvoices } = accountFigures(account);
  expect(await companyOf()).toMatchObject({ unallocatedCredit, ledgerBalance, openBalance: openInvoices });
  for (const [number, money] of account.invoices) {
    const stored = invoiceFromData(number, await invoiceOf(number));
    const figures = invoiceFigures(money);
    expect({ number, amountPaid: stored.amountPaid, amountCredited: stored.amountCredited }).toEqual({ number, amountPaid: figures.amountPaid, amountCredited: figures.amountCredited });
    expect(stored.status === 'paid').toBe(invoiceOpenAmount(figures) === 0);
    expect((await adminDb.doc(`orders/${stored.orderId}`).get()).data()).toMatchObject(orderPaymentFields(figures));
  }
}
const pay = (amount: number, extra: Record<string, unknown> = {}) =>
  admin.call<{ paymentId: string; unallocated: number }>('recordPayment', { companyId, requestId: randomUUID(), amount, receivedOn: '2026-11-20', method: 'bank-transfer', reference: 'Wire 77', ...extra });

describe('invoices at shipment', () => {
  it('shipping issues the invoice with the lines, tax, due date and a ledger entry; nothing is invoiced before', async () => {
    const orderId = await order(2);
    await admin.call('updateOrderStatus', { orderId, status: 'processing' });
    expect((await adminDb.doc(`orders/${orderId}`).get()).get('invoiceNumbers')).toEqual([]);
    expect((await adminDb.collection('invoices').get()).size).toBe(0);
    const number = await ship(orderId);
    const placed = (await adminDb.doc(`orders/${orderId}`).get()).data()!;
    const invoice = await invoiceOf(number);
    expect(invoice).toMatchObject({ number, orderId, companyId, status: 'open', total: placed.total, tax: placed.tax, taxRegion: 'TX', amountPaid: 0, amountCredited: 0, paymentMethod: 'invoice-net30' });
    expect(invoice.lines).toEqual([{ productId: 'case-1', sku: 'SW-6', name: 'Sparkling Water', unit: 'case of 6 × 1 L bottles', quantity: 2, unitPrice: 10_000, lineTotal: 20_000 }]);
    expect(invoice.dueAt.toMillis() - invoice.issuedAt.toMillis()).toBe(30 * DAY);
    expect(await ledger()).toMatchObject([{ kind: 'invoice', reference: number, amount: placed.total, balance: placed.total }]);
    // The buyer reads its company's invoice; another company's member does not.
    expect((await getDoc(doc(buyer.db, `invoices/${number}`))).get('total')).toBe(placed.total);
    await expect(getDoc(doc(stranger.db, `invoices/${number}`))).rejects.toMatchObject({ code: 'permission-denied' });
  });

  it('8 orders shipped at once get 8 consecutive numbers', async () => {
    // One order placed through the shop, copied to 8 ready to ship.
    const placed = (await adminDb.doc(`orders/${await order()}`).get()).data()!;
    const orderIds = Array.from({ length: 8 }, (_, index) => `HW-BATCH${String(index).padStart(4, '0')}`);
    await Promise.all(orderIds.map((orderId) => adminDb.doc(`orders/${orderId}`).set({ ...placed, status: 'processing' })));
    await Promise.all(orderIds.map((orderId) => admin.call('updateOrderStatus', { orderId, status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' })));
    const numbers = (await Promise.all(orderIds.map(async (orderId) => ((await adminDb.doc(`orders/${orderId}`).get()).get('invoiceNumbers') as number[]).at(-1)!))).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 8 }, (_, index) => numbers[0]! + index));
    const invoices = await adminDb.collection('invoices').get();
    expect(invoices.docs.map((invoice) => invoice.id).sort()).toEqual(numbers.map((sequence) => `INV-${String(sequence).padStart(6, '0')}`));
  }, 120_000);

  it('a cancellation before shipment issues no invoice and needs no credit note', async () => {
    const orderId = await order();
    await admin.call('updateOrderStatus', { orderId, status: 'cancelled' });
    expect((await adminDb.collection('invoices').get()).size).toBe(0);
    expect(await callError(admin.call('issueCreditNote', { orderId, requestId: randomUUID(), amount: 100, reason: 'Goodwill' }))).toMatchObject({ code: 'failed-precondition' });
  });
});

describe('payments', () => {
  it('a partial payment leaves the invoice partially paid, a second pays it, a reversal reopens it', async () => {
    const number = await ship(await order(3));
    const { total } = await invoiceOf(number);
    const before = (await companyOf()).openBalance as number;
    expect(before).toBe(total);

    const orderId = (await invoiceOf(number)).orderId as string;
    expect((await adminDb.doc(`orders/${orderId}`).get()).data()).toMatchObject({ paymentStatus: 'unpaid', amountPaid: 0, amountOpen: total });
    const first = await pay(10_000);
    expect(await invoiceOf(number)).toMatchObject({ status: 'partially-paid', amountPaid: 10_000 });
    // The order says what is paid and what is still open, for the lists of orders.
    expect((await adminDb.doc(`orders/${orderId}`).get()).data()).toMatchObject({ paymentStatus: 'unpaid', amountPaid: 10_000, amountOpen: total - 10_000 });
    expect((await companyOf()).openBalance).toBe(total - 10_000);
    // A retry of the same request records nothing new.
    const retry = await admin.call<{ paymentId: string }>('recordPayment', { companyId, requestId: (await adminDb.doc(`payments/${first.paymentId}`).get()).get('requestId'), amount: 10_000, receivedOn: '2026-11-20', method: 'bank-transfer' });
    expect(retry.paymentId).toBe(first.paymentId);
    expect((await adminDb.collection('payments').get()).size).toBe(1);

    const second = await pay(total - 10_000, { allocations: [{ invoiceNumber: number, amount: total - 10_000 }], method: 'check' });
    expect(await invoiceOf(number)).toMatchObject({ status: 'paid', amountPaid: total });
    expect((await adminDb.doc(`orders/${orderId}`).get()).get('paymentStatus')).toBe('paid');
    expect((await companyOf()).openBalance).toBe(0);

    await admin.call('reversePayment', { paymentId: second.paymentId, reason: 'Check bounced' });
    await admin.call('reversePayment', { paymentId: second.paymentId, reason: 'Check bounced' });
    expect(await invoiceOf(number)).toMatchObject({ status: 'partially-paid', amountPaid: 10_000 });
    expect((await adminDb.doc(`orders/${orderId}`).get()).get('paymentStatus')).toBe('unpaid');
    expect((await adminDb.doc(`payments/${second.paymentId}`).get()).data()).toMatchObject({ reversed: true, amount: total - 10_000, reversal: { reason: 'Check bounced' } });
    expect((await companyOf()).openBalance).toBe(total - 10_000);
    expect((await ledger()).map((entry) => [entry.kind, entry.amount, entry.balance])).toEqual([
      ['invoice', total, total],
      ['payment', -10_000, total - 10_000],
      ['payment', -(total - 10_000), 0],
      ['payment-reversal', total - 10_000, total - 10_000],
    ]);
  });

  it('oldest invoice first; an overpayment is refused unless kept as credit, which pays the next invoice first', async () => {
    const older = await ship(await order());
    const newer = await ship(await order());
    const { total } = await invoiceOf(older);
    await pay(total + 1000);
    expect(await invoiceOf(older)).toMatchObject({ status: 'paid' });
    expect(await invoiceOf(newer)).toMatchObject({ status: 'partially-paid', amountPaid: 1000 });

    const refused = await callError(pay(total * 2));
    expect(refused.code).toBe('failed-precondition');
    expect(refused.message).toMatch(/more than it can pay of open invoices/);
    expect((await adminDb.collection('payments').get()).size).toBe(1);

    const kept = await pay(total * 2, { keepCredit: true });
    expect(kept.unallocated).toBe(total * 2 - (total - 1000));
    expect(await companyOf()).toMatchObject({ unallocatedCredit: total + 1000, openBalance: 0 });
    // The next invoice is paid from the credit held on account.
    const next = await ship(await order());
    expect(await invoiceOf(next)).toMatchObject({ status: 'paid', amountPaid: total });
    expect(await companyOf()).toMatchObject({ unallocatedCredit: 1000, openBalance: 0 });
  });

  it('only payment staff record or reverse payments; bad allocations are refused whole', async () => {
    const number = await ship(await order());
    expect((await callError(buyer.call('recordPayment', { companyId, requestId: randomUUID(), amount: 100, receivedOn: '2026-11-20', method: 'check' }))).code).toBe('permission-denied');
    expect(await callError(pay(100, { allocations: [{ invoiceNumber: 'INV-999999', amount: 100 }] }))).toMatchObject({ code: 'failed-precondition', message: 'Invoice INV-999999 is not an open invoice of this company.' });
    expect((await callError(pay(100, { method: 'cash' }))).code).toBe('invalid-argument');
    expect((await callError(pay(0))).code).toBe('invalid-argument');
    expect(await invoiceOf(number)).toMatchObject({ amountPaid: 0, status: 'open' });
    expect((await adminDb.collection('payments').get()).size).toBe(0);
  });

  it('markOrderPaid pays the open amount once per request, using credit on account first, and pays again after a reversal', async () => {
    const orderId = await order();
    expect(await callError(admin.call('markOrderPaid', { orderId, requestId: randomUUID() }))).toMatchObject({ code: 'failed-precondition' });
    const number = await ship(orderId);
    const { total } = await invoiceOf(number);
    // $10.00 held on account, from a payment the company made for nothing yet.
    await pay(total);
    await pay(1000, { keepCredit: true });
    const second = await order();
    const secondNumber = await ship(second);
    expect(await invoiceOf(secondNumber)).toMatchObject({ amountPaid: 1000, status: 'partially-paid' });

    const click = randomUUID();
    const paid = await admin.call<{ paymentStatus: string; paymentId: string }>('markOrderPaid', { orderId: second, requestId: click });
    expect(paid.paymentStatus).toBe('paid');
    // The same click again records nothing.
    expect(await admin.call('markOrderPaid', { orderId: second, requestId: click })).toEqual(paid);
    expect((await adminDb.doc(`payments/${paid.paymentId}`).get()).get('amount')).toBe(total - 1000);
    expect(await invoiceOf(secondNumber)).toMatchObject({ amountPaid: total, status: 'paid' });
    // A new click on a paid invoice says so and records nothing.
    expect(await callError(admin.call('markOrderPaid', { orderId: second, requestId: randomUUID() }))).toMatchObject({ code: 'failed-precondition', message: expect.stringContaining('already paid') });
    expect((await adminDb.collection('payments').get()).size).toBe(3);

    // The payment bounces: the invoice opens again, and the old click does not answer "paid".
    await admin.call('reversePayment', { paymentId: paid.paymentId, reason: 'Returned by the bank' });
    expect(await invoiceOf(secondNumber)).toMatchObject({ amountPaid: 1000, status: 'partially-paid' });
    expect(await admin.call('markOrderPaid', { orderId: second, requestId: click })).toMatchObject({ paymentStatus: 'unpaid' });
    const again = await admin.call<{ paymentStatus: string; paymentId: string }>('markOrderPaid', { orderId: second, requestId: randomUUID() });
    expect(again.paymentStatus).toBe('paid');
    expect(again.paymentId).not.toBe(paid.paymentId);
    expect(await invoiceOf(secondNumber)).toMatchObject({ amountPaid: total, status: 'paid' });
    expect((await adminDb.doc(`orders/${second}`).get()).get('paymentStatus')).toBe('paid');
    await expectFiguresFollowLedger();
  });

  it('markOrderPaid settles from credit on account alone when it covers the invoice', async () => {
    const first = await order();
    const second = await order();
    const firstNumber = await ship(first);
    const secondNumber = await ship(second);
    const { total } = await invoiceOf(firstNumber);
    await pay(total);
    // A credit note on the paid invoice gives the company credit while the second is open.
    await admin.call('issueCreditNote', { orderId: first, requestId: randomUUID(), amount: total, reason: 'Goods damaged' });
    expect(await companyOf()).toMatchObject({ unallocatedCredit: total });
    const paid = await admin.call<{ paymentStatus: string; paymentId: string | null }>('markOrderPaid', { orderId: second, requestId: randomUUID() });
    expect(paid).toMatchObject({ paymentStatus: 'paid', paymentId: null });
    expect(await invoiceOf(secondNumber)).toMatchObject({ amountPaid: total, status: 'paid' });
    expect((await adminDb.collection('payments').get()).size).toBe(1);
    expect((await ledger()).at(-1)).toMatchObject({ kind: 'credit-applied', amount: 0, allocations: [{ invoiceNumber: secondNumber, amount: total }] });
    await expectFiguresFollowLedger();
  });
});

describe('the ledger is the truth', () => {
  /** An order invoiced, paid in full, then credited in full (goods damaged): the payment's money is held as credit. */
  async function paidThenCredited(): Promise<{ orderId: string; number: string; total: number; paymentId: string }> {
    const orderId = await order();
    const number = await ship(orderId);
    const { total } = await invoiceOf(number);
    const { paymentId } = await pay(total);
    await admin.call('issueCreditNote', { orderId, requestId: randomUUID(), amount: total, reason: 'Goods damaged' });
    return { orderId, number, total, paymentId };
  }
  const paymentStatusOf = async (orderId: string): Promise<string> => (await adminDb.doc(`orders/${orderId}`).get()).get('paymentStatus') as string;

  it('a payment that bounces after its invoice was credited leaves no credit, and the next invoice is not paid with it', async () => {
    const { orderId, number, total, paymentId } = await paidThenCredited();
    // The credit note displaced the payment: its money is the company's credit until it bounces.
    expect(await companyOf()).toMatchObject({ unallocatedCredit: total, ledgerBalance: -total });
    await admin.call('reversePayment', { paymentId, reason: 'The transfer bounced' });
    expect(await companyOf()).toMatchObject({ unallocatedCredit: 0, ledgerBalance: 0, openBalance: 0 });
    expect(await invoiceOf(number)).toMatchObject({ amountPaid: 0, amountCredited: total, status: 'paid' });
    expect(await paymentStatusOf(orderId)).toBe('paid');

    const next = await order();
    const nextNumber = await ship(next);
    expect(await invoiceOf(nextNumber)).toMatchObject({ amountPaid: 0, status: 'open' });
    expect(await paymentStatusOf(next)).toBe('unpaid');
    expect(await companyOf()).toMatchObject({ unallocatedCredit: 0, ledgerBalance: total, openBalance: total });
    await expectFiguresFollowLedger();
  });

  it('a payment that bounces after its credit paid a later invoice opens that invoice again', async () => {
    const { total, paymentId } = await paidThenCredited();
    const next = await order();
    const nextNumber = await ship(next);
    expect(await invoiceOf(nextNumber)).toMatchObject({ amountPaid: total, status: 'paid' });
    expect(await paymentStatusOf(next)).toBe('paid');
    await admin.call('reversePayment', { paymentId, reason: 'The transfer bounced' });
    expect(await invoiceOf(nextNumber)).toMatchObject({ amountPaid: 0, status: 'open' });
    expect(await paymentStatusOf(next)).toBe('unpaid');
    expect(await companyOf()).toMatchObject({ unallocatedCredit: 0, ledgerBalance: total, openBalance: total });
    await expectFiguresFollowLedger();
  });

  it('a credit note that settles an overdue invoice settles its order: paid, not overdue', async () => {
    const orderId = await order();
    const number = await ship(orderId);
    const { total } = await invoiceOf(number);
    await setClock(Date.now() + 40 * DAY);
    await remindOverdueInvoices(Date.now() + 40 * DAY);
    expect(await invoiceOf(number)).toMatchObject({ status: 'overdue' });
    await admin.call('issueCreditNote', { orderId, requestId: randomUUID(), amount: total, reason: 'Never delivered' });
    expect(await invoiceOf(number)).toMatchObject({ status: 'paid', amountCredited: total });
    expect(await paymentStatusOf(orderId)).toBe('paid');
    expect(await companyOf()).toMatchObject({ openBalance: 0, ledgerBalance: 0, unallocatedCredit: 0 });
    await expectFiguresFollowLedger();
  });

  it('financial e-mail goes to the current owners and the accounts-payable address, not to who registered the company', async () => {
    // The company was registered by someone since gone; today's owner is the buyer.
    await adminDb.doc(`companies/${companyId}`).update({ ownerEmail: 'founder@gone.test', [`memberDetails.${buyer.uid}`]: { name: 'Bea Buyer', email: 'bea@harbor.test' }, billingEmail: 'ap@harbor.test' });
    const orderId = await order();
    const number = await ship(orderId);
    const { paymentId } = await pay(1000);
    expect((await adminDb.doc(`mail/${paymentId}-received`).get()).get('to')).toEqual(['ap@harbor.test', 'bea@harbor.test']);
    await setClock(Date.now() + 40 * DAY);
    await remindOverdueInvoices(Date.now() + 40 * DAY);
    const reminder = await adminDb.collection('mail').where('template', '==', 'invoiceOverdue').get();
    expect(reminder.docs.map((mail) => mail.get('to'))).toEqual([['ap@harbor.test', 'bea@harbor.test']]);
    expect((await adminDb.doc(`mail/${number}-issued`).get()).get('to')).toEqual(['ap@harbor.test', 'bea@harbor.test']);
  });
});

describe('npm run reconcile:ledgers', () => {
  it('names the invoices old payments paid and writes the figures the ledger implies; a second run changes nothing', async () => {
    const first = await order();
    const second = await order();
    const firstNumber = await ship(first);
    const secondNumber = await ship(second);
    const { total } = await invoiceOf(secondNumber);
    // A payment recorded by the code before, for the second invoice: its ledger entry does not name it.
    const { paymentId } = await pay(total, { allocations: [{ invoiceNumber: secondNumber, amount: total }] });
    const entry = (await adminDb.collection(`companies/${companyId}/ledger`).where('reference', '==', paymentId).get()).docs[0]!;
    await entry.ref.update({ allocations: FieldValue.delete() });
    // ...and the old code left credit on account that its own reversal had never taken back.
    await adminDb.doc(`companies/${companyId}`).update({ unallocatedCredit: 5_000 });
    // An order invoiced before orders kept what is paid and open of their invoice.
    await adminDb.doc(`orders/${first}`).update({ amountPaid: FieldValue.delete(), amountOpen: FieldValue.delete() });

    const dry = await run('npm', ['run', '--silent', 'reconcile:ledgers', '--', '--dry-run'], { cwd: ROOT, env: process.env });
    expect(dry.stdout).toContain('Would reconcile 1 of 2 companies');
    expect((await companyOf()).unallocatedCredit).toBe(5_000);

    const { stdout } = await run('npm', ['run', '--silent', 'reconcile:ledgers'], { cwd: ROOT, env: process.env });
    expect(stdout).toContain('credit on account $50.00 → $0.00');
    expect(stdout).toContain('1 payment entries name the invoices their payments paid');
    expect(stdout).toContain('1 order shows what is paid and open of its invoice');
    expect((await adminDb.doc(`orders/${first}`).get()).data()).toMatchObject({ paymentStatus: 'unpaid', amountPaid: 0, amountOpen: (await invoiceOf(firstNumber)).total });
    expect((await entry.ref.get()).get('allocations')).toEqual([{ invoiceNumber: secondNumber, amount: total }]);
    expect(await invoiceOf(firstNumber)).toMatchObject({ amountPaid: 0, status: 'open' });
    expect(await invoiceOf(secondNumber)).toMatchObject({ amountPaid: total, status: 'paid' });
    await expectFiguresFollowLedger();
    const again = await run('npm', ['run', '--silent', 'reconcile:ledgers'], { cwd: ROOT, env: process.env });
    expect(again.stdout).toContain('Reconciled 0 of 2 companies');
  }, 60_000);
});

describe('credit notes', () => {
  it('returned lines are restocked and lower the balance; more than the uncredited amount is refused', async () => {
    const orderId = await order(4);
    const number = await ship(orderId);
    const invoice = await invoiceOf(number);
    const stockAfterOrder = (await adminDb.doc('products/case-1').get()).get('stock') as number;

    const { number: note, amount } = await admin.call<{ number: string; amount: number }>('issueCreditNote', { orderId, requestId: randomUUID(), lines: [{ productId: 'case-1', quantity: 1 }], reason: 'One case returned', restock: true });
    expect(note).toMatch(/^CN-\d{6}$/);
    expect(amount).toBe(10_000 + Math.round((10_000 * invoice.taxRateBasisPoints) / 10_000));
    expect((await adminDb.doc('products/case-1').get()).get('stock')).toBe(stockAfterOrder + 1);
    expect(await invoiceOf(number)).toMatchObject({ amountCredited: amount, creditNotes: [note], status: 'partially-paid' });
    expect((await companyOf()).openBalance).toBe(invoice.total - amount);
    expect((await adminDb.doc(`creditNotes/${note}`).get()).data()).toMatchObject({ invoiceNumber: number, orderId, amount, restocked: true, reason: 'One case returned' });
    expect((await adminDb.doc(`mail/${note}-issued`).get()).get('template')).toBe('creditNoteIssued');
    expect((await ledger()).at(-1)).toMatchObject({ kind: 'credit-note', reference: note, amount: -amount, balance: invoice.total - amount });

    const tooMuch = await callError(admin.call('issueCreditNote', { orderId, requestId: randomUUID(), amount: invoice.total - amount + 1, reason: 'Too much' }));
    expect(tooMuch.code).toBe('failed-precondition');
    expect((await callError(admin.call('issueCreditNote', { orderId, requestId: randomUUID(), lines: [{ productId: 'case-1', quantity: 4 }], reason: 'All back', restock: true }))).code).toBe('failed-precondition');
    expect((await callError(admin.call('issueCreditNote', { orderId, requestId: randomUUID(), lines: [{ productId: 'case-1', quantity: 1 }], amount: 100, reason: 'Both' }))).code).toBe('invalid-argument');
    expect((await adminDb.collection('creditNotes').get()).size).toBe(1);
    expect((await adminDb.doc('products/case-1').get()).get('stock')).toBe(stockAfterOrder + 1);

    // An allowance for the rest settles the invoice; its number follows.
    const rest = await admin.call<{ number: string }>('issueCreditNote', { orderId, requestId: randomUUID(), amount: invoice.total - amount, reason: 'Damaged goods kept' });
    expect(Number(rest.number.slice(3))).toBe(Number(note.slice(3)) + 1);
    expect(await invoiceOf(number)).toMatchObject({ status: 'paid', amountCredited: invoice.total });
    expect((await companyOf()).openBalance).toBe(0);
  });
});

describe('statements, ageing and reminders', () => {
  it('the statement puts invoices dated in each bucket in that bucket', async () => {
    const now = Date.now();
    // Net 30: an invoice issued 30 + d days ago is d days past due.
    const pastDue = { current: -10, '1-30': 15, '31-60': 45, '61-90': 75, 'over-90': 120 };
    const totals: Record<string, number> = {};
    for (const [bucket, days] of Object.entries(pastDue)) {
      const orderId = await order();
      await setClock(now - (30 + days) * DAY);
      const number = await ship(orderId);
      totals[bucket] = (await invoiceOf(number)).total as number;
    }
    await setClock(now);
    const { statement, pdf, fileName } = await buyer.call<{ statement: Statement; pdf: string; fileName: string }>('getStatement', { companyId });
    expect(statement.buckets).toEqual(totals);
    expect(statement.overdue).toBe(statement.total - totals.current!);
    expect(statement.invoices.map((invoice) => invoice.bucket)).toEqual(['over-90', '61-90', '31-60', '1-30', 'current']);
    // Shipped 150 days before the statement, net 30: 120 days past due, or 119 when the clock moved on between the two.
    expect(statement.invoices[0]!.status).toBe('overdue');
    expect(statement.invoices[0]!.daysPastDue).toBeGreaterThanOrEqual(119);
    expect(statement.invoices[0]!.daysPastDue).toBeLessThanOrEqual(120);
    expect(fileName).toMatch(/\.pdf$/);
    expect(Buffer.from(pdf, 'base64').subarray(0, 5).toString()).toBe('%PDF-');

    const report = await admin.call<{ rows: { companyId: string; overdue: number }[]; totals: { overdue: number } }>('receivablesReport', {});
    expect(report.rows).toEqual([expect.objectContaining({ companyId, overdue: statement.overdue })]);
    expect(report.totals.overdue).toBe(statement.overdue);
    expect((await callError(buyer.call('receivablesReport', {}))).code).toBe('permission-denied');
    expect(await callError(stranger.call('getStatement', { companyId }))).toMatchObject({ code: 'not-found' });
  });

  it('the statement runs from the opening balance through every invoice, payment, credit note and reversal of the period to the closing balance', async () => {
    const now = Date.now();
    const day = (millis: number) => new Date(millis).toISOString().slice(0, 10);
    // Before the last 90 days: an invoice and a payment on it.
    const first = await order();
    await setClock(now - 120 * DAY);
    const firstNumber = await ship(first);
    await setClock(now - 100 * DAY);
    const { paymentId } = await pay(10_000, { reference: 'Check 2001', method: 'check' });
    // In them: the payment bounces, a second invoice, and a credit note on it.
    await setClock(now - 30 * DAY);
    await admin.call('reversePayment', { paymentId, reason: 'Check bounced' });
    const second = await order();
    await setClock(now - 20 * DAY);
    const secondNumber = await ship(second);
    await setClock(now - 10 * DAY);
    const { number: creditNote } = await admin.call<{ number: string }>('issueCreditNote', { orderId: second, requestId: randomUUID(), amount: 5_000, reason: 'Damaged case' });
    await setClock(now);
    const [firstTotal, secondTotal] = [(await invoiceOf(firstNumber)).total as number, (await invoiceOf(secondNumber)).total as number];

    const { activity, pdf, fileName } = await buyer.call<{ activity: AccountActivity; pdf: string; fileName: string }>('getStatement', { companyId });
    expect(activity.period).toEqual({ from: day(now - 89 * DAY), to: day(now) });
    expect(activity.openingBalance).toBe(firstTotal - 10_000);
    expect(activity.lines.map((line) => [line.kind, line.reference, line.amount])).toEqual([
      ['payment-reversal', paymentId, 10_000],
      ['invoice', secondNumber, secondTotal],
      ['credit-note', creditNote, -5_000],
    ]);
    expect(activity.closingBalance).toBe(firstTotal + secondTotal - 5_000);
    expect(fileName).toBe(`statement-${activity.period.from}-to-${activity.period.to}.pdf`);
    const text = await pdfText(new Uint8Array(Buffer.from(pdf, 'base64')));
    for (const words of ['Account activity', 'Opening balance', formatMoney(firstTotal - 10_000), paymentId, secondNumber, creditNote, 'Closing balance', formatMoney(firstTotal + secondTotal - 5_000), 'Open invoices on']) {
      expect(text).toContain(words);
    }

    // A period of the payment's day alone: the payment, after the first invoice's balance.
    const paid = await buyer.call<{ activity: AccountActivity }>('getStatement', { companyId, from: day(now - 100 * DAY), to: day(now - 100 * DAY) });
    expect(paid.activity).toMatchObject({ openingBalance: firstTotal, closingBalance: firstTotal - 10_000 });
    expect(paid.activity.lines.map((line) => [line.kind, line.description])).toEqual([['payment', 'Payment by check (Check 2001)']]);
    expect(await callError(buyer.call('getStatement', { companyId, from: day(now), to: day(now - DAY) }))).toEqual({ code: 'invalid-argument', message: 'The first day of the statement must not be after its last day.' });
  });

  it('an overdue invoice reminds the owner once when it becomes overdue, then weekly, once a day at most', async () => {
    const number = await ship(await order());
    const dueAt = ((await invoiceOf(number)).dueAt as { toMillis(): number }).toMillis();
    const reminders = async () => (await adminDb.collection('mail').where('template', '==', 'invoiceOverdue').get()).docs.map((mail) => mail.data());
    expect(await remindOverdueInvoices(dueAt - DAY)).toBe(0);
    const [first, again] = await Promise.all([remindOverdueInvoices(dueAt + DAY), remindOverdueInvoices(dueAt + DAY)]);
    expect(first + again).toBe(1);
    expect(await invoiceOf(number)).toMatchObject({ status: 'overdue', remindersSent: 1 });
    expect(await remindOverdueInvoices(dueAt + 4 * DAY)).toBe(0);
    expect(await remindOverdueInvoices(dueAt + 8 * DAY)).toBe(1);
    expect((await reminders()).map((mail) => [mail.to, mail.data])).toEqual([
      [['owner@harbor.test'], { invoiceNumber: number, reminder: 1 }],
      [['owner@harbor.test'], { invoiceNumber: number, reminder: 2 }],
    ]);
    // Paid, it is no longer reminded.
    await pay((await invoiceOf(number)).total as number);
    expect(await remindOverdueInvoices(dueAt + 20 * DAY)).toBe(0);
  });
});
