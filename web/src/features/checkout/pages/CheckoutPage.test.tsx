import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AWAITING_APPROVAL_MESSAGE, cartItemFor, companyFromData, emptyAddress, type Orderable } from '@harbor/domain';
import { cartWith, renderWithStore } from '../../../test/renderWithStore';
import CheckoutPage from './CheckoutPage';

const mocks = vi.hoisted(() => ({ products: new Map<string, unknown>(), placeOrder: vi.fn(), toastError: vi.fn(), toastSuccess: vi.fn(), company: {} as Record<string, unknown> }));

// Firestore reads and the callable are replaced; everything else (store, RTK Query, form) is real.
vi.mock('../../../lib/firebase', () => ({ db: {} }));
vi.mock('../../../lib/callable', () => ({
  callFunction: async (_name: string, data: unknown) => ((await mocks.placeOrder(data)) as { data: unknown }).data,
}));
vi.mock('../../../lib/cart/productQueries', () => ({
  fetchOrderables: async (_db: unknown, ids: string[]) => {
    const found = ids.filter((id) => mocks.products.has(id));
    return { products: Object.fromEntries(found.map((id) => [id, mocks.products.get(id)])), documentsRead: found.length };
  },
}));
// The buyer's company, as its Firestore document would read.
vi.mock('../../../lib/company/companyApi', () => ({
  useGetBuyerAccountQuery: () => ({ currentData: { company: companyFromData('co-1', mocks.company), contract: null }, isError: false }),
}));
vi.mock('../../../lib/toast', () => ({ toast: { error: mocks.toastError, success: mocks.toastSuccess, warning: vi.fn() } }));

const knife: Orderable = {
  id: 'kit-1001',
  name: 'Chef Knife',
  sku: 'KIT-1001',
  unit: 'each',
  imageUrl: '/images/products/kit-1001.svg',
  price: 6000,
  tiers: [],
  minOrderQty: 1,
  packSize: 1,
  stock: 10,
  active: true,
};

const profile = {
  name: 'Blake Buyer',
  email: 'buyer@harbor.test',
  company: 'Seaside Café Ltd',
  phone: '',
  // No state: the default tax rate (8%).
  shippingAddress: { ...emptyAddress, line1: '12 Harbor Way', city: 'Portland', region: '', postalCode: '04101', country: 'United States' },
  companyId: 'co-1',
};

function renderCheckout(quantity = 2, cartPrice = 1) {
  return renderWithStore(<CheckoutPage />, {
    path: '/checkout',
    signedInAs: { user: { uid: 'u1', email: profile.email, displayName: null }, profile },
    preloadedState: { cart: cartWith([{ ...cartItemFor(knife, quantity), price: cartPrice }], 'server') },
  });
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((onResolve, onReject) => {
    resolve = onResolve;
    reject = onReject;
  });
  return { promise, resolve, reject };
}

beforeEach(() => {
  // Failed calls are logged for developers; the tests read the toasts instead.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  mocks.products.clear();
  mocks.products.set(knife.id, knife);
  mocks.placeOrder.mockReset();
  mocks.toastError.mockReset();
  mocks.company = { status: 'approved', paymentTerms: 'net30', creditLimit: 500_000, openBalance: 100_000, members: { u1: 'owner' } };
});

