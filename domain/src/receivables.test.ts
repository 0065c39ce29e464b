import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';
import { ageBucket, ageing, allocatePayment, billingContact, companyMailRecipients, daysPastDue, financialRecipients, formatCreditNoteNumber, formatInvoiceNumber, invoiceDueAt, invoiceOpenAmount, invoiceSequence, invoiceStatus, statementOf, type Invoice } from './receivables';
import { invoiceFromData } from './receivablesData';
import { issueCreditNoteInputSchema, recordPaymentInputSchema } from './receivablesSchemas';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 10, 26, 12);
const invoice = (number: string, total: number, dueAt = NOW + DAY, paid = 0, credited = 0): Invoice => ({
  ...invoiceFromData(number, { sequence: Number(number.slice(4)), total, amountPaid: paid, amountCredited: credited, dueAt, issuedAt: dueAt - 30 * DAY, orderId: `order-${number}` }),
});

describe('numbers', () => {
  it('formats and reads invoice and credit note numbers', () => {
    expect(formatInvoiceNumber(42)).toBe('INV-000042');
    expect(formatCreditNoteNumber(7)).toBe('CN-000007');
    expect(formatInvoiceNumber(1_234_567)).toBe('INV-1234567');
    expect(invoiceSequence('inv-000042')).toBe(42);
    expect(invoiceSequence(42)).toBe(42);
    for (const bad of ['INV-', 'INV-0', 'CN-000001', '42', 'INV-1.5', -3, 0, 1.5]) expect(invoiceSequence(bad)).toBeNull();
  });
});

describe('invoice status and due date', () => {
  it('is paid when nothing is open, overdue past the due date, partially paid after a payment or credit', () => {
    expect(invoiceStatus(invoice('INV-000001', 1000), NOW)).toBe('open');
    expect(invoiceStatus(invoice('INV-000001', 1000, NOW + DAY, 400), NOW)).toBe('partially-paid');
    expect(invoiceStatus(invoice('INV-000001', 1000, NOW + DAY, 0, 1), NOW)).toBe('partially-paid');
    expect(invoiceStatus(invoice('INV-000001', 1000, NOW + DAY, 600, 400), NOW)).toBe('paid');
    expect(invoiceStatus(invoice('INV-000001', 1000, NOW - 1, 400), NOW)).toBe('overdue');
    expect(invoiceStatus(invoice('INV-000001', 1000, NOW), NOW)).toBe('open');
    expect(invoiceOpenAmount({ total: 1000, amountPaid: 900, amountCredited: 500 })).toBe(0);
  });

  it('net terms run from the invoice date; bank transfer is due on receipt', () => {
    expect(invoiceDueAt('invoice-net30', NOW)).toBe(NOW + 30 * DAY);
    expect(invoiceDueAt('invoice-net15', NOW)).toBe(NOW + 15 * DAY);
    expect(invoiceDueAt('bank-transfer', NOW)).toBe(NOW);
  });
});

