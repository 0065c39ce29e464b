import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { quoteFromData, type QuoteStatus } from '@harbor/domain';
import { renderWithStore } from '../../../test/renderWithStore';
import { QuoteActions } from './QuoteActions';

const mocks = vi.hoisted(() => ({ call: vi.fn(), toastError: vi.fn(), toastSuccess: vi.fn() }));

vi.mock('../../../lib/firebase', () => ({ db: {} }));
vi.mock('../../../lib/callable', () => ({ callFunction: (name: string, data: unknown) => mocks.call(name, data) }));
vi.mock('../../../lib/toast', () => ({ toast: { error: mocks.toastError, success: mocks.toastSuccess }, Toaster: () => null }));

const NOW = Date.UTC(2026, 10, 20, 12);
const DAY = 24 * 60 * 60 * 1000;

function quoteIn(status: QuoteStatus, extra: Record<string, unknown> = {}) {
  return quoteFromData('q1', {
    number: 'Q-000123',
    status,
    version: 2,
    lines: [{ productId: 'p1', name: 'Copy paper', quantity: 10, unitPrice: status === 'requested' ? null : 4500, lineTotal: 45_000 }],
    validUntil: status === 'requested' ? null : NOW + 3 * DAY,
    ...extra,
  });
}

const actionNames = () => [...screen.queryAllByRole('button'), ...screen.queryAllByRole('link')].map((element) => element.textContent);

beforeEach(() => {
  mocks.call.mockReset();
  mocks.toastError.mockReset();
  mocks.toastSuccess.mockReset();
});

describe('QuoteActions', () => {
  it('offers accepting, asking for changes and declining a quoted quote', () => {
    renderWithStore(<QuoteActions quote={quoteIn('quoted')} now={NOW} />);
    expect(actionNames()).toEqual(['Ask for changes', 'Decline', 'Accept quote']);
    expect(screen.getByRole('link', { name: 'Accept quote' })).toHaveAttribute('href', '/quotes/q1/accept');
  });

  it('offers only withdrawing a request not yet priced', () => {
    renderWithStore(<QuoteActions quote={quoteIn('requested')} now={NOW} />);
    expect(actionNames()).toEqual(['Withdraw request']);
  });

  it('does not offer accepting a quote past its date, and says so', () => {
    renderWithStore(<QuoteActions quote={quoteIn('quoted')} now={NOW + 4 * DAY} />);
    expect(screen.queryByRole('link', { name: 'Accept quote' })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('This quote ran out on Nov 23, 2026');
    expect(actionNames()).toEqual(['Ask for changes', 'Decline']);
  });

  it('links an accepted quote to its order, says what left the cart, and offers nothing on a closed one', () => {
    const taken = { requestedBy: 'dana', requestedByName: 'Dana Reyes', takenFromCart: [{ productId: 'p1', name: 'Copy paper', quantity: 10 }] };
    const { unmount } = renderWithStore(<QuoteActions quote={quoteIn('accepted', { orderId: 'HW-1001', ...taken })} now={NOW} />);
    expect(screen.getByRole('link', { name: 'order HW-1001' })).toHaveAttribute('href', '/order-confirmation/HW-1001');
    expect(screen.getByText(/You accepted this quote/)).toHaveTextContent("10 × Copy paper were taken out of Dana Reyes's cart, so they are not ordered twice.");
    unmount();
    for (const status of ['declined', 'rejected', 'withdrawn', 'expired'] as const) {
      const view = renderWithStore(<QuoteActions quote={quoteIn(status)} now={NOW} />);
      expect(actionNames()).toEqual([]);
      view.unmount();
    }
  });

  it('asks before declining, and declines with the reason given', async () => {
    mocks.call.mockResolvedValue({ quoteId: 'q1', status: 'declined' });
    renderWithStore(<QuoteActions quote={quoteIn('quoted')} now={NOW} />);
    await userEvent.click(screen.getByRole('button', { name: 'Decline' }));
    const dialog = screen.getByRole('dialog', { name: 'Decline this quote?' });
    await userEvent.click(within(dialog).getByRole('button', { name: "Don't decline" }));
    expect(mocks.call).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Decline' }));
    await userEvent.type(screen.getByLabelText('Reason (optional)'), 'Found it cheaper');
    await userEvent.click(screen.getByRole('button', { name: 'Decline quote' }));
    expect(mocks.call).toHaveBeenCalledExactlyOnceWith('quoteAction', { quoteId: 'q1', action: 'decline', message: 'Found it cheaper' });
    expect(mocks.toastSuccess).toHaveBeenCalledWith('You declined the quote.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks for changes only with a message, and keeps it when the server refuses', async () => {
    mocks.call.mockRejectedValue(Object.assign(new Error('This quote is accepted and can no longer be sent back for changes.'), { code: 'functions/failed-precondition' }));
    renderWithStore(<QuoteActions quote={quoteIn('quoted')} now={NOW} />);
    await userEvent.click(screen.getByRole('button', { name: 'Ask for changes' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Say what should change.');
    expect(mocks.call).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('What should change?'), '200 cases instead');
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(mocks.call).toHaveBeenCalledExactlyOnceWith('quoteAction', { quoteId: 'q1', action: 'ask-changes', message: '200 cases instead' });
    expect(mocks.toastError).toHaveBeenCalledWith('This quote is accepted and can no longer be sent back for changes.', { toasterId: 'modal' });
    expect(screen.getByLabelText('What should change?')).toHaveValue('200 cases instead');
  });

  it('withdraws a request after confirmation', async () => {
    mocks.call.mockResolvedValue({ quoteId: 'q1', status: 'withdrawn' });
    renderWithStore(<QuoteActions quote={quoteIn('requested')} now={NOW} />);
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw request' }));
    expect(screen.getByRole('dialog', { name: 'Withdraw this request?' })).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'Withdraw request' }).at(-1)!);
    expect(mocks.call).toHaveBeenCalledExactlyOnceWith('quoteAction', { quoteId: 'q1', action: 'withdraw', message: '' });
  });
});
