import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { invoiceFromData, type Invoice } from '@harbor/domain';
import { renderWithStore } from '../../test/renderWithStore';
import { FORM_LOAD_FAILURE } from './PaymentForm';
import { PayNow } from './PayNow';
import { invoicesPayableBy, type PaymentTarget } from './payNow';

const mocks = vi.hoisted(() => ({ call: vi.fn(), loadStripe: vi.fn(), key: 'pk_test_harbor_local' as string | null }));
vi.mock('../../lib/firebase', () => ({ db: {} }));
vi.mock('../../lib/callable', () => ({ callFunction: (name: string, data: unknown) => mocks.call(name, data) }));
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: mocks.loadStripe }));
vi.mock('./payNow', async (original) => ({ ...(await original<object>()), stripePublishableKey: () => mocks.key }));

const invoice = (number: string, sequence: number, total: number, amountPaid: number, paymentsProcessing: Record<string, number> = {}, userId = 'u1'): Invoice =>
  invoiceFromData(number, { companyId: 'co-1', orderId: `HW-${sequence}`, userId, sequence, total, amountPaid, paymentsProcessing, issuedAt: 1, dueAt: 2, status: 'open' });

const started = { paymentIntentId: 'pi_1', clientSecret: 'pi_1_secret_x', amount: 30_000, currency: 'usd' };

function renderPayNow(target: PaymentTarget) {
  const view = renderWithStore(<PayNow companyId="co-1" target={target} />);
  return { ...view, user: userEvent.setup() };
}

async function openDialog(target: PaymentTarget) {
  const view = renderPayNow(target);
  await view.user.click(screen.getByRole('button', { name: 'Pay now' }));
  return { ...view, dialog: await screen.findByRole('dialog') };
}

beforeEach(() => {
  // The failures the tests cause are logged for developers; the tests read what the buyer sees.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  mocks.key = 'pk_test_harbor_local';
  mocks.call.mockReset();
  mocks.loadStripe.mockReset();
  mocks.loadStripe.mockRejectedValue(new Error('Failed to load Stripe.js'));
});

const invoices = () => [invoice('INV-000003', 3, 80_000, 30_000), invoice('INV-000007', 7, 50_000, 0), invoice('INV-000009', 9, 20_000, 0, { pi_ach: 20_000 })];

describe('PayNow', () => {
  it('is not offered by a build without a Stripe key, nor when everything open is already on its way', () => {
    mocks.key = null;
    const first = renderPayNow({ kind: 'invoices', invoices: invoices() });
    expect(screen.queryByRole('button', { name: 'Pay now' })).toBeNull();
    first.unmount();
    mocks.key = 'pk_test_harbor_local';
    renderPayNow({ kind: 'invoices', invoices: [invoice('INV-000009', 9, 20_000, 0, { pi_ach: 20_000 })] });
    expect(screen.queryByRole('button', { name: 'Pay now' })).toBeNull();
  });

  it('prefills each invoice with what is payable and the total with their sum; an invoice whose money is on its way shows it is processing', async () => {
    const { dialog } = await openDialog({ kind: 'invoices', invoices: invoices() });
    const list = within(dialog).getByRole('group', { name: 'Invoices to pay' });
    expect(within(list).getByRole('checkbox', { name: 'INV-000003 $500.00' })).toBeChecked();
    expect(within(list).getByRole('checkbox', { name: 'INV-000007 $500.00' })).toBeChecked();
    expect(within(list).queryByRole('checkbox', { name: /INV-000009/ })).toBeNull();
    expect(within(list).getByText('Payment processing: $200.00')).toBeVisible();
    expect(within(dialog).getByLabelText('Amount to pay ($)')).toHaveValue('1000.00');
    expect(within(dialog).getByRole('radio', { name: 'Card' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Bank account (ACH debit)' })).not.toBeChecked();
  });

  it('refuses more than is open as the server would, and sends a lowered amount with the chosen invoices and method', async () => {
    mocks.call.mockResolvedValue(started);
    const { dialog, user } = await openDialog({ kind: 'invoices', invoices: invoices() });
    await user.click(within(dialog).getByRole('checkbox', { name: 'INV-000007 $500.00' }));
    const amount = within(dialog).getByLabelText('Amount to pay ($)');
    expect(amount).toHaveValue('500.00');
    await user.clear(amount);
    await user.type(amount, '600');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('$600.00 is more than the $500.00 open. Pay at most what is open.')).toBeVisible();
    expect(mocks.call).not.toHaveBeenCalled();
    await user.clear(amount);
    await user.type(amount, '300');
    await user.click(within(dialog).getByRole('radio', { name: 'Bank account (ACH debit)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(mocks.call).toHaveBeenCalledWith('startPayment', { companyId: 'co-1', requestId: expect.any(String), invoiceNumbers: ['INV-000003'], amount: 30_000, method: 'us_bank_account' });
  });

  it('keeps the request id when the same payment is tried again, and takes a new one for another', async () => {
    mocks.call.mockRejectedValueOnce(Object.assign(new Error('unavailable'), { code: 'functions/unavailable' })).mockRejectedValueOnce(new Error('lost')).mockResolvedValue(started);
    const { dialog, user } = await openDialog({ kind: 'invoices', invoices: invoices() });
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByRole('alert')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await within(dialog).findByRole('alert');
    const amount = within(dialog).getByLabelText('Amount to pay ($)');
    await user.clear(amount);
    await user.type(amount, '900');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const ids = mocks.call.mock.calls.map(([, input]) => (input as { requestId: string }).requestId);
    expect(ids[0]).toBe(ids[1]);
    expect(ids[2]).not.toBe(ids[0]);
  });

  it("pays a prepaid order's total, and says so when Stripe's form cannot load, offering to try again or cancel", async () => {
    mocks.call.mockResolvedValue({ ...started, amount: 12_345 });
    const { dialog, user } = await openDialog({ kind: 'order', orderId: 'HW-42', total: 12_345 });
    expect(within(dialog).getByRole('heading', { name: 'Pay order HW-42' })).toBeVisible();
    // A prepaid order is paid in full.
    expect(within(dialog).getByText('$123.45')).toBeVisible();
    expect(within(dialog).queryByLabelText('Amount to pay ($)')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(mocks.call).toHaveBeenCalledWith('startPayment', { companyId: 'co-1', requestId: expect.any(String), orderId: 'HW-42', amount: 12_345, method: 'card' });
    expect(await within(dialog).findByText(FORM_LOAD_FAILURE)).toBeVisible();
    expect(mocks.loadStripe).toHaveBeenCalledWith('pk_test_harbor_local');
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText(FORM_LOAD_FAILURE)).toBeVisible();
    expect(mocks.loadStripe).toHaveBeenCalledTimes(2);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('invoicesPayableBy', () => {
  it("lets an owner or approver pay any of the company's open invoices and a buyer only those of its own orders", () => {
    const all = [invoice('INV-000001', 1, 10_000, 0, {}, 'u1'), invoice('INV-000002', 2, 10_000, 0, {}, 'u2'), invoice('INV-000003', 3, 10_000, 10_000, {}, 'u1')];
    expect(invoicesPayableBy(all, 'u1', 'owner').map((each) => each.number)).toEqual(['INV-000001', 'INV-000002']);
    expect(invoicesPayableBy(all, 'u1', 'approver').map((each) => each.number)).toEqual(['INV-000001', 'INV-000002']);
    expect(invoicesPayableBy(all, 'u1', 'buyer').map((each) => each.number)).toEqual(['INV-000001']);
    expect(invoicesPayableBy(all, 'u1', undefined)).toEqual([]);
  });
});
