import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReceiveReturnResult } from '@harbor/domain';
import { renderWithStore } from '../../../test/renderWithStore';
import { testReturn, testReturnLine } from '../../../test/returns';
import { ReceiveReturnForm } from './ReceiveReturnForm';

const mocks = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../../lib/firebase', () => ({ db: {} }));
vi.mock('../../../lib/callable', () => ({ callFunction: (name: string, data: unknown) => mocks.call(name, data) }));

/** 2 cups asked back, both still to come; 6 tins of oil over two shipments, 2 of them received already; napkins all received. */
const approved = testReturn({
  status: 'received',
  restockingFeeBasisPoints: 1500,
  lines: [
    testReturnLine(),
    testReturnLine({
      productId: 'pan-1003',
      sku: 'PAN-1003',
      name: 'Extra Virgin Olive Oil',
      quantity: 6,
      parts: [
        { shipment: 1, invoiceNumber: 'INV-000041', quantity: 4, received: 2 },
        { shipment: 2, invoiceNumber: 'INV-000042', quantity: 2, received: 0 },
      ],
      resellable: 2,
    }),
    testReturnLine({ productId: 'pap-1010', sku: 'PAP-1010', name: 'Napkins', quantity: 1, parts: [{ shipment: 1, invoiceNumber: 'INV-000041', quantity: 1, received: 1 }], damaged: 1 }),
  ],
});

const units = (sku: string, condition: 'resellable' | 'damaged') => screen.getByLabelText(`Units of ${sku} received ${condition}`);
const record = () => userEvent.click(screen.getByRole('button', { name: 'Record receipt and credit' }));
let onReceived: ReturnType<typeof vi.fn<(result: ReceiveReturnResult) => void>>;

beforeEach(() => {
  mocks.call.mockReset();
  onReceived = vi.fn<(result: ReceiveReturnResult) => void>();
  renderWithStore(<ReceiveReturnForm productReturn={approved} onReceived={onReceived} />);
});

describe('ReceiveReturnForm', () => {
  it('lists what is still to receive of each line, and says what receiving does', () => {
    const rows = screen.getAllByRole<HTMLTableRowElement>('row').slice(1);
    expect(rows.map((row) => row.cells[0]!.textContent)).toEqual(['Hot Cups, 12 ozPAP-1009 · case', 'Extra Virgin Olive OilPAN-1003 · case']);
    expect(rows.map((row) => row.cells[1]!.textContent)).toEqual(['2', '4']);
    expect(screen.getByText(/Resellable units go back to stock \(to waiting backorders first\); damaged units do not\./)).toHaveTextContent(
      'Every unit received is credited at the price charged, tax included, less the 15% restocking fee.',
    );
  });

  it('asks for at least one unit, refuses more than is still to receive with the rule’s sentence, and sends nothing', async () => {
    await record();
    expect(screen.getByRole('alert')).toHaveTextContent('Enter how many units of at least one item arrived.');
    await userEvent.type(units('PAN-1003', 'resellable'), '3');
    await userEvent.type(units('PAN-1003', 'damaged'), '2');
    await record();
    expect(screen.getByRole('alert')).toHaveTextContent('Only 4 of Extra Virgin Olive Oil (PAN-1003) are still to receive on this return, not 5. Nothing was received.');
    expect(mocks.call).not.toHaveBeenCalled();
  });

  it('receives resellable and damaged units, keeping the request id when the same receipt is tried again after a refusal', async () => {
    mocks.call
      .mockRejectedValueOnce(Object.assign(new Error('Too many people are changing this return at once. Please try again.'), { code: 'functions/aborted' }))
      .mockResolvedValueOnce({ returnId: 'rma-1', status: 'received', creditNotes: ['CN-000007', 'CN-000008'] });
    await userEvent.type(units('PAN-1003', 'resellable'), '3');
    await userEvent.type(units('PAN-1003', 'damaged'), '1');
    await userEvent.type(units('PAP-1009', 'damaged'), '1');
    await record();
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many people are changing this return at once. Please try again.');
    expect(units('PAN-1003', 'resellable')).toHaveValue(3);
    expect(onReceived).not.toHaveBeenCalled();
    await record();
    await vi.waitFor(() => expect(onReceived).toHaveBeenCalledWith({ returnId: 'rma-1', status: 'received', creditNotes: ['CN-000007', 'CN-000008'] }));
    const [first, second] = mocks.call.mock.calls as [[string, { requestId: string }], [string, unknown]];
    expect(first[0]).toBe('receiveReturn');
    expect(second).toEqual([
      'receiveReturn',
      {
        returnId: 'rma-1',
        requestId: first[1].requestId,
        lines: [
          { productId: 'pap-1009', quantity: 1, condition: 'damaged' },
          { productId: 'pan-1003', quantity: 3, condition: 'resellable' },
          { productId: 'pan-1003', quantity: 1, condition: 'damaged' },
        ],
      },
    ]);
    // The next receipt starts empty, as a new one.
    expect(units('PAN-1003', 'resellable')).toHaveValue(null);
  });
});