describe('allocatePayment', () => {
  const open = [invoice('INV-000001', 1000), invoice('INV-000002', 2000, NOW + DAY, 500)];

  it('pays the oldest invoice first, partially the next', () => {
    expect(allocatePayment(open, { amount: 1800, credit: 0, keepCredit: false }, formatMoney)).toEqual({
      ok: true,
      allocations: [{ invoiceNumber: 'INV-000001', amount: 1000 }, { invoiceNumber: 'INV-000002', amount: 800 }],
      creditApplied: 0,
      unallocated: 0,
    });
  });

  it('uses the credit on account before the new money', () => {
    expect(allocatePayment(open, { amount: 1000, credit: 700, keepCredit: false }, formatMoney)).toMatchObject({ ok: true, creditApplied: 700, unallocated: 0 });
    expect(allocatePayment(open, { amount: 100, credit: 5000, keepCredit: true }, formatMoney)).toMatchObject({ ok: true, creditApplied: 2500, unallocated: 100 });
  });

  it('refuses an overpayment unless the rest is kept as credit', () => {
    expect(allocatePayment(open, { amount: 2501, credit: 0, keepCredit: false }, formatMoney)).toEqual({ ok: false, problem: "This payment of $25.01 is $0.01 more than it can pay of open invoices. Keep the rest as the company's credit, or enter a smaller amount." });
    expect(allocatePayment(open, { amount: 2501, credit: 0, keepCredit: true }, formatMoney)).toMatchObject({ ok: true, unallocated: 1 });
    expect(allocatePayment([], { amount: 100, credit: 0, keepCredit: false }, formatMoney)).toMatchObject({ ok: false });
  });

  it('checks explicit allocations against the open invoices', () => {
    // Named as none: all of it is kept as credit (a prepaid order paid before its invoice), never spread oldest first.
    expect(allocatePayment(open, { amount: 500, credit: 700, requested: [], keepCredit: true }, formatMoney)).toEqual({ ok: true, allocations: [], creditApplied: 0, unallocated: 500 });
    expect(allocatePayment(open, { amount: 500, credit: 0, requested: [], keepCredit: false }, formatMoney)).toMatchObject({ ok: false });
    expect(allocatePayment(open, { amount: 500, credit: 0, requested: [{ invoiceNumber: 'INV-000002', amount: 500 }], keepCredit: false }, formatMoney)).toMatchObject({ ok: true, allocations: [{ invoiceNumber: 'INV-000002', amount: 500 }] });
    expect(allocatePayment(open, { amount: 2000, credit: 0, requested: [{ invoiceNumber: 'INV-000002', amount: 1600 }], keepCredit: false }, formatMoney)).toEqual({ ok: false, problem: 'Invoice INV-000002 has $15.00 open; $16.00 is more than that.' });
    expect(allocatePayment(open, { amount: 100, credit: 0, requested: [{ invoiceNumber: 'INV-000009', amount: 100 }], keepCredit: false }, formatMoney)).toMatchObject({ ok: false, problem: 'Invoice INV-000009 is not an open invoice of this company.' });
    expect(allocatePayment(open, { amount: 100, credit: 0, requested: [{ invoiceNumber: 'INV-000001', amount: 50 }, { invoiceNumber: 'INV-000001', amount: 50 }], keepCredit: false }, formatMoney)).toMatchObject({ ok: false });
    expect(allocatePayment(open, { amount: 100, credit: 0, requested: [{ invoiceNumber: 'INV-000001', amount: 200 }], keepCredit: true }, formatMoney)).toMatchObject({ ok: false });
    // Allocated less than paid: the rest is an overpayment.
    expect(allocatePayment(open, { amount: 500, credit: 0, requested: [{ invoiceNumber: 'INV-000001', amount: 400 }], keepCredit: false }, formatMoney)).toMatchObject({ ok: false });
  });
});

describe('ageing', () => {
  it('puts each amount in its bucket by whole days past due', () => {
    expect(ageBucket(NOW, NOW)).toBe('current');
    expect(ageBucket(NOW - DAY + 1, NOW)).toBe('current');
    expect(ageBucket(NOW - DAY, NOW)).toBe('1-30');
    expect(ageBucket(NOW - 30 * DAY, NOW)).toBe('1-30');
    expect(ageBucket(NOW - 31 * DAY, NOW)).toBe('31-60');
    expect(ageBucket(NOW - 60 * DAY, NOW)).toBe('31-60');
    expect(ageBucket(NOW - 61 * DAY, NOW)).toBe('61-90');
    expect(ageBucket(NOW - 90 * DAY, NOW)).toBe('61-90');
    expect(ageBucket(NOW - 91 * DAY, NOW)).toBe('over-90');
    expect(daysPastDue(NOW + 5 * DAY, NOW)).toBe(0);
  });

  it('totals open amounts by age, and the statement lists open invoices oldest due first', () => {
    const invoices = [invoice('INV-000003', 300, NOW - 45 * DAY), invoice('INV-000001', 100, NOW + DAY), invoice('INV-000002', 200, NOW - 95 * DAY, 50), invoice('INV-000004', 999, NOW - 10 * DAY, 999)];
    expect(ageing(invoices, NOW)).toEqual({ buckets: { current: 100, '1-30': 0, '31-60': 300, '61-90': 0, 'over-90': 150 }, total: 550, overdue: 450 });
    const statement = statementOf({ id: 'co', name: 'Co', unallocatedCredit: 25 }, invoices, NOW);
    expect(statement.invoices.map((entry) => [entry.number, entry.open, entry.bucket, entry.status])).toEqual([
      ['INV-000002', 150, 'over-90', 'overdue'],
      ['INV-000003', 300, '31-60', 'overdue'],
      ['INV-000001', 100, 'current', 'open'],
    ]);
    expect(statement).toMatchObject({ total: 550, overdue: 450, unallocatedCredit: 25 });
  });
});

