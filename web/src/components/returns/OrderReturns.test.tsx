import { screen, within } from '@testing-library/react';
import type * as FirestoreLite from 'firebase/firestore/lite';
import { Timestamp } from 'firebase/firestore/lite';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithStore } from '../../test/renderWithStore';
import { testReturnLine } from '../../test/returns';
import { OrderReturns } from './OrderReturns';

const mocks = vi.hoisted(() => ({ returns: [] as Record<string, unknown>[], fail: false, filters: [] as string[] }));

type Converter = { fromFirestore: (snapshot: { id: string; data: () => Record<string, unknown> }) => unknown };

vi.mock('../../lib/firebase', () => ({ db: {} }));
// The order's returns as the lite SDK would answer them, and the filters the query named.
vi.mock('firebase/firestore/lite', async (importOriginal) => ({
  ...(await importOriginal<typeof FirestoreLite>()),
  collection: (_db: unknown, ...path: string[]) => ({ path: path.join('/'), withConverter: (converter: Converter) => ({ path: path.join('/'), converter }) }),
  where: (field: string, op: string, value: string) => `${field} ${op} ${value}`,
  orderBy: (field: string, direction: string) => `order by ${field} ${direction}`,
  query: (base: object, ...constraints: string[]) => {
    mocks.filters = constraints;
    return base;
  },
  getDocs: async ({ converter }: { converter: Converter }) => {
    if (mocks.fail) throw new Error('offline');
    return { docs: mocks.returns.map((data, index) => ({ data: () => converter.fromFirestore({ id: `rma-${index + 1}`, data: () => data }) })) };
  },
}));

const stored = (number: string, status: string, quantities: number[], day: number) => ({
  number,
  orderId: 'HW-RETURN0001',
  userId: 'u1',
  companyId: 'co-1',
  status,
  lines: quantities.map((quantity, index) => testReturnLine({ productId: `p-${index}`, quantity })),
  createdAt: Timestamp.fromMillis(Date.UTC(2026, 10, day, 15)),
});

beforeEach(() => {
  mocks.fail = false;
  mocks.filters = [];
  mocks.returns = [stored('RMA-000004', 'approved', [1], 24), stored('RMA-000002', 'credited', [2, 3], 21)];
});

describe('OrderReturns', () => {
  it('lists the order’s returns with their number leading to the given page, status, day and units, asking only for the reader’s own', async () => {
    renderWithStore(<OrderReturns args={{ orderId: 'HW-RETURN0001', userId: 'u1' }} returnPath={(id) => `/returns/${id}`} />);
    const section = await screen.findByRole('region', { name: 'Returns' });
    const [, newest, older] = within(section).getAllByRole('row');
    expect(within(newest!).getByRole('link', { name: 'RMA-000004' })).toHaveAttribute('href', '/returns/rma-1');
    expect(within(newest!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Approved', 'Nov 24, 2026', '1 unit']);
    expect(within(older!).getByRole('link', { name: 'RMA-000002' })).toHaveAttribute('href', '/returns/rma-2');
    expect(within(older!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Credited', 'Nov 21, 2026', '5 units']);
    expect(mocks.filters).toEqual(['orderId == HW-RETURN0001', 'userId == u1', 'order by createdAt desc']);
  });

  it('names one return in the singular, and reads a company’s returns by its id', async () => {
    mocks.returns = [stored('RMA-000004', 'requested', [1], 24)];
    renderWithStore(<OrderReturns args={{ orderId: 'HW-RETURN0001', companyId: 'co-1' }} returnPath={(id) => `/admin/returns/${id}`} />);
    const section = await screen.findByRole('region', { name: 'Return' });
    expect(within(section).getByRole('link', { name: 'RMA-000004' })).toHaveAttribute('href', '/admin/returns/rma-1');
    expect(mocks.filters).toEqual(['orderId == HW-RETURN0001', 'companyId == co-1', 'order by createdAt desc']);
  });

  it('shows nothing for an order without returns', async () => {
    mocks.returns = [];
    const { container } = renderWithStore(<OrderReturns args={{ orderId: 'HW-RETURN0001', userId: 'u1' }} returnPath={(id) => `/returns/${id}`} />);
    await vi.waitFor(() => expect(mocks.filters).not.toEqual([]));
    expect(container).toBeEmptyDOMElement();
  });

  it('says when the returns cannot be read, with a way to try again', async () => {
    mocks.fail = true;
    renderWithStore(<OrderReturns args={{ orderId: 'HW-RETURN0001', userId: 'u1' }} returnPath={(id) => `/returns/${id}`} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The returns of this order could not be loaded. Please try again.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