describe('CheckoutPage and the company account', () => {
  it('says the account is awaiting approval and offers no form while the company is pending', async () => {
    mocks.company = { ...mocks.company, status: 'pending' };
    renderCheckout();
    expect(await screen.findByRole('heading', { name: 'You cannot order yet' })).toBeInTheDocument();
    expect(screen.getByText(AWAITING_APPROVAL_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Place order/ })).not.toBeInTheDocument();
  });

  it('offers only bank transfer on prepaid terms, and invoice with the available credit on net terms', async () => {
    mocks.company = { ...mocks.company, paymentTerms: 'prepaid' };
    const { unmount } = renderCheckout();
    expect(await screen.findByRole('radio', { name: /Bank transfer in advance/ })).toBeChecked();
    expect(screen.queryByRole('radio', { name: /Invoice/ })).not.toBeInTheDocument();
    unmount();
    mocks.company = { ...mocks.company, paymentTerms: 'net60' };
    renderCheckout();
    expect(await screen.findByRole('radio', { name: /Invoice, net 60 days/ })).toBeChecked();
    expect(screen.getByText('Available credit: $4,000.00')).toBeInTheDocument();
  });

  it("shows a buyer its limits, and says before it orders that an order over them needs approval", async () => {
    mocks.company = { ...mocks.company, members: { u1: 'buyer' }, memberLimits: { u1: { orderLimit: 20_000, monthlyLimit: null } } };
    const { unmount } = renderCheckout(2);
    // Two knives: $120.00 + $25.00 + 8% tax = $154.60, within the $200.00 limit.
    expect(await screen.findByRole('button', { name: /^Place order · \$154\.60/ })).toBeEnabled();
    expect(screen.getByText('Your spending limits: up to $200.00 an order.')).toBeInTheDocument();
    expect(screen.queryByText(/needs approval/)).not.toBeInTheDocument();
    unmount();
    // Three: $180.00 + $25.00 + $14.40 = $219.40, over it; the buyer may still order, for approval.
    renderCheckout(3);
    expect(await screen.findByRole('button', { name: /^Place order for approval · \$219\.40/ })).toBeEnabled();
    expect(screen.getByText('This order needs approval: it exceeds your order limit of $200.00.')).toBeInTheDocument();
  });

  it("fills the shipping address from one of the company's saved addresses", async () => {
    const user = userEvent.setup();
    mocks.company = { ...mocks.company, shippingAddresses: [{ ...emptyAddress, line1: '1 Main St', city: 'Fresno', region: 'CA', postalCode: '93650', country: 'United States' }] };
    renderCheckout();
    await user.selectOptions(await screen.findByLabelText('Company addresses'), '1 Main St, Fresno, CA (default)');
    expect(screen.getByLabelText('Address line 1')).toHaveValue('1 Main St');
    expect(screen.getByLabelText(/State/)).toHaveValue('CA');
    // California tax follows the chosen address: 2 x $60.00 + $25.00 + 7.25% of $120.00.
    expect(await screen.findByRole('button', { name: /Place order · \$153\.70/ })).toBeEnabled();
  });

  it('taxes by the ship-to state as it is typed, and not at all for a tax-exempt company', async () => {
    const user = userEvent.setup();
    const { unmount } = renderCheckout();
    await user.type(await screen.findByLabelText(/State/), 'CA');
    // 2 x $60.00 = $120.00, shipping $25.00, California 7.25%: $8.70.
    expect(await screen.findByRole('button', { name: /Place order · \$153\.70/ })).toBeEnabled();
    expect(screen.getByText('Tax (7.25%)')).toBeInTheDocument();
    unmount();
    mocks.company = { ...mocks.company, taxExempt: true };
    renderCheckout();
    expect(await screen.findByRole('button', { name: /Place order · \$145\.00/ })).toBeEnabled();
  });
});