describe('input schemas', () => {
  const payment = { companyId: 'co-1', requestId: 'request-0001', amount: 1000, receivedOn: '2026-11-20', method: 'check' };

  it('reads a payment: the day as midnight UTC, invoice numbers in either form', () => {
    const parsed = recordPaymentInputSchema.parse({ ...payment, allocations: [{ invoiceNumber: 42, amount: 1000 }] });
    expect(parsed).toMatchObject({ receivedOn: Date.UTC(2026, 10, 20), allocations: [{ invoiceNumber: 'INV-000042', amount: 1000 }], keepCredit: false, reference: '' });
  });

  it.each([
    [{ amount: 0 }, 'The amount must be more than $0.00.'],
    [{ amount: 10.5 }, 'Must be whole cents.'],
    [{ receivedOn: '20/11/2026' }, 'Give the day the payment was received (YYYY-MM-DD).'],
    [{ receivedOn: '1999-01-01' }, 'Give the day the payment was received (YYYY-MM-DD).'],
    [{ method: 'cash' }, 'The method must be one of bank-transfer, check, card, ach, other.'],
    [{ allocations: [{ invoiceNumber: 'CN-000001', amount: 1 }] }, 'Give an invoice number such as INV-000042.'],
    [{ requestId: 'x' }, 'The request id must be 8 to 64 letters, digits, "-" or "_".'],
  ])('refuses %j', (change, message) => {
    const result = recordPaymentInputSchema.safeParse({ ...payment, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('a credit note has either lines or an amount, and a reason', () => {
    const base = { orderId: 'HW-1', requestId: 'request-0001', reason: 'Damaged' };
    expect(issueCreditNoteInputSchema.safeParse({ ...base, amount: 100 }).success).toBe(true);
    expect(issueCreditNoteInputSchema.safeParse({ ...base, lines: [{ productId: 'p1', quantity: 1 }], restock: true }).success).toBe(true);
    expect(issueCreditNoteInputSchema.safeParse({ ...base, amount: 100, lines: [{ productId: 'p1', quantity: 1 }] }).error?.issues[0]?.message).toBe('Give either the returned lines or an amount, not both.');
    expect(issueCreditNoteInputSchema.safeParse(base).success).toBe(false);
    expect(issueCreditNoteInputSchema.safeParse({ ...base, amount: 100, reason: ' ' }).error?.issues[0]?.message).toBe('Give a reason.');
  });
});

describe('financial e-mail', () => {
  it('goes to the accounts-payable address and the current owners, each once, never to a plain buyer', () => {
    const company = {
      members: { a: 'owner', b: 'buyer', c: 'owner', d: 'approver' },
      memberDetails: { a: { email: 'Ann@acme.test' }, b: { email: 'bob@acme.test' }, c: { email: 'ap@acme.test' }, d: { email: 'dee@acme.test' } },
      billingEmail: 'AP@acme.test',
    };
    expect(financialRecipients(company)).toEqual(['AP@acme.test', 'Ann@acme.test']);
    expect(financialRecipients({ ...company, billingEmail: '' })).toEqual(['Ann@acme.test', 'ap@acme.test']);
    expect(financialRecipients({ members: { b: 'buyer' }, memberDetails: {}, billingEmail: '' })).toEqual([]);
  });

  const company = {
    members: { a: 'owner', b: 'buyer', d: 'approver' },
    memberDetails: { a: { email: 'ann@acme.test' }, b: { email: 'bob@acme.test' }, d: { email: 'dee@acme.test' } },
    billingEmail: 'ap@acme.test',
  };

  it("an order's news goes to the buyer who placed it alone; money owed or paid to the payers; invoices and credit notes to both", () => {
    const recipients = (kind: Parameters<typeof companyMailRecipients>[0]) => companyMailRecipients(kind, { company, buyerEmail: 'bob@acme.test' });
    expect(recipients('order')).toEqual(['bob@acme.test']);
    expect(recipients('invoice')).toEqual(['bob@acme.test', 'ap@acme.test', 'ann@acme.test']);
    expect(recipients('credit-note')).toEqual(['bob@acme.test', 'ap@acme.test', 'ann@acme.test']);
    for (const kind of ['receipt', 'reminder', 'statement'] as const) expect(recipients(kind)).toEqual(['ap@acme.test', 'ann@acme.test']);
    // An approver is neither: it decides orders, it does not pay them.
    expect(recipients('invoice')).not.toContain('dee@acme.test');
  });

  it('names an owner who ordered once, and a buyer without a company alone', () => {
    expect(companyMailRecipients('credit-note', { company, buyerEmail: 'Ann@Acme.test' })).toEqual(['Ann@Acme.test', 'ap@acme.test']);
    expect(companyMailRecipients('invoice', { company: null, buyerEmail: 'guest@example.test' })).toEqual(['guest@example.test']);
    expect(companyMailRecipients('receipt', { company: null, buyerEmail: 'guest@example.test' })).toEqual([]);
    expect(companyMailRecipients('order', { company, buyerEmail: '' })).toEqual([]);
  });

  it("bills the accounts-payable address, else the first owner, else no one", () => {
    expect(billingContact(company)).toBe('ap@acme.test');
    expect(billingContact({ ...company, billingEmail: '' })).toBe('ann@acme.test');
    expect(billingContact({ members: { b: 'buyer' }, memberDetails: { b: { email: 'bob@acme.test' } }, billingEmail: '' })).toBe('');
  });
});
