import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { accountActivity, chosenStatementPeriod, companyFromData, emptyAddress, invoiceFromData, type AccountActivity, type Invoice, type LedgerEntry, type StatementPeriod } from '@harbor/domain';
import { renderWithStore } from '../../../test/renderWithStore';
import { StatementOfAccount } from './StatementOfAccount';

const mocks = vi.hoisted(() => ({
  company: {} as Record<string, unknown>,
  invoices: { data: [] as Invoice[] | undefined, isLoading: false, error: undefined as unknown, refetch: () => undefined },
  activity: { data: undefined as AccountActivity | undefined, isLoading: false, isFetching: false, error: undefined as unknown, refetch: () => undefined },
  activityArgs: vi.fn(),
  call: vi.fn(),
  saveFile: vi.fn(),
}));
vi.mock('../../../lib/firebase', () => ({ db: {} }));
vi.mock('../../../lib/company/companyApi', () => ({
  useGetBuyerAccountQuery: () => ({ currentData: { company: companyFromData('co-1', mocks.company), contract: null }, isError: false }),
}));
vi.mock('../../../lib/receivables/receivablesApi', () => ({ useGetOpenInvoicesQuery: () => mocks.invoices }));
vi.mock('../statementApi', () => ({
  useGetAccountActivityQuery: (args: { period: StatementPeriod }) => {
    mocks.activityArgs(args);
    return { ...mocks.activity, data: mocks.activity.data && { ...mocks.activity.data, period: args.period } };
  },
}));
vi.mock('../../../lib/callable', () => ({ callFunction: (name: string, data: unknown) => mocks.call(name, data) }));
vi.mock('../../../lib/download', () => ({ saveFile: mocks.saveFile }));

const DAY = 24 * 60 * 60 * 1000;
const now = Date.now();
const invoice = (number: string, orderId: string, total: number, amountPaid: number, dueInDays: number): Invoice =>
  invoiceFromData(number, { companyId: 'co-1', orderId, total, amountPaid, issuedAt: now - 30 * DAY, dueAt: now + dueInDays * DAY, status: 'open' });

const profile = { name: 'Olive Owner', email: 'owner@harbor.test', company: 'Seaside Café Ltd', phone: '', shippingAddress: emptyAddress, companyId: 'co-1' };

function renderStatement(role = 'owner') {
  mocks.company = { name: 'Seaside Café Ltd', status: 'approved', members: { u1: role }, unallocatedCredit: 2_500 };
  return renderWithStore(<StatementOfAccount />, { path: '/profile', signedInAs: { user: { uid: 'u1', email: profile.email, displayName: null }, profile } });
}

const entry = (kind: LedgerEntry['kind'], reference: string, description: string, amount: number, balance: number, at: number, orderId: string | null = null) => ({ kind, reference, description, amount, balance, at, orderId });

beforeEach(() => {
  mocks.call.mockReset();
  mocks.saveFile.mockReset();
  mocks.activityArgs.mockReset();
  mocks.invoices.data = [invoice('INV-000007', 'HW-7', 50_000, 0, 20), invoice('INV-000003', 'HW-3', 80_000, 30_000, -45)];
  const period = chosenStatementPeriod({}, now);
  mocks.activity.data = accountActivity(
    [
      entry('invoice', 'INV-000003', 'Invoice INV-000003 for order HW-3', 80_000, 80_000, now - 200 * DAY, 'HW-3'),
      entry('payment', 'PAY-7K3M9QX2AB', 'Payment by check (Check 2001)', -30_000, 50_000, now - 40 * DAY),
      entry('invoice', 'INV-000007', 'Invoice INV-000007 for order HW-7', 50_000, 100_000, now - 10 * DAY, 'HW-7'),
    ],
    period,
  );
});

