import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type * as FirestoreLite from 'firebase/firestore/lite';
import { Timestamp } from 'firebase/firestore/lite';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyAddress, type Orderable, type OrderItem } from '@harbor/domain';
import { renderWithStore } from '../../../test/renderWithStore';
import { OrderHistory } from './OrderHistory';

type Converter = { fromFirestore: (snapshot: { id: string; data: () => Record<string, unknown> }) => unknown };

interface StoredOrder {
  id: string;
  data: Record<string, unknown>;
}

const mocks = vi.hoisted(() => ({
  orders: [] as StoredOrder[],
  products: new Map<string, unknown>(),
  toastWarning: vi.fn(),
  toastSuccess: vi.fn(),
}));

// A tiny in-memory stand-in for the lite SDK's query functions: newest first, cursor, limit.
vi.mock('../../../lib/firebase', () => ({ auth: {}, db: {}, functions: {} }));
vi.mock('../../../lib/cart/productQueries', () => ({
  fetchOrderables: async (_db: unknown, ids: string[]) => {
    const found = ids.filter((id) => mocks.products.has(id));
    return { products: Object.fromEntries(found.map((id) => [id, mocks.products.get(id)])), documentsRead: found.length };
  },
}));
vi.mock('firebase/firestore/lite', async (importOriginal) => ({
  ...(await importOriginal<typeof FirestoreLite>()),
  collection: () => ({ withConverter: (converter: Converter) => ({ converter }) }),
  where: (field: string, _op: string, value: unknown) => ({ where: [field, value] }),
  orderBy: () => ({}),
  documentId: () => '__name__',
  startAfter: (_createdAt: unknown, id: string) => ({ after: id }),
  limit: (count: number) => ({ limit: count }),
  query: (base: object, ...constraints: object[]) => Object.assign({}, base, ...constraints),
  getDocs: async ({ converter, where: [, uid], after, limit }: { converter: Converter; where: [string, string]; after?: string; limit: number }) => {
    const own = mocks.orders.filter((order) => order.data.userId === uid);
    const start = after ? own.findIndex((order) => order.id === after) + 1 : 0;
    const docs = own.slice(start, start + limit).map((order) => {
      const stored = { id: order.id, data: () => order.data, get: (field: string) => order.data[field] };
      return { ...stored, data: () => converter.fromFirestore(stored) };
    });
    return { docs };
  },
}));
vi.mock('../../../lib/toast', () => ({ toast: { error: vi.fn(), success: mocks.toastSuccess, warning: mocks.toastWarning } }));

const paper: Orderable = {
  id: 'off-1001',
  name: 'Copy Paper',
  sku: 'OFF-1001',
  unit: 'case of 10 reams',
  imageUrl: '/images/products/off-1001.svg',
  price: 5299,
  tiers: [{ minQty: 5, price: 4999 }],
  minOrderQty: 1,
  packSize: 1,
  stock: 900,
  active: true,
};

function line(productId: string, quantity: number, unitPrice: number): OrderItem {
  return { productId, name: `Name ${productId}`, sku: productId.toUpperCase(), unit: 'each', imageUrl: '', unitPrice, quantity, lineTotal: unitPrice * quantity };
}

/** Orders of u1 numbered 1..count, the highest number the newest, stored newest first. */
function storeOrders(count: number, items: OrderItem[] = [line('off-1001', 5, 4999)]) {
  mocks.orders = Array.from({ length: count }, (_, index) => {
    const number = count - index;
    const createdAt = Timestamp.fromMillis(Date.UTC(2026, 0, number, 12));
    return {
      id: `HW-ORDER${String(number).padStart(5, '0')}`,
      data: { userId: 'u1', items, total: number * 10_000, currency: 'USD', status: 'pending', shippingAddress: emptyAddress, createdAt, updatedAt: createdAt },
    };
  });
  mocks.orders.push({ id: 'HW-SOMEONEELSE', data: { ...mocks.orders[0]!.data, userId: 'u2' } });
}