describe('CheckoutPage', () => {
  it('prefills the profile and prices the summary from the catalog, not the cart', async () => {
    renderCheckout(2, 1);
    expect(screen.getByLabelText('Company')).toHaveValue('Seaside Café Ltd');
    expect(screen.getByLabelText('Address line 1')).toHaveValue('12 Harbor Way');
    expect(screen.getByLabelText('Postal code')).toHaveValue('04101');
    // 2 x $60.00 = $120.00, shipping $25.00, tax $9.60.
    expect(await screen.findByRole('button', { name: /Place order · \$154\.60/ })).toBeEnabled();
    expect(screen.getByText('2 × $60.00')).toBeInTheDocument();
  });

  it('explains the minimum order value and does not offer to place the order', async () => {
    renderCheckout(1);
    expect(await screen.findByText('The minimum order value is $100.00. Add $40.00 more to place this order.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Place order/ })).toBeDisabled();
  });

  it('disables "Place order" while the call runs, shows the server message and keeps the form on failure', async () => {
    const user = userEvent.setup();
    renderCheckout();
    const first = deferred<never>();
    mocks.placeOrder.mockReturnValueOnce(first.promise);
    await user.type(screen.getByLabelText('Purchase-order number (optional)'), 'PO-42');
    await user.type(screen.getByLabelText('Delivery notes (optional)'), 'Gate code 1234');
    await user.click(await screen.findByRole('button', { name: /Place order/ }));

    const busy = await screen.findByRole('button', { name: 'Placing your order…' });
    expect(busy).toBeDisabled();
    first.reject(Object.assign(new Error('Only 1 of Chef Knife (KIT-1001) is in stock. [400]'), { code: 'functions/failed-precondition' }));

    await waitFor(() => expect(mocks.toastError).toHaveBeenCalledWith('Only 1 of Chef Knife (KIT-1001) is in stock.'));
    expect(screen.getByLabelText('Purchase-order number (optional)')).toHaveValue('PO-42');
    expect(screen.getByLabelText('Delivery notes (optional)')).toHaveValue('Gate code 1234');
    expect(mocks.placeOrder).toHaveBeenCalledWith(expect.objectContaining({ poNumber: 'PO-42', notes: 'Gate code 1234', paymentMethod: 'invoice-net30' }));
  });

  it('confirms the lines and total the summary shows, not the prices the cart holds', async () => {
    const user = userEvent.setup();
    renderCheckout(2, 1);
    mocks.placeOrder.mockResolvedValueOnce({ data: { orderId: 'HW-7K3M9QX2AB' } });
    await user.click(await screen.findByRole('button', { name: /Place order · \$154\.60/ }));
    await waitFor(() => expect(mocks.placeOrder).toHaveBeenCalledTimes(1));
    expect(mocks.placeOrder).toHaveBeenCalledWith(expect.objectContaining({ expected: { lines: [{ productId: 'kit-1001', quantity: 2, unitPrice: 6000 }], total: 15460 } }));
  });

  it('after a refusal for a changed price, shows the new price and confirms that one', async () => {
    const user = userEvent.setup();
    renderCheckout(2);
    mocks.placeOrder.mockImplementationOnce(async () => {
      mocks.products.set(knife.id, { ...knife, price: 6500 });
      const changes = [{ kind: 'price', productId: knife.id, name: 'Chef Knife', from: 6000, to: 6500, message: 'The price of Chef Knife (KIT-1001) changed from $60.00 to $65.00.' }];
      throw Object.assign(new Error('Your order changed since you confirmed it. [400]'), { code: 'functions/failed-precondition', details: { changes } });
    });
    await user.click(await screen.findByRole('button', { name: /Place order · \$154\.60/ }));
    await waitFor(() => expect(mocks.toastError).toHaveBeenCalledWith('Your order changed since you confirmed it.'));
    // The changes show beside the summary; nothing was ordered.
    const panel = await screen.findByRole('alert', { name: 'Your order changed' });
    expect(panel).toHaveTextContent('Nothing was ordered.');
    expect(panel).toHaveTextContent('The price of Chef Knife (KIT-1001) changed from $60.00 to $65.00.');

    // 2 x $65.00 = $130.00, shipping $25.00, tax $10.40.
    mocks.placeOrder.mockResolvedValueOnce({ data: { orderId: 'HW-7K3M9QX2AB' } });
    await user.click(await screen.findByRole('button', { name: /Place order · \$165\.40/ }));
    await waitFor(() => expect(mocks.placeOrder).toHaveBeenCalledTimes(2));
    expect(screen.queryByRole('alert', { name: 'Your order changed' })).not.toBeInTheDocument();
    expect(mocks.placeOrder.mock.calls[1]?.[0]).toMatchObject({ expected: { lines: [{ productId: 'kit-1001', quantity: 2, unitPrice: 6500 }], total: 16540 } });
  });

  it('retries with the same request id, then empties the cart and opens the confirmation', async () => {
    const user = userEvent.setup();
    const { store, location } = renderCheckout();
    mocks.placeOrder.mockRejectedValueOnce(Object.assign(new Error('internal'), { code: 'functions/internal' }));
    await user.click(screen.getByLabelText(/Bank transfer in advance/));
    await user.click(await screen.findByRole('button', { name: /Place order/ }));
    await waitFor(() => expect(mocks.toastError).toHaveBeenCalledWith('Your order could not be placed. Please check your connection and try again.'));

    mocks.placeOrder.mockResolvedValueOnce({ data: { orderId: 'HW-7K3M9QX2AB' } });
    await user.click(screen.getByRole('button', { name: /Place order/ }));
    await waitFor(() => expect(location()).toBe('/order-confirmation/HW-7K3M9QX2AB'));
    expect(store.getState().cart.items).toEqual([]);

    const [firstCall, secondCall] = mocks.placeOrder.mock.calls.map(([input]) => input as { requestId: string; paymentMethod: string });
    expect(firstCall?.requestId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(secondCall?.requestId).toBe(firstCall?.requestId);
    expect(secondCall?.paymentMethod).toBe('bank-transfer');
  });

  it('shows the line problems the server would refuse, naming the product', async () => {
    mocks.products.set(knife.id, { ...knife, stock: 1 });
    renderCheckout(2);
    expect(await screen.findByText('Only 1 of Chef Knife (KIT-1001) is in stock.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Place order/ })).toBeDisabled();
  });

  it('shows a backordered line\'s split, offers "Ship complete" and sends the choice', async () => {
    const user = userEvent.setup();
    mocks.products.set(knife.id, { ...knife, stock: 1, backorderable: true, backordered: 0, restockDate: '2026-12-09' });
    renderCheckout(2);
    expect(await screen.findByText('1 ship now, 1 on backorder, expected Dec 9')).toBeInTheDocument();
    const shipComplete = screen.getByRole('checkbox', { name: /Ship complete/ });
    expect(shipComplete).toHaveAccessibleName(expect.stringContaining('Ship nothing until everything can ship together'));
    expect(shipComplete).not.toBeChecked();
    await user.click(shipComplete);
    expect(screen.getByText(/Ships complete: the units on the shelf wait for the backordered ones/)).toBeInTheDocument();
    mocks.placeOrder.mockResolvedValueOnce({ data: { orderId: 'HW-7K3M9QX2AB' } });
    await user.click(screen.getByRole('button', { name: /Place order/ }));
    await waitFor(() => expect(mocks.placeOrder).toHaveBeenCalledWith(expect.objectContaining({ shipComplete: true })));
  });

  it('shows "Ship complete" checked and fixed for a company that ships complete', async () => {
    mocks.company = { ...mocks.company, shipComplete: true };
    mocks.products.set(knife.id, { ...knife, stock: 0, backorderable: true, backordered: 0, restockDate: '' });
    renderCheckout(2);
    const shipComplete = await screen.findByRole('checkbox', { name: /Ship complete/ });
    expect(shipComplete).toBeChecked();
    expect(shipComplete).toBeDisabled();
    expect(shipComplete).toHaveAccessibleDescription('Your company ships complete: its orders never ship in part.');
    expect(screen.getByText('0 ship now, 2 on backorder')).toBeInTheDocument();
  });

  it('offers no "Ship complete" when every line ships now, and sends none', async () => {
    const user = userEvent.setup();
    mocks.products.set(knife.id, { ...knife, backorderable: true, backordered: 0, restockDate: '2026-12-09' });
    renderCheckout(2);
    mocks.placeOrder.mockResolvedValueOnce({ data: { orderId: 'HW-7K3M9QX2AB' } });
    await user.click(await screen.findByRole('button', { name: /Place order · \$154\.60/ }));
    await waitFor(() => expect(mocks.placeOrder).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('checkbox', { name: /Ship complete/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/on backorder/)).not.toBeInTheDocument();
    expect(mocks.placeOrder.mock.calls[0]?.[0]).not.toMatchObject({ shipComplete: true });
  });

  it('checks the address before calling the server', async () => {
    const user = userEvent.setup();
    renderCheckout();
    await user.clear(screen.getByLabelText('City'));
    await user.click(await screen.findByRole('button', { name: /Place order/ }));
    expect(await screen.findByText('City is required.')).toBeInTheDocument();
    expect(mocks.placeOrder).not.toHaveBeenCalled();
  });
});
