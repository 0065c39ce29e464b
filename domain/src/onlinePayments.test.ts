import { describe, expect, it } from 'vitest';
import {
  allocateOldestFirst,
  onlinePaymentFromData,
  payableAmount,
  paymentMetadata,
  planInvoicePayment,
  planOrderPrepayment,
  prepaymentText,
  processingText,
  readPaymentMetadata,
  type PayableInvoice,
} from './onlinePayments';
import { startPaymentInputSchema } from './onlinePaymentSchemas';
import { prepaymentFromData } from './orderData';

const invoice = (sequence: number, total: number, fields: Partial<PayableInvoice> = {}): PayableInvoice => ({
  number: `INV-${String(sequence).padStart(6, '0')}`,
  sequence,
  total,
  amountPaid: 0,
  amountCredited: 0,
  paymentsProcessing: {},
  ...fields,
});

describe('what a buyer may pay online', () => {
  it('is what is open and not already on its way', () => {
    expect(payableAmount(invoice(1, 10_000, { amountPaid: 2_000, amountCredited: 1_000 }))).toBe(7_000);
    expect(payableAmount(invoice(1, 10_000, { paymentsProcessing: { pi_a: 4_000, pi_b: 6_000 } }))).toBe(0);
    expect(payableAmount(invoice(1, 10_000, { amountPaid: 9_000, paymentsProcessing: { pi_a: 4_000 } }))).toBe(0);
  });

  it('charges the open amounts of the chosen invoices, spread oldest first, or less for a partial payment', () => {
    const plan = planInvoicePayment([invoice(3, 5_000), invoice(1, 10_000, { amountPaid: 4_000 })]);
    expect(plan).toEqual({ ok: true, amount: 11_000, invoiceNumbers: ['INV-000001', 'INV-000003'], allocations: [{ invoiceNumber: 'INV-000001', amount: 6_000 }, { invoiceNumber: 'INV-000003', amount: 5_000 }] });
    expect(planInvoicePayment([invoice(3, 5_000), invoice(1, 10_000)], 12_000)).toMatchObject({ ok: true, amount: 12_000, allocations: [{ invoiceNumber: 'INV-000001', amount: 10_000 }, { invoiceNumber: 'INV-000003', amount: 2_000 }] });
  });

  it('refuses more than is open, less than Stripe takes, a paid invoice and one whose money is already on its way', () => {
    expect(planInvoicePayment([invoice(1, 10_000)], 10_001)).toEqual({ ok: false, code: 'invalid-argument', problem: '$100.01 is more than the $100.00 open. Pay at most what is open.' });
    expect(planInvoicePayment([invoice(1, 10_000)], 49)).toEqual({ ok: false, code: 'invalid-argument', problem: 'An online payment must be at least $0.50.' });
    expect(planInvoicePayment([invoice(1, 10_000, { amountPaid: 10_000 })])).toEqual({ ok: false, code: 'failed-precondition', problem: 'Invoice INV-000001 is already paid. Nothing was charged.' });
    expect(planInvoicePayment([invoice(1, 10_000, { paymentsProcessing: { pi_a: 10_000 } })])).toMatchObject({ ok: false, code: 'failed-precondition', problem: 'A payment of invoice INV-000001 is already processing. Nothing was charged.' });
  });

  it('takes a prepaid order in full only', () => {
    expect(planOrderPrepayment(21_250)).toEqual({ ok: true, amount: 21_250, invoiceNumbers: [], allocations: [] });
    expect(planOrderPrepayment(21_250, 21_250)).toMatchObject({ ok: true });
    expect(planOrderPrepayment(21_250, 10_000)).toEqual({ ok: false, code: 'invalid-argument', problem: 'A prepaid order is paid in full: $212.50.' });
  });

  it('spreads an amount oldest first and stops when it runs out', () => {
    expect(allocateOldestFirst([invoice(1, 3_000), invoice(2, 3_000)], 4_000)).toEqual([{ invoiceNumber: 'INV-000001', amount: 3_000 }, { invoiceNumber: 'INV-000002', amount: 1_000 }]);
    expect(allocateOldestFirst([invoice(1, 3_000)], 0)).toEqual([]);
  });
});

describe('the PaymentIntent metadata', () => {
  it('names the company, the invoices comma separated, the order and the request, and reads back only what is well formed', () => {
    const metadata = paymentMetadata({ companyId: 'co-1', invoiceNumbers: ['INV-000001', 'INV-000002'], orderId: '', requestId: 'req-12345678' });
    expect(metadata).toEqual({ companyId: 'co-1', invoiceNumbers: 'INV-000001,INV-000002', requestId: 'req-12345678' });
    expect(readPaymentMetadata({ ...metadata })).toEqual({ companyId: 'co-1', invoiceNumbers: ['INV-000001', 'INV-000002'], orderId: '', requestId: 'req-12345678' });
    expect(readPaymentMetadata({ companyId: 'co-1', invoiceNumbers: 'INV-000001,../../x, INV-9', orderId: 'a/b' })).toEqual({ companyId: 'co-1', invoiceNumbers: ['INV-000001'], orderId: '', requestId: '' });
    expect(readPaymentMetadata({ companyId: 'companies/other' })).toBeNull();
    expect(readPaymentMetadata(null)).toBeNull();
  });
});

describe('stored online payments', () => {
  it('reads a stored payment with the most careful value for anything missing or mistyped', () => {
    expect(onlinePaymentFromData('pi_1', { companyId: 'co-1', amount: 'lots', method: 'bitcoin', status: 'paid', invoiceNumbers: ['INV-000001', 7] })).toMatchObject({
      id: 'pi_1',
      amount: 0,
      method: 'card',
      status: 'started',
      invoiceNumbers: ['INV-000001'],
      currency: 'usd',
    });
  });

  it('says what became of a prepaid order\'s money and of an invoice\'s payments on their way', () => {
    expect(prepaymentText(prepaymentFromData({ status: 'received', amount: 21_250, paymentIntentId: 'pi_1' }))).toBe('Payment of $212.50 received. We ship your order as soon as it is ready.');
    expect(prepaymentText(prepaymentFromData({ status: 'processing', amount: 21_250 }))).toBe('Your payment of $212.50 is processing. We ship as soon as it arrives.');
    expect(prepaymentText(prepaymentFromData('nonsense'))).toBeNull();
    expect(processingText({ paymentsProcessing: { pi_a: 1_000, pi_b: 250 } })).toBe('Payment processing: $12.50');
    expect(processingText({ paymentsProcessing: {} })).toBeNull();
  });
});

describe('startPayment input', () => {
  const valid = { companyId: 'co-1', requestId: 'req-12345678', invoiceNumbers: ['INV-000001'], method: 'card' };
  it('takes invoices or an order, never both, and reads invoice numbers as the shop writes them', () => {
    expect(startPaymentInputSchema.parse({ ...valid, invoiceNumbers: [42] }).invoiceNumbers).toEqual(['INV-000042']);
    expect(startPaymentInputSchema.safeParse({ ...valid, orderId: 'HW-1' }).error?.issues[0]?.message).toBe('Name the invoices to pay or the order, not both.');
    expect(startPaymentInputSchema.safeParse({ companyId: 'co-1', requestId: 'req-12345678', method: 'card' }).success).toBe(false);
    expect(startPaymentInputSchema.safeParse({ ...valid, method: 'cash' }).error?.issues[0]?.message).toBe('The method must be one of card, us_bank_account.');
    expect(startPaymentInputSchema.safeParse({ ...valid, invoiceNumbers: ['INV-000001', 1] }).error?.issues[0]?.message).toBe('Name each invoice once.');
  });
});