function renderHistory() {
  return renderWithStore(<OrderHistory />, {
    path: '/profile',
    preloadedState: { auth: { status: 'signedIn', user: { uid: 'u1', email: 'b@harbor.test', displayName: null } } },
  });
}

const orderLinks = () => screen.getAllByRole('link', { name: /^Order HW-/ }).map((link) => link.textContent);

beforeEach(() => {
  mocks.products.clear();
  mocks.toastWarning.mockReset();
});

describe('OrderHistory', () => {
  it('lists the shopper\'s orders newest first, ten at a time', async () => {
    const user = userEvent.setup();
    storeOrders(12);
    renderHistory();
    await screen.findByRole('table');
    expect(orderLinks()).toEqual(Array.from({ length: 10 }, (_, index) => `HW-ORDER${String(12 - index).padStart(5, '0')}`));
    const newest = screen.getAllByRole('row')[1]!;
    expect(within(newest).getByText('$1,200.00')).toBeInTheDocument();
    expect(within(newest).getByText('Pending')).toBeInTheDocument();
    expect(within(newest).getByRole('link', { name: /HW-ORDER00012/ })).toHaveAttribute('href', '/order-confirmation/HW-ORDER00012');

    await user.click(screen.getByRole('button', { name: 'Show more orders' }));
    await waitFor(() => expect(orderLinks()).toHaveLength(12));
    expect(orderLinks().slice(10)).toEqual(['HW-ORDER00002', 'HW-ORDER00001']);
    expect(screen.queryByRole('button', { name: 'Show more orders' })).not.toBeInTheDocument();
  });

  it('shows a partly shipped order with its badge and its invoices on its page; an order with one invoice offers its PDF', async () => {
    storeOrders(2);
    Object.assign(mocks.orders[0]!.data, { status: 'partially-shipped', invoiceNumbers: [41, 44], shipmentCount: 2 });
    Object.assign(mocks.orders[1]!.data, { status: 'shipped', invoiceNumbers: [40], shipmentCount: 1 });
    renderHistory();
    await screen.findByRole('table');
    const [partly, shipped] = screen.getAllByRole('row').slice(1);
    expect(within(partly!).getByText('Partially shipped')).toHaveClass('status-badge', 'status-partially-shipped');
    expect(within(partly!).getByRole('link', { name: '2 invoices of order HW-ORDER00002, on its page' })).toHaveAttribute('href', '/order-confirmation/HW-ORDER00002');
    expect(within(partly!).queryByRole('button', { name: /invoice/i })).not.toBeInTheDocument();
    expect(within(shipped!).getByRole('button', { name: 'Download invoice for order HW-ORDER00001' })).toBeInTheDocument();
    // The status filter offers the new status.
    expect(screen.getByRole('option', { name: 'Partially shipped' })).toHaveValue('partially-shipped');
  });

  it('says so when there are no orders yet', async () => {
    mocks.orders = [];
    renderHistory();
    expect(await screen.findByText(/You have not placed any orders yet/)).toBeInTheDocument();
  });

  it('"Order again" puts the products back in the cart at today\'s prices and skips ones no longer sold', async () => {
    const user = userEvent.setup();
    storeOrders(1, [line('off-1001', 5, 4000), line('snk-9999', 2, 1500)]);
    mocks.products.set('off-1001', paper);
    const { store, location } = renderHistory();
    await user.click(await screen.findByRole('button', { name: 'Order again: HW-ORDER00001' }));

    await waitFor(() => expect(location()).toBe('/cart'));
    expect(store.getState().cart.items).toEqual([expect.objectContaining({ id: 'off-1001', quantity: 5, price: 4999 })]);
    expect(mocks.toastWarning).toHaveBeenCalledWith('Name snk-9999 (SNK-9999) is no longer available.');
  });
});
