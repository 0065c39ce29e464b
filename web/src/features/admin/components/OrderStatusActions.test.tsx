import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { orderFromData, type OrderStatus } from '@harbor/domain';
import { OrderStatusActions } from './OrderStatusActions';

const orderIn = (status: OrderStatus) => orderFromData('o1', { status, items: [{ productId: 'p1', quantity: 4 }, { productId: 'p2', quantity: 2 }] });
const buttonNames = () => screen.queryAllByRole('button').map((button) => button.textContent);

describe('OrderStatusActions', () => {
  it('offers only the legal next statuses', () => {
    const { rerender } = render(<OrderStatusActions order={orderIn('pending')} busy={false} onChange={vi.fn()} />);
    expect(buttonNames()).toEqual(['Start processing', 'Cancel order']);
    rerender(<OrderStatusActions order={orderIn('processing')} busy={false} onChange={vi.fn()} />);
    expect(buttonNames()).toEqual(['Mark as shipped', 'Cancel order']);
    rerender(<OrderStatusActions order={orderIn('shipped')} busy={false} onChange={vi.fn()} />);
    expect(buttonNames()).toEqual(['Mark as delivered']);
  });

  it('offers nothing for a delivered or cancelled order', () => {
    for (const status of ['delivered', 'cancelled'] as const) {
      const { unmount } = render(<OrderStatusActions order={orderIn(status)} busy={false} onChange={vi.fn()} />);
      expect(buttonNames()).toEqual([]);
      expect(screen.getByText(`This order is ${status}; its status is final.`)).toBeInTheDocument();
      unmount();
    }
  });

  it('tells a role that may not change the order whom to ask, and for what', () => {
    const { rerender } = render(<OrderStatusActions order={orderIn('shipped')} busy={false} onChange={vi.fn()} mayChangeTo={() => false} />);
    expect(buttonNames()).toEqual([]);
    expect(screen.getByText('This order is shipped. To mark it delivered, ask an administrator or the warehouse.')).toBeInTheDocument();
    rerender(<OrderStatusActions order={orderIn('awaiting-approval')} busy={false} onChange={vi.fn()} mayChangeTo={(to) => to !== 'cancelled'} />);
    expect(screen.getByText('This order is awaiting approval. To cancel it, ask an administrator.')).toBeInTheDocument();
  });

  it('asks before cancelling, saying how many units return to stock', async () => {
    const onChange = vi.fn();
    render(<OrderStatusActions order={orderIn('processing')} busy={false} onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByText(/Its 6 units go back to stock/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Keep order' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, cancel order' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith({ status: 'cancelled' });
  });

  it('moves forward with one click', async () => {
    const onChange = vi.fn();
    render(<OrderStatusActions order={orderIn('pending')} busy={false} onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Start processing' }));
    expect(onChange).toHaveBeenCalledWith({ status: 'processing' });
  });

  it('says on the pressed button what is under way, and holds every button until the server answers', async () => {
    const onChange = vi.fn();
    const { rerender } = render(<OrderStatusActions order={orderIn('pending')} busy={false} onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Start processing' }));
    rerender(<OrderStatusActions order={orderIn('pending')} busy onChange={onChange} />);
    expect(buttonNames()).toEqual(['Starting processing…', 'Cancel order']);
    expect(screen.getByRole('button', { name: 'Starting processing…' })).toHaveAttribute('aria-busy', 'true');
    for (const button of screen.getAllByRole('button')) expect(button).toBeDisabled();
    expect(onChange).toHaveBeenCalledExactlyOnceWith({ status: 'processing' });
  });

  it('ships only with a carrier and a tracking number in that carrier\'s format', async () => {
    const onChange = vi.fn();
    render(<OrderStatusActions order={orderIn('processing')} busy={false} onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Mark as shipped' }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm shipment' }));
    expect(await screen.findByText('Choose the carrier of the shipment.')).toBeInTheDocument();
    expect(screen.getByText('Enter the tracking number.')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Carrier'), 'UPS');
    await userEvent.type(screen.getByLabelText('Tracking number'), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm shipment' }));
    expect(await screen.findByText('This is not a UPS tracking number (it looks like 1Z999AA10123456784).')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.clear(screen.getByLabelText('Tracking number'));
    await userEvent.type(screen.getByLabelText('Tracking number'), '1z 999 aa1 0123456784');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm shipment' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith({ status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
  });

  it('goes back to the status buttons without shipping', async () => {
    const onChange = vi.fn();
    render(<OrderStatusActions order={orderIn('processing')} busy={false} onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Mark as shipped' }));
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(buttonNames()).toEqual(['Mark as shipped', 'Cancel order']);
    expect(onChange).not.toHaveBeenCalled();
  });
});