describe('StatementOfAccount', () => {
  it('lists the open invoices oldest due first, linked to their orders, with totals by age, what is due and overdue, and the credit', () => {
    renderStatement();
    const section = screen.getByRole('region', { name: 'Statement of account' });
    const rows = within(within(section).getByRole('table', { name: 'Open invoices, oldest due first' })).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['INV-000003', 'INV-000007']);
    expect(within(rows[0]!).getByRole('link', { name: 'Invoice INV-000003, order HW-3' })).toHaveAttribute('href', '/order-confirmation/HW-3');
    expect(within(rows[0]!).getByText('Overdue')).toBeVisible();
    expect(within(rows[0]!).getByText('$500.00')).toBeVisible();
    expect(within(rows[1]!).getByText('Open')).toBeVisible();
    const ages = within(section).getByLabelText('Totals by age');
    expect(within(ages).getByText('31–60 days').nextSibling).toHaveTextContent('$500.00');
    expect(within(ages).getByText('Current').nextSibling).toHaveTextContent('$500.00');
    expect(within(ages).getByText('Over 90 days').nextSibling).toHaveTextContent('$0.00');
    expect(within(section).getByText('Total due').nextSibling).toHaveTextContent('$1,000.00');
    expect(within(section).getByText('Overdue', { selector: 'dt' }).nextSibling).toHaveTextContent('$500.00');
    expect(within(section).getByText('Unallocated credit').nextSibling).toHaveTextContent('$25.00');
  });

  it("shows the last 90 days' activity from the opening to the closing balance, each entry with its date and reference", () => {
    renderStatement();
    const period = chosenStatementPeriod({}, now);
    expect(mocks.activityArgs).toHaveBeenCalledWith({ companyId: 'co-1', period });
    const table = screen.getByRole('table', { name: /^Account activity from/ });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['Opening balance', 'Payment by check (Check 2001)', 'Invoice INV-000007 for order HW-7', 'Closing balance']);
    expect(rows[0]).toHaveTextContent('$800.00');
    expect(within(rows[1]!).getByText('PAY-7K3M9QX2AB')).toBeVisible();
    expect(within(rows[1]!).getByText('$300.00')).toHaveAttribute('data-label', 'Credits');
    expect(within(rows[2]!).getByRole('link', { name: 'INV-000007' })).toHaveAttribute('href', '/order-confirmation/HW-7');
    expect(rows[3]).toHaveTextContent('$1,000.00');
  });

  it('shows the period chosen, and says what is wrong with one that cannot be', async () => {
    renderStatement();
    const form = screen.getByRole('form', { name: 'Statement period' });
    await userEvent.clear(within(form).getByLabelText('From'));
    await userEvent.type(within(form).getByLabelText('From'), '2026-03-31');
    await userEvent.clear(within(form).getByLabelText('To'));
    await userEvent.type(within(form).getByLabelText('To'), '2026-01-01');
    await userEvent.click(within(form).getByRole('button', { name: 'Show period' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('The first day of the statement must not be after its last day.');
    await userEvent.clear(within(form).getByLabelText('From'));
    await userEvent.type(within(form).getByLabelText('From'), '2025-10-01');
    await userEvent.click(within(form).getByRole('button', { name: 'Show period' }));
    expect(mocks.activityArgs).toHaveBeenLastCalledWith({ companyId: 'co-1', period: { from: '2025-10-01', to: '2026-01-01' } });
    mocks.call.mockResolvedValue({ fileName: 'statement.pdf', pdf: btoa('%PDF-1.7') });
    await userEvent.click(screen.getByRole('button', { name: 'Download statement (PDF)' }));
    expect(mocks.call).toHaveBeenCalledWith('getStatement', { companyId: 'co-1', from: '2025-10-01', to: '2026-01-01' });
  });

  it('says when nothing happened in the period', () => {
    mocks.activity.data = accountActivity([], chosenStatementPeriod({}, now));
    renderStatement();
    expect(screen.getByText(/^Nothing was invoiced, paid, credited or reversed from/)).toBeVisible();
    expect(within(screen.getByRole('table', { name: /^Account activity from/ })).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['Opening balance', 'Closing balance']);
  });

  it('marks an invoice with a payment on its way (an ACH debit) as processing', () => {
    mocks.invoices.data = [invoiceFromData('INV-000007', { companyId: 'co-1', orderId: 'HW-7', total: 50_000, amountPaid: 0, paymentsProcessing: { pi_ach: 20_000 }, issuedAt: now, dueAt: now + 20 * DAY, status: 'open' })];
    renderStatement();
    const row = within(screen.getByRole('table', { name: 'Open invoices, oldest due first' })).getByRole('row', { name: /INV-000007/ });
    expect(within(row).getByText('Payment processing: $200.00')).toBeVisible();
  });

  it('says when nothing is open', () => {
    mocks.invoices.data = [];
    renderStatement();
    expect(screen.getByText('Nothing is open on your account.')).toBeVisible();
    expect(screen.queryByRole('table', { name: 'Open invoices, oldest due first' })).not.toBeInTheDocument();
  });

  it('is for the owner and approvers, never a plain buyer', () => {
    renderStatement('buyer');
    expect(screen.queryByRole('region', { name: 'Statement of account' })).not.toBeInTheDocument();
  });

  it('shows an approver the statement too', () => {
    renderStatement('approver');
    expect(screen.getByRole('region', { name: 'Statement of account' })).toBeVisible();
  });

  it('downloads the statement as the PDF the server makes', async () => {
    mocks.call.mockResolvedValue({ statement: {}, fileName: 'statement-co-1.pdf', pdf: btoa('%PDF-1.7 statement') });
    renderStatement();
    await userEvent.click(screen.getByRole('button', { name: 'Download statement (PDF)' }));
    expect(mocks.call).toHaveBeenCalledWith('getStatement', { companyId: 'co-1', ...chosenStatementPeriod({}, now) });
    const [blob, fileName] = mocks.saveFile.mock.calls[0] as [Blob, string];
    expect(fileName).toBe('statement-co-1.pdf');
    expect(blob.type).toBe('application/pdf');
    expect(blob.size).toBe('%PDF-1.7 statement'.length);
  });
});
