import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithStore } from '../../../test/renderWithStore';
import { testReturn } from '../../../test/returns';
import { CloseReturnButton } from './CloseReturnButton';

const mocks = vi.hoisted(() => ({ call: vi.fn(), toastSuccess: vi.fn() }));
vi.mock('../../../lib/firebase', () => ({ db: {} }));
vi.mock('../../../lib/callable', () => ({ callFunction: (name: string, data: unknown) => mocks.call(name, data) }));
vi.mock('../../../lib/toast', () => ({ toast: { error: vi.fn(), success: mocks.toastSuccess }, Toaster: () => null }));

async function openDialog() {
  renderWithStore(<CloseReturnButton productReturn={testReturn({ status: 'received' })} />);
  await userEvent.click(screen.getByRole('button', { name: 'Close return…' }));
  return screen.getByRole('dialog', { name: 'Close return RMA-000001?' });
}

beforeEach(() => {
  mocks.call.mockReset();
  mocks.toastSuccess.mockReset();
});

describe('CloseReturnButton', () => {
  it('says what closing a partly received return does, and leaves it open on "Keep it open"', async () => {
    const dialog = await openDialog();
    expect(dialog).toHaveTextContent('What has arrived stays received and credited; the units not received are no longer expected, and are not credited.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it open' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(mocks.call).not.toHaveBeenCalled();
  });

  it('sends nothing without a reason of three characters', async () => {
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close return' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Give the reason for closing the return.');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'no');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close return' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please give a reason of at least 3 characters.');
    expect(mocks.call).not.toHaveBeenCalled();
  });

  it('closes with the reason, or shows the server’s refusal and keeps the reason', async () => {
    mocks.call
      .mockRejectedValueOnce(Object.assign(new Error('Return RMA-000001 is credited: there is nothing left to close.'), { code: 'functions/failed-precondition' }))
      .mockResolvedValueOnce({ returnId: 'rma-1', status: 'closed' });
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'The rest was lost in transit.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close return' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Return RMA-000001 is credited: there is nothing left to close.');
    expect(within(dialog).getByLabelText('Reason')).toHaveValue('The rest was lost in transit.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close return' }));
    await vi.waitFor(() => expect(mocks.toastSuccess).toHaveBeenCalledWith('Return RMA-000001 closed.'));
    expect(mocks.call).toHaveBeenLastCalledWith('closeReturn', { returnId: 'rma-1', reason: 'The rest was lost in transit.' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
