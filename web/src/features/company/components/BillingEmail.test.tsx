import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { companyFromData } from '@harbor/domain';
import { renderWithStore } from '../../../test/renderWithStore';
import { BillingEmail } from './BillingEmail';

const mocks = vi.hoisted(() => ({ updateBillingEmail: vi.fn(), toastSuccess: vi.fn(), toastError: vi.fn() }));
vi.mock('../../../lib/firebase', () => ({ db: {} }));
vi.mock('../../../lib/callable', () => ({ callFunction: (_name: string, data: unknown) => mocks.updateBillingEmail(data) }));
vi.mock('../../../lib/toast', () => ({ toast: { error: mocks.toastError, success: mocks.toastSuccess, warning: vi.fn() } }));

const LABEL = 'Accounts-payable e-mail address';
const field = () => screen.getByLabelText(LABEL);

function renderForm(billingEmail = '') {
  renderWithStore(<BillingEmail company={companyFromData('co-1', { name: 'Seaside Café', members: { owner: 'owner' }, billingEmail })} />);
}

beforeEach(() => {
  mocks.updateBillingEmail.mockReset();
  mocks.toastSuccess.mockReset();
  mocks.toastError.mockReset();
});

describe('BillingEmail', () => {
  it('saves the address as typed, trimmed and in lower case', async () => {
    mocks.updateBillingEmail.mockResolvedValue({ companyId: 'co-1', billingEmail: 'payables@seaside.example' });
    renderForm();
    await userEvent.type(field(), '  Payables@Seaside.Example ');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(mocks.updateBillingEmail).toHaveBeenCalledWith({ companyId: 'co-1', billingEmail: 'payables@seaside.example' });
    expect(mocks.toastSuccess).toHaveBeenCalledWith('Invoices are now billed to payables@seaside.example, and it receives them with credit notes, receipts and reminders.');
  });

  it('clears the address when the field is emptied', async () => {
    mocks.updateBillingEmail.mockResolvedValue({ companyId: 'co-1', billingEmail: '' });
    renderForm('payables@seaside.example');
    expect(field()).toHaveValue('payables@seaside.example');
    await userEvent.clear(field());
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(mocks.updateBillingEmail).toHaveBeenCalledWith({ companyId: 'co-1', billingEmail: '' });
    expect(mocks.toastSuccess).toHaveBeenCalledWith('The billing e-mail address is removed: invoices are billed to the owner.');
  });

  it('says beside the field what is wrong with an address it cannot use, and sends nothing', async () => {
    renderForm();
    await userEvent.type(field(), 'accounts payable');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid e-mail address, or leave it empty for none.');
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    expect(mocks.updateBillingEmail).not.toHaveBeenCalled();
  });

  it('shows the refusal of the server', async () => {
    mocks.updateBillingEmail.mockRejectedValue(Object.assign(new Error("Only your company account's owner may change its billing e-mail address."), { code: 'functions/permission-denied' }));
    renderForm();
    await userEvent.type(field(), 'ap@seaside.example');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(mocks.toastError).toHaveBeenCalledWith("Only your company account's owner may change its billing e-mail address."));
  });
});
