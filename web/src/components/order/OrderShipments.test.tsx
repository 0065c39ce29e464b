import { screen, within } from '@testing-library/react';
import type * as FirestoreLite from 'firebase/firestore/lite';
import { Timestamp } from 'firebase/firestore/lite';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { orderFromData, type Order } from '@harbor/domain';
import { renderWithStore } from '../../test/renderWithStore';
import { OrderShipments, useListedShipments } from './OrderShipments';

const mocks = vi.hoisted(() => ({ shipments: [] as Record<string, unknown>[], fail: false }));

type Converter = { fromFirestore: (snapshot: { id: string; data: () => Record<string, unknown> }) => unknown };

vi.mock('../../../lib/firebase', () => ({ db: {} }));
// The order's shipments as the lite SDK would answer them; any other read (an invoice) finds nothing.
vi.mock('firebase/firestore/lite', async (importOriginal) => ({
  ...(await importOriginal<typeof FirestoreLite>()),
  collection: (_db: unknown, ...path: string[]) => ({ path: path.join('/'), withConverter: (converter: Converter) => ({ path: path.join('/'), converter }) }),
  doc: (collection: { path: string }, id: string) => ({ path: `${collection.path}/${id}` }),
  getDoc: async () => ({ exists: () => false, data: () => undefined }),
  orderBy: () => ({}),
  query: (base: object) => base,
  getDocs: async ({ converter }: { converter: Converter }) => {
    if (mocks.fail) throw new Error('offline');
    return { docs: mocks.shipments.map((data, index) => ({ data: () => converter.fromFirestore({ id: String(index + 1), data: () => data }) })) };
  },
}));

const line = (quantity: number) => ({ productId: 'pap-1009', sku: 'PAP-1009', name: 'Hot Cups, 12 oz', unit: 'case', unitPrice: 6999, quantity, lineTotal: 6999 * quantity });

function order(fields: Record<string, unknown>): Order {
  return orderFromData('HW-SHIPS00001', { userId: 'u1', status: 'partially-shipped', currency: 'USD', items: [{ ...line(40), allocated: 0, shipped: 25, backordered: 15, cancelled: 0 }], ...fields });
}

/** The page's use of the two: the shipments section, and the invoices it leaves to the page. */
function Shipments({ order }: { order: Order }) {
  const listed = useListedShipments(order);
  return (
    <>
      <OrderShipments order={order} listed={listed} />
      <output aria-label="Invoices shown on their own">{listed.unlistedInvoices.join(', ')}</output>
    </>
  );
}

beforeEach(() => {
  mocks.fail = false;
  mocks.shipments = [
    { number: 'HW-SHIPS00001-1', sequence: 1, lines: [line(10)], carrier: 'UPS', trackingNumber: '1Z999AA10123456784', invoiceNumber: 'INV-000041', shippedAt: Timestamp.fromMillis(Date.UTC(2026, 10, 20, 15)) },
    { number: 'HW-SHIPS00001-2', sequence: 2, lines: [line(15)], carrier: 'FedEx', trackingNumber: '123456789012', invoiceNumber: 'INV-000044', shippedAt: Timestamp.fromMillis(Date.UTC(2026, 10, 24, 15)) },
  ];
});

describe('OrderShipments', () => {
  it('lists each shipment with its date, tracking link, lines and own invoice', async () => {
    renderWithStore(<Shipments order={order({ shipmentCount: 2, invoiceNumbers: [41, 44] })} />);
    const section = await screen.findByRole('region', { name: 'Shipments' });
    const [first, second] = within(section).getAllByRole('listitem').filter((item) => within(item).queryByRole('heading'));
    expect(within(first!).getByRole('heading', { name: 'Shipment HW-SHIPS00001-1' })).toBeInTheDocument();
    expect(first).toHaveTextContent('Shipped Nov 20, 2026');
    expect(within(first!).getByRole('link', { name: '1Z999AA10123456784' })).toHaveAttribute('href', 'https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(within(first!).getByRole('list', { name: 'Items in shipment HW-SHIPS00001-1' })).toHaveTextContent('10 × Hot Cups, 12 oz (PAP-1009)');
    expect(within(first!).getByRole('button', { name: 'Invoice INV-000041 (PDF) for order HW-SHIPS00001' })).toBeInTheDocument();
    expect(within(second!).getByRole('link', { name: '123456789012' })).toHaveAttribute('href', 'https://www.fedex.com/fedextrack/?trknbr=123456789012');
    expect(within(second!).getByRole('button', { name: 'Invoice INV-000044 (PDF) for order HW-SHIPS00001' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Invoices shown on their own' })).toBeEmptyDOMElement();
  });

  it('still shows the one shipment and invoice of an order shipped before shipments were kept', () => {
    const earlier = order({ status: 'shipped', shipment: { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' }, invoiceNumber: 7, statusHistory: [{ status: 'shipped', at: Date.UTC(2026, 5, 2, 12), by: 'ada' }] });
    renderWithStore(<Shipments order={earlier} />);
    const section = screen.getByRole('region', { name: 'Shipment' });
    expect(within(section).getAllByRole('heading').map((heading) => heading.textContent)).toEqual(['Shipment']);
    expect(section).toHaveTextContent('Shipped Jun 2, 2026');
    expect(within(section).getByRole('link', { name: '1Z999AA10123456784' })).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Invoice INV-000007 (PDF) for order HW-SHIPS00001' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Invoices shown on their own' })).toBeEmptyDOMElement();
  });

  it('says when the shipments cannot be read, and leaves every invoice to the page', async () => {
    mocks.fail = true;
    renderWithStore(<Shipments order={order({ shipmentCount: 2, invoiceNumbers: [41, 44] })} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The shipments of this order could not be loaded. Please try again.');
    expect(screen.getByRole('status', { name: 'Invoices shown on their own' })).toHaveTextContent('41, 44');
  });
});
