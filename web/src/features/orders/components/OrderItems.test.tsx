import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { companyFromData, orderFromData, type OrderStatus } from '@harbor/domain';
import { renderWithStore } from '../../../test/renderWithStore';
import { OrderItems } from './OrderItems';

const mocks = vi.hoisted(() => ({ call: vi.fn(), toastSuccess: vi.fn(), restockDates: new Map<string, string>() }));

vi.mock('../../../lib/firebase', () => ({ db: {} }));
vi.mock('../../../lib/callable', () => ({ callFunction: (name: string, data: unknown) => mocks.call(name, data) }));
vi.mock('../../../lib/toast', () => ({ toast: { error: vi.fn(), success: mocks.toastSuccess }, Toaster: () => null }));
vi.mock('../../../lib/cart/productQueries', () => ({
  fetchOrderables: async (_db: unknown, ids: string[]) => ({
    products: Object.fromEntries(ids.map((id) => [id, { id, restockDate: mocks.restockDates.get(id) ?? '' }])),
    documentsRead: ids.length,
  }),
}));

const line = (productId: string, name: string, counts: { allocated: number; shipped: number; backordered: number; cancelled: number }) => {
  const quantity = counts.allocated + counts.shipped + counts.backordered + counts.cancelled;
  return { productId, name, sku: productId.toUpperCase(), unit: 'case', imageUrl: `/images/products/${productId}.svg`, unitPrice: 1000, quantity, lineTotal: 1000 * quantity, ...counts };
};

/** Dana's order of Olive's company: water partly shipped with the rest on backorder, cups shipped whole. */
function partlyShipped(status: OrderStatus = 'partially-shipped', water = { allocated: 5, shipped: 25, backordered: 10, cancelled: 0 }) {
  return orderFromData('HW-PARTLY0001', {
    userId: 'dana',
    companyId: 'co-olive',
    placedByName: 'Dana Reyes',
    status,
    currency: 'USD',
    items: [line('bev-1001', 'Sparkling Water', water), line('pap-2001', 'Paper Cups', { allocated: 0, shipped: 4, backordered: 0, cancelled: 0 })],
    subtotal: 44_000,
    shipping: 0,
    tax: 3520,
    total: 47_520,
    shipmentCount: 1,
    invoiceNumbers: [41],
  });
}

const company = companyFromData('co-olive', { name: 'Olive Co', status: 'approved', members: { olive: 'owner', dana: 'buyer', abe: 'approver' } });

beforeEach(() => {
  mocks.call.mockReset();
  mocks.toastSuccess.mockReset();
  mocks.restockDates = new Map([['bev-1001', '2026-12-09']]);
});

describe('OrderItems', () => {
  it('shows what of each line shipped, is ready and waits, with the expected date of what is on backorder', async () => {
    renderWithStore(<OrderItems order={partlyShipped()} company={company} uid="dana" />);
    const [water, cups] = within(screen.getByRole('list', { name: 'Items' })).getAllByRole('listitem');
    expect(await within(water!).findByText('25 shipped · 5 ready to ship · 10 on backorder, expected Dec 9')).toHaveClass('line-fulfilment', 'waiting');
    expect(within(cups!).getByText('4 shipped')).toBeInTheDocument();
    // Dana placed it but does not decide for the company: she is told whom to ask.
    expect(screen.queryByRole('button', { name: 'Cancel the rest…' })).not.toBeInTheDocument();
    expect(screen.getByText("To cancel what has not shipped, ask your company's owner or an approver.")).toBeInTheDocument();
  });

  it('says nothing line by line for an order whose every unit is ready to ship', () => {
    const ready = orderFromData('HW-READY00001', { userId: 'dana', companyId: 'co-olive', status: 'pending', items: [line('bev-1001', 'Sparkling Water', { allocated: 4, shipped: 0, backordered: 0, cancelled: 0 })] });
    renderWithStore(<OrderItems order={ready} company={company} uid="dana" />);
    expect(screen.queryByText(/ready to ship/)).not.toBeInTheDocument();
  });

  it("lets the company's approver cancel the rest, after saying what goes and asking why, once per confirmation", async () => {
    const user = userEvent.setup();
    mocks.call.mockRejectedValueOnce(new Error('network'));
    mocks.call.mockResolvedValueOnce({ orderId: 'HW-PARTLY0001', status: 'shipped', cancelled: [{ productId: 'bev-1001', units: 15 }] });
    renderWithStore(<OrderItems order={partlyShipped()} company={company} uid="abe" />);
    expect(screen.getByText(/15 units are not shipped yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel the rest…' }));

    const dialog = screen.getByRole('dialog', { name: 'Cancel the rest of order HW-PARTLY0001?' });
    expect(within(dialog).getByRole('listitem')).toHaveTextContent('15 of Sparkling Water (BEV-1001): 5 ready to ship, 10 on backorder');
    expect(dialog).toHaveTextContent('What has shipped stays as it is, on its invoices. Nothing is charged for the cancelled units. Dana Reyes is e-mailed what was cancelled and your reason. This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the rest' }));
    expect(within(dialog).getByText('Give a reason for cancelling the rest of the order.')).toBeInTheDocument();
    expect(mocks.call).not.toHaveBeenCalled();

    await user.type(within(dialog).getByLabelText('Reason'), 'The season is over');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the rest' }));
    expect(await within(dialog).findByText('The rest of the order could not be cancelled. Please try again.')).toBeInTheDocument();
    // The button is named again once the failed call has settled.
    await user.click(await within(dialog).findByRole('button', { name: 'Cancel the rest' }));
    expect(await screen.findByText('Cancel the rest…')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // The retry after a lost answer is the same request: the server cancels once.
    const [first, second] = mocks.call.mock.calls;
    expect(first).toEqual(['cancelBackorder', { orderId: 'HW-PARTLY0001', requestId: expect.any(String), reason: 'The season is over' }]);
    expect(second).toEqual(first);
    expect(mocks.toastSuccess).toHaveBeenCalledWith('15 units of order HW-PARTLY0001 cancelled. Everything else has shipped: the order is complete.', { toasterId: undefined });
  });

  it('offers no cancelling once nothing is left to ship, nor on an order awaiting approval, and says cancelled units are not charged', () => {
    const done = partlyShipped('shipped', { allocated: 0, shipped: 25, backordered: 0, cancelled: 15 });
    const { unmount } = renderWithStore(<OrderItems order={done} company={company} uid="olive" />);
    expect(screen.getByText('25 shipped · 15 cancelled')).toBeInTheDocument();
    expect(screen.getByText(/Cancelled units are not charged/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel the rest…' })).not.toBeInTheDocument();
    unmount();
    renderWithStore(<OrderItems order={partlyShipped('awaiting-approval', { allocated: 5, shipped: 0, backordered: 10, cancelled: 0 })} company={company} uid="olive" />);
    expect(screen.queryByRole('button', { name: 'Cancel the rest…' })).not.toBeInTheDocument();
  });
});
