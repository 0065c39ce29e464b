import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { invoiceFromData, type Invoice } from '@harbor/domain';
import { todayKey } from '../../../lib/dates';
import { renderWithStore } from '../../../test/renderWithStore';
import { RecordPaymentForm } from './RecordPaymentForm';

const mocks = vi.hoisted(() => ({ call: vi.fn(), toastSuccess: vi.fn() }));
vi.mock('../../../lib/firebase', () => ({ db: {} }));
vi.mock('../../../lib/callable', () => ({ callFunction: (name: string, data: unknown) => mocks.call(name, data) }));
vi.mock('../../../lib/toast', () => ({ toast: { error: vi.fn(), success: mocks.toastSuccess, warning: vi.fn() }, Toaster: () => null }));

const DAY = 24 * 60 * 60 * 1000;
const invoice = (number: string, total: number, amountPaid = 0): Invoice =>
  invoiceFromData(number, { companyId: 'co-1', orderId: `HW-${number}`, total, amountPaid, issuedAt: Date.now() - 40 * DAY, dueAt: Date.now() - 10 * DAY, status: 'open' });
const OPEN = [invoice('INV-000001', 100_000, 40_000), invoice('INV-000002', 25_000)];

const field = (label: string) => screen.getByLabelText(label, { exact: true });
const messageBeside = (label: string) => within(field(label).closest('.field') as HTMLElement).queryByRole('alert')?.textContent;

function renderForm(unallocatedCredit = 0) {
  renderWithStore(<RecordPaymentForm company={{ id: 'co-1', name: 'Harbor Deli', unallocatedCredit }} openInvoices={OPEN} />);
}

beforeEach(() => {
  mocks.call.mockReset();
  mocks.toastSuccess.mockReset();
});

describe('RecordPaymentForm', () => {
  it('received today by bank transfer unless told otherwise', () => {
    renderForm();
    expect(field('Received on')).toHaveValue(todayKey());
    expect(field('Method')).toHaveValue('bank-transfer');
  });

  it('explains an amount or a day it cannot read beside its field, keeps what was typed, and sends nothing', async () => {
    renderForm();
    await userEvent.type(field('Amount ($)'), 'a lot');
    await userEvent.clear(field('Received on'));
    await userEvent.click(screen.getByRole('button', { name: 'Record payment…' }));
    expect(messageBeside('Amount ($)')).toBe('Enter the amount received, such as 1250 or 1,250.00.');
    expect(field('Amount ($)')).toHaveValue('a lot');
    expect(field('Amount ($)')).toHaveAttribute('aria-invalid', 'true');
    expect(messageBeside('Received on')).toBe('Give the day the payment was received.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(mocks.call).not.toHaveBeenCalled();
  });

  it('refuses an overpayment unless the rest is kept as credit', async () => {
    renderForm();
    await userEvent.type(field('Amount ($)'), '1,000');
    await userEvent.click(screen.getByRole('button', { name: 'Record payment…' }));
    expect(screen.getByRole('alert')).toHaveTextContent('This payment of $1,000.00 is $150.00 more than it can pay of open invoices.');
    await userEvent.click(field('Keep the rest as the company’s credit'));
    await userEvent.click(screen.getByRole('button', { name: 'Record payment…' }));
    const dialog = screen.getByRole('dialog', { name: 'Record $1,000.00 from Harbor Deli?' });
    expect(within(dialog).getByText('INV-000001: $600.00 paid.')).toBeVisible();
    expect(within(dialog).getByText('INV-000002: $250.00 paid.')).toBeVisible();
    expect(within(dialog).getByText("$150.00 is kept as Harbor Deli's credit.")).toBeVisible();
  });

  it('checks each allocation against what its invoice has open', async () => {
    renderForm();
    await userEvent.type(field('Amount ($)'), '300');
    await userEvent.click(field('Choose what it pays of each invoice (otherwise the oldest invoices first)'));
    await userEvent.type(field('INV-000002 ($250.00 open)'), '300');
    await userEvent.click(screen.getByRole('button', { name: 'Record payment…' }));
    expect(messageBeside('INV-000002 ($250.00 open)')).toBe('INV-000002 has $250.00 open.');
    expect(mocks.call).not.toHaveBeenCalled();
  });

  it('confirms what a partial payment pays, then records it in cents with its allocation', async () => {
    mocks.call.mockResolvedValue({ paymentId: 'pay-1', allocations: [{ invoiceNumber: 'INV-000002', amount: 10_000 }], unallocated: 0, creditApplied: 0 });
    renderForm();
    await userEvent.type(field('Amount ($)'), '100');
    await userEvent.selectOptions(field('Method'), 'check');
    await userEvent.type(field('Reference'), 'Check 1042');
    await userEvent.click(field('Choose what it pays of each invoice (otherwise the oldest invoices first)'));
    await userEvent.type(field('INV-000002 ($250.00 open)'), '100.00');
    await userEvent.click(screen.getByRole('button', { name: 'Record payment…' }));
    const dialog = screen.getByRole('dialog', { name: 'Record $100.00 from Harbor Deli?' });
    expect(within(dialog).getByText('INV-000002: $100.00 paid.')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(mocks.call).toHaveBeenCalledWith('recordPayment', {
      companyId: 'co-1',
      requestId: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/),
      amount: 10_000,
      receivedOn: todayKey(),
      method: 'check',
      reference: 'Check 1042',
      allocations: [{ invoiceNumber: 'INV-000002', amount: 10_000 }],
      keepCredit: false,
    });
    expect(mocks.toastSuccess).toHaveBeenCalledWith('Payment recorded: INV-000002 $100.00.');
    expect(field('Amount ($)')).toHaveValue('');
  });

  it('shows the server refusal and keeps what was typed', async () => {
    mocks.call.mockRejectedValue(Object.assign(new Error('Harbor Deli has no open invoice INV-000002 any more.'), { code: 'functions/failed-precondition' }));
    renderForm();
    await userEvent.type(field('Amount ($)'), '50');
    await userEvent.type(field('Reference'), 'TRX-9');
    await userEvent.click(screen.getByRole('button', { name: 'Record payment…' }));
    await userEvent.click(screen.getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText('Harbor Deli has no open invoice INV-000002 any more.')).toBeVisible();
    expect(field('Amount ($)')).toHaveValue('50');
    expect(field('Reference')).toHaveValue('TRX-9');
    expect(mocks.toastSuccess).not.toHaveBeenCalled();
  });
});
