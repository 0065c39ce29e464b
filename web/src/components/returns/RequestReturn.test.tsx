import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type * as FirestoreLite from 'firebase/firestore/lite';
import { Timestamp } from 'firebase/firestore/lite';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { orderFromData, type Order } from '@harbor/domain';
import { renderWithStore } from '../../test/renderWithStore';
import { RequestReturn } from './RequestReturn';

const DAY = 86_400_000;
const mocks = vi.hoisted(() => ({ shipments: [] as Record<string, unknown>[], call: vi.fn() }));

type Converter = { fromFirestore: (snapshot: { id: string; data: () => Record<string, unknown> }) => unknown };

vi.mock('../../lib/firebase', () => ({ db: {} }));
vi.mock('../../lib/callable', () => ({ callFunction: (name: string, data: unknown) => mocks.call(name, data) }));
// The order's shipments as the lite SDK would answer them.
vi.mock('firebase/firestore/lite', async (importOriginal) => ({
  ...(await importOriginal<typeof FirestoreLite>()),
  collection: (_db: unknown, ...path: string[]) => ({ path: path.join('/'), withConverter: (converter: Converter) => ({ path: path.join('/'), converter }) }),
  orderBy: () => ({}),
  query: (base: object) => base,
  getDocs: async ({ converter }: { converter: Converter }) => ({
    docs: mocks.shipments.map((data, index) => ({ data: () => converter.fromFirestore({ id: String(index + 1), data: () => data }) })),
  }),
}));

const cups = { productId: 'pap-1009', sku: 'PAP-1009', name: 'Hot Cups, 12 oz', unit: 'case', unitPrice: 6999 };
const oil = { productId: 'pan-1003', sku: 'PAN-1003', name: 'Extra Virgin Olive Oil', unit: 'tin, 3 L', unitPrice: 4599 };
const napkins = { productId: 'pap-1010', sku: 'PAP-1010', name: 'Napkins', unit: 'case', unitPrice: 2499 };
const shipped = (line: typeof cups, quantity: number) => ({ ...line, quantity, lineTotal: line.unitPrice * quantity });

/** Shipped 3 days ago: 6 cases of cups, 4 tins of oil and 2 cases of napkins, the napkins already on a return. */
function order(fields: Record<string, unknown> = {}): Order {
  return orderFromData('HW-RETURN0001', {
    userId: 'u1',
    status: 'shipped',
    currency: 'USD',
    shipmentCount: 1,
    items: [shipped(cups, 6), shipped(oil, 4), shipped(napkins, 2)].map((item) => ({ ...item, allocated: 0, shipped: item.quantity, backordered: 0, cancelled: 0 })),
    unitsOnReturns: { '1': { 'pap-1010': 2 } },
    ...fields,
  });
}

const shipment = (daysAgo: number) => ({
  number: 'HW-RETURN0001-1',
  sequence: 1,
  lines: [shipped(cups, 6), shipped(oil, 4), shipped(napkins, 2)],
  carrier: 'UPS',
  trackingNumber: '1Z999AA10123456784',
  invoiceNumber: 'INV-000041',
  shippedAt: Timestamp.fromMillis(Date.now() - daysAgo * DAY),
});

const dialog = () => screen.getByRole('dialog', { name: 'Return items of order HW-RETURN0001' });
const line = (name: string) => within(dialog()).getByRole('group', { name: new RegExp(name) });
const send = () => userEvent.click(within(dialog()).getByRole('button', { name: 'Request return' }));

async function open() {
  renderWithStore(<RequestReturn order={order()} />);
  await userEvent.click(await screen.findByRole('button', { name: 'Return items' }));
  await screen.findByRole('dialog', { name: 'Return items of order HW-RETURN0001' });
}

async function choose(name: string, units: string, reason?: string) {
  await userEvent.clear(within(line(name)).getByLabelText('Units to return'));
  await userEvent.type(within(line(name)).getByLabelText('Units to return'), units);
  if (reason) await userEvent.selectOptions(within(line(name)).getByLabelText('Reason'), reason);
}

