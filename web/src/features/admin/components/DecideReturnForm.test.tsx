import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithStore } from '../../../test/renderWithStore';
import { testReturn } from '../../../test/returns';
import { DecideReturnForm } from './DecideReturnForm';

const mocks = vi.hoisted(() => ({ call: vi.fn(), toastSuccess: vi.fn() }));
vi.mock('../../../lib/firebase', () => ({ db: {} }));
vi.mock('../../../lib/callable', () => ({ callFunction: (name: string, data: unknown) => mocks.call(name, data) }));
vi.mock('../../../lib/toast', () => ({ toast: { error: vi.fn(), success: mocks.toastSuccess }, Toaster: () => null }));

const field = (label: string) => screen.getByLabelText(label);
const errorOf = (label: string) => document.getElementById(field(label).getAttribute('aria-describedby')?.split(' ')[0] ?? '')?.textContent;

beforeEach(() => {
  mocks.call.mockReset();
  mocks.toastSuccess.mockReset();
  renderWithStore(<DecideReturnForm productReturn={testReturn()} />);
});

describe('DecideReturnForm', () => {
  it('approves with the restocking fee typed as a percent, in basis points, and the message', async () => {
    mocks.call.mockResolvedValue({ returnId: 'rma-1', status: 'approved' });
    await userEvent.type(field('Restocking fee (%)'), '12.5');
    await userEvent.type(field('Message to the buyer (optional)'), 'Write the RMA number on the box.');
    await userEvent.click(screen.getByRole('button', { name: 'Approve return' }));
    expect(mocks.call).toHaveBeenCalledWith('decideReturn', { returnId: 'rma-1', decision: 'approve', message: 'Write the RMA number on the box.', restockingFeeBasisPoints: 1250 });
    expect(mocks.toastSuccess).toHaveBeenCalledWith('Return RMA-000001 approved with a 12.5% restocking fee: Odette Owner Trading is e-mailed the return authorization.');
  });

  it('approves without a fee when none is typed', async () => {
    mocks.call.mockResolvedValue({ returnId: 'rma-1', status: 'approved' });
    await userEvent.click(screen.getByRole('button', { name: 'Approve return' }));
    expect(mocks.call).toHaveBeenCalledWith('decideReturn', { returnId: 'rma-1', decision: 'approve', message: '' });
  });

  it('refuses a fee that is no percent or over 50% beside the field, and sends nothing', async () => {
    await userEvent.type(field('Restocking fee (%)'), 'ten');
    await userEvent.click(screen.getByRole('button', { name: 'Approve return' }));
    expect(errorOf('Restocking fee (%)')).toBe('Enter the restocking fee as a percent, such as 15 or 12.5, or leave it empty for none.');
    await userEvent.clear(field('Restocking fee (%)'));
    await userEvent.type(field('Restocking fee (%)'), '60');
    await userEvent.click(screen.getByRole('button', { name: 'Approve return' }));
    expect(errorOf('Restocking fee (%)')).toBe('The restocking fee is at most 50%.');
    expect(field('Restocking fee (%)')).toHaveAttribute('aria-invalid', 'true');
    expect(mocks.call).not.toHaveBeenCalled();
  });

  it('asks for the reason before rejecting, sends nothing without it, then rejects with it', async () => {
    mocks.call.mockResolvedValue({ returnId: 'rma-1', status: 'rejected' });
    await userEvent.type(field('Restocking fee (%)'), '15');
    await userEvent.click(field('Reject'));
    expect(screen.queryByLabelText('Restocking fee (%)')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reject return' }));
    expect(errorOf('Reason for rejecting (the buyer reads it)')).toBe('Please give the buyer a reason for rejecting the return (at least 3 characters).');
    expect(mocks.call).not.toHaveBeenCalled();
    await userEvent.type(field('Reason for rejecting (the buyer reads it)'), 'Opened cases cannot be returned.');
    await userEvent.click(screen.getByRole('button', { name: 'Reject return' }));
    // The fee typed before choosing to reject is not sent.
    expect(mocks.call).toHaveBeenCalledWith('decideReturn', { returnId: 'rma-1', decision: 'reject', message: 'Opened cases cannot be returned.' });
    expect(mocks.toastSuccess).toHaveBeenCalledWith('Return RMA-000001 rejected.');
  });

  it('shows the server’s refusal and keeps what was typed', async () => {
    mocks.call.mockRejectedValue(Object.assign(new Error('Return RMA-000001 is approved: it was decided already. Reload it to see it as it is.'), { code: 'functions/failed-precondition' }));
    await userEvent.type(field('Restocking fee (%)'), '15');
    await userEvent.type(field('Message to the buyer (optional)'), 'Thanks');
    await userEvent.click(screen.getByRole('button', { name: 'Approve return' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Return RMA-000001 is approved: it was decided already. Reload it to see it as it is.');
    expect(field('Restocking fee (%)')).toHaveValue('15');
    expect(field('Message to the buyer (optional)')).toHaveValue('Thanks');
    expect(mocks.toastSuccess).not.toHaveBeenCalled();
  });
});
