import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { orderFromData, type Order } from '@harbor/domain';
import { renderWithStore } from '../../../test/renderWithStore';
import { ShipPartsForm } from './ShipPartsForm';

const mocks = vi.hoisted(() => ({ call: vi.fn(), toastSuccess: vi.fn(), toastError: vi.fn() }));
vi.mock('../../../lib/firebase', () => ({ db: {} }));
vi.mock('../../../lib/callable', () => ({ callFunction: (name: string, data: unknown) => mocks.call(name, data) }));
vi.mock('../../../lib/toast', () => ({ toast: { error: mocks.toastError, success: mocks.toastSuccess }, Toaster: () => null }));

const line = (productId: string, sku: string, name: string, fulfilment: { allocated: number; shipped: number; backordered: number }) => ({
  productId,
  sku,
  name,
  unit: 'case',
  unitPrice: 1000,
  quantity: fulfilment.allocated + fulfilment.shipped + fulfilment.backordered,
  lineTotal: 1000 * (fulfilment.allocated + fulfilment.shipped + fulfilment.backordered),
  cancelled: 0,
  ...fulfilment,
});

/** 8 tins of oil ready and 4 on backorder, 3 cups ready, napkins shipped already. */
const order = (fields: Record<string, unknown> = {}): Order =>
  orderFromData('HW-PARTS00001', {
    userId: 'u1',
    status: 'partially-shipped',
    currency: 'USD',
    items: [
      line('pan-1003', 'PAN-1003', 'Extra Virgin Olive Oil', { allocated: 8, shipped: 0, backordered: 4 }),
      line('pap-1009', 'PAP-1009', 'Hot Cups, 12 oz', { allocated: 3, shipped: 2, backordered: 0 }),
      line('pap-1010', 'PAP-1010', 'Napkins', { allocated: 0, shipped: 5, backordered: 0 }),
    ],
    ...fields,
  });

const units = (sku: string) => screen.getByLabelText(`Units of ${sku} to ship`);
const confirm = () => userEvent.click(screen.getByRole('button', { name: 'Confirm shipment' }));

async function fillCarrier() {
  await userEvent.selectOptions(screen.getByLabelText('Carrier'), 'UPS');
  await userEvent.type(screen.getByLabelText('Tracking number'), '1Z999AA10123456784');
}

beforeEach(() => {
  mocks.call.mockReset();
  mocks.toastSuccess.mockReset();
  mocks.toastError.mockReset();
});

describe('ShipPartsForm', () => {
  it('lists the lines with ready units, each prefilled with what is ready', () => {
    renderWithStore(<ShipPartsForm order={order()} onDone={vi.fn()} />);
    expect(units('PAN-1003')).toHaveValue(8);
    expect(units('PAP-1009')).toHaveValue(3);
    expect(screen.queryByLabelText('Units of PAP-1010 to ship')).not.toBeInTheDocument();
    expect(screen.getByText('Ship what is ready now; what you leave out stays ready for a later shipment.')).toBeInTheDocument();
  });

  it('refuses more than is ready with the rule’s own sentence, and sends nothing', async () => {
    renderWithStore(<ShipPartsForm order={order()} onDone={vi.fn()} />);
    await userEvent.clear(units('PAN-1003'));
    await userEvent.type(units('PAN-1003'), '9');
    await fillCarrier();
    await confirm();
    expect(await screen.findByRole('alert')).toHaveTextContent('Only 8 of Extra Virgin Olive Oil (PAN-1003) are ready to ship, not 9.');
    expect(mocks.call).not.toHaveBeenCalled();
  });

  it('ships the quantities typed, leaving out a line set to 0, and keeps the request id when the same shipment is tried again', async () => {
    const onDone = vi.fn();
    mocks.call.mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce({ orderId: 'HW-PARTS00001', shipmentNumber: 'HW-PARTS00001-2', sequence: 2, invoiceNumber: 'INV-000044', status: 'partially-shipped' });
    renderWithStore(<ShipPartsForm order={order()} onDone={onDone} />);
    await userEvent.clear(units('PAN-1003'));
    await userEvent.type(units('PAN-1003'), '5');
    await userEvent.clear(units('PAP-1009'));
    await userEvent.type(units('PAP-1009'), '0');
    await fillCarrier();
    await confirm();
    await vi.waitFor(() => expect(mocks.toastError).toHaveBeenCalledOnce());
    expect(onDone).not.toHaveBeenCalled();
    await confirm();
    await vi.waitFor(() => expect(mocks.toastSuccess).toHaveBeenCalledWith('Shipment HW-PARTS00001-2 sent, invoice INV-000044.', expect.anything()));
    const [first, second] = mocks.call.mock.calls as [[string, { requestId: string }], [string, unknown]];
    expect(first[0]).toBe('createShipment');
    expect(second).toEqual(['createShipment', { orderId: 'HW-PARTS00001', requestId: first[1].requestId, lines: [{ productId: 'pan-1003', quantity: 5 }], carrier: 'UPS', trackingNumber: '1Z999AA10123456784' }]);
    expect(onDone).toHaveBeenCalledOnce();
  });

  it('explains that a ship-complete order ships whole, and takes every ready unit', () => {
    renderWithStore(<ShipPartsForm order={order({ shipComplete: true })} onDone={vi.fn()} />);
    expect(screen.getByText('This order ships complete: every ready unit goes in this one shipment.')).toBeInTheDocument();
    expect(units('PAN-1003')).toHaveValue(8);
    expect(units('PAN-1003')).toHaveAttribute('readonly');
  });
});
