import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { companyFromData, emptyAddress, invoiceFromData, type Invoice } from '@harbor/domain';
import { renderWithStore } from '../../../test/renderWithStore';
import { StatementOfAccount } from './StatementOfAccount';

const mocks = vi.hoisted(() => ({
  company: {} as Record<string, unknown>,
  invoices: { data: [] as Invoice[] | undefined, isLoading: false, error: undefined as unknown, refetch: () => undefined },
  call: vi.fn(),
  saveFile: vi.fn(),
}));
vi.mock('../../../lib/firebase', () => ({ db: {} }));
vi.mock('../../../lib/company/companyApi', () => ({
  useGetBuyerAccountQuery: () => ({ currentData: { company: companyFromData('co-1', mocks.company), contract: null }, isError: false }),
}));
vi.mock('../../../lib/receivables/receivablesApi', () => ({ useGetOpenInvoicesQuery: () => mocks.invoices }));
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

beforeEach(() => {
  mocks.call.mockReset();
  mocks.saveFile.mockReset();
  mocks.invoices.data = [invoice('INV-000007', 'HW-7', 50_000, 0, 20), invoice('INV-000003', 'HW-3', 80_000, 30_000, -45)];
});

describe('StatementOfAccount', () => {
  it('lists the open invoices oldest due first, linked to their orders, with totals by age, what is due and overdue, and the credit', () => {
    renderStatement();
    const section = screen.getByRole('region', { name: 'Statement of account' });
    const rows = within(section).getAllByRole('row').slice(1);
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

  it('says when nothing is open', () => {
    mocks.invoices.data = [];
    renderStatement();
    expect(screen.getByText('Nothing is open on your account.')).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
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
    expect(mocks.call).toHaveBeenCalledWith('getStatement', { companyId: 'co-1' });
    const [blob, fileName] = mocks.saveFile.mock.calls[0] as [Blob, string];
    expect(fileName).toBe('statement-co-1.pdf');
    expect(blob.type).toBe('application/pdf');
    expect(blob.size).toBe('%PDF-1.7 statement'.length);
  });
});
