import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithStore } from '../../test/renderWithStore';
import { testReturn, testReturnLine } from '../../test/returns';
import { ReturnDocuments } from './ReturnDocuments';
import { ReturnHistory } from './ReturnHistory';
import { ReturnLinesTable } from './ReturnLinesTable';
import { ReturnStatusBadge } from './ReturnStatusBadge';

const oil = testReturnLine({ productId: 'pan-1003', sku: 'PAN-1003', name: 'Extra Virgin Olive Oil', unit: 'tin, 3 L', quantity: 4, reason: 'wrong-item' });

describe('ReturnStatusBadge', () => {
  it('says the status in words', () => {
    render(<ReturnStatusBadge status="received" />);
    expect(screen.getByText('Partly received')).toHaveClass('status-badge', 'return-status-received');
  });
});

describe('ReturnLinesTable', () => {
  it('lists each line’s item, unit, units asked and reason, and nothing received before anything arrived', () => {
    render(<ReturnLinesTable lines={[testReturnLine(), oil]} />);
    const table = screen.getByRole('table', { name: 'Items to return' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Item', 'Unit', 'Asked', 'Reason']);
    const [, cups, tins] = within(table).getAllByRole('row');
    expect(within(cups!).getByRole('rowheader')).toHaveTextContent('Hot Cups, 12 ozSKU PAP-1009');
    expect(within(cups!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['case', '2', 'Damaged']);
    expect(within(tins!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['tin, 3 L', '4', 'Wrong item']);
  });

  it('adds what came back resellable and damaged once anything arrived', () => {
    render(<ReturnLinesTable lines={[testReturnLine({ damaged: 2 }), { ...oil, resellable: 3 }]} />);
    const table = screen.getByRole('table', { name: 'Items to return' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Item', 'Unit', 'Asked', 'Reason', 'Received resellable', 'Received damaged']);
    const [, cups, tins] = within(table).getAllByRole('row');
    expect(within(cups!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['case', '2', 'Damaged', '0', '2']);
    expect(within(tins!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['tin, 3 L', '4', 'Wrong item', '3', '0']);
  });
});

describe('ReturnHistory', () => {
  it('lists each step oldest first with its status, time, who and what was said', () => {
    const approvedAt = Date.UTC(2026, 10, 21, 16, 30);
    render(
      <ReturnHistory
        history={[
          { status: 'requested', at: Date.UTC(2026, 10, 20, 15), by: 'u1', byName: 'Bo Buyer', message: '' },
          { status: 'approved', at: approvedAt, by: 's1', byName: 'Sam Sales', message: 'Send them back with the RMA number on the box.' },
        ]}
      />,
    );
    const history = screen.getByRole('region', { name: 'History' });
    const [requested, approved] = within(history).getAllByRole('listitem');
    expect(requested).toHaveTextContent(/^Requested.*Bo Buyer$/);
    expect(approved).toHaveTextContent('Approved');
    expect(approved).toHaveTextContent('Sam Sales');
    expect(approved).toHaveTextContent('Send them back with the RMA number on the box.');
    expect(within(approved!).getByText((_text, element) => element?.tagName === 'TIME')).toHaveAttribute('datetime', new Date(approvedAt).toISOString());
  });
});

describe('ReturnDocuments', () => {
  it('shows nothing while the return waits for the shop’s decision', () => {
    renderWithStore(<ReturnDocuments productReturn={testReturn()} />);
    expect(screen.queryByRole('region', { name: 'Documents' })).not.toBeInTheDocument();
  });

  it('offers the return authorization once approved, and each credit note issued', () => {
    const credited = testReturn({
      status: 'credited',
      creditNotes: ['CN-000007', 'CN-000008'],
      history: [
        { status: 'requested', at: 1, by: 'u1', byName: 'Bo Buyer', message: '' },
        { status: 'approved', at: 2, by: 's1', byName: 'Sam Sales', message: '' },
        { status: 'credited', at: 3, by: 'w1', byName: 'Wes Warehouse', message: '' },
      ],
    });
    renderWithStore(<ReturnDocuments productReturn={credited} />);
    const documents = screen.getByRole('region', { name: 'Documents' });
    expect(within(documents).getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual([
      'Return authorization RMA-000001 (PDF) for order HW-RETURN0001',
      'Credit note CN-000007 (PDF) for order HW-RETURN0001',
      'Credit note CN-000008 (PDF) for order HW-RETURN0001',
    ]);
  });

  it('gives no return authorization for a rejected return', () => {
    const rejected = testReturn({ status: 'rejected', history: [...testReturn().history, { status: 'rejected', at: 2, by: 's1', byName: 'Sam Sales', message: 'Past the window.' }] });
    renderWithStore(<ReturnDocuments productReturn={rejected} />);
    expect(screen.queryByRole('region', { name: 'Documents' })).not.toBeInTheDocument();
  });
});