beforeEach(() => {
  mocks.call.mockReset();
  mocks.shipments = [shipment(3)];
});

describe('RequestReturn', () => {
  it('asks units and a reason for each product that may go back, and says why the others cannot', async () => {
    await open();
    expect(within(line('Hot Cups')).getByLabelText('Units to return')).toHaveValue(0);
    expect(line('Hot Cups')).toHaveTextContent('Up to 6 units.');
    expect(within(line('Olive Oil')).getByLabelText('Reason')).toHaveDisplayValue('Choose a reason');
    expect(within(dialog()).queryByRole('group', { name: /Napkins/ })).not.toBeInTheDocument();
    expect(within(dialog()).getByRole('heading', { name: 'Cannot be returned now' }).nextElementSibling).toHaveTextContent(
      'Only 0 of Napkins (PAP-1010) can be returned: 2 shipped, 2 already on returns.',
    );
  });

  it('refuses more units than may be returned, a count without a reason, or nothing at all, and sends nothing', async () => {
    await open();
    await send();
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent('Choose at least one item to return.');
    await choose('Hot Cups', '7', 'Damaged');
    expect(within(dialog()).queryByText('Choose at least one item to return.')).not.toBeInTheDocument();
    await choose('Olive Oil', '1');
    await send();
    expect(await within(line('Hot Cups')).findByRole('alert')).toHaveTextContent('At most 6 units of Hot Cups, 12 oz can be returned.');
    expect(within(line('Olive Oil')).getByRole('alert')).toHaveTextContent('Choose why Extra Virgin Olive Oil goes back.');
    expect(mocks.call).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal, keeps what was typed, sends again with the same request id and then says where the return is', async () => {
    mocks.call
      .mockRejectedValueOnce(Object.assign(new Error('Only 4 of Hot Cups, 12 oz (PAP-1009) can be returned: 6 shipped, 2 already on returns. Nothing was requested.'), { code: 'functions/failed-precondition' }))
      .mockResolvedValueOnce({ returnId: 'rma-3', number: 'RMA-000003' });
    await open();
    await choose('Hot Cups', '2', 'Damaged');
    await userEvent.type(within(dialog()).getByLabelText('Note for our team (optional)'), 'Crushed corner');
    await send();
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent('Only 4 of Hot Cups, 12 oz (PAP-1009) can be returned: 6 shipped, 2 already on returns. Nothing was requested.');
    expect(within(line('Hot Cups')).getByLabelText('Units to return')).toHaveValue(2);
    expect(within(line('Hot Cups')).getByLabelText('Reason')).toHaveDisplayValue('Damaged');
    expect(within(dialog()).getByLabelText('Note for our team (optional)')).toHaveValue('Crushed corner');
    await send();
    expect(await within(dialog()).findByRole('status')).toHaveTextContent('Return RMA-000003 requested.');
    expect(within(dialog()).getByRole('link', { name: 'View return RMA-000003' })).toHaveAttribute('href', '/returns/rma-3');
    const [first, second] = mocks.call.mock.calls as [[string, { requestId: string }], [string, unknown]];
    expect(first[0]).toBe('requestReturn');
    expect(second).toEqual([
      'requestReturn',
      { orderId: 'HW-RETURN0001', requestId: first[1].requestId, lines: [{ productId: 'pap-1009', quantity: 2, reason: 'damaged' }], note: 'Crushed corner' },
    ]);
  });

  it('offers nothing once every shipment is older than the return window', async () => {
    mocks.shipments = [shipment(31)];
    const { store } = renderWithStore(<RequestReturn order={order()} />);
    // Once the shipments are read, still nothing is offered.
    await vi.waitFor(() => expect(Object.values(store.getState().api.queries).find((entry) => entry?.endpointName === 'getOrderShipments')?.status).toBe('fulfilled'));
    expect(screen.queryByRole('button', { name: 'Return items' })).not.toBeInTheDocument();
  });
});
