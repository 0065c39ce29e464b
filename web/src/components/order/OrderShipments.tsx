import type { ComponentProps } from 'react';
import { formatInvoiceNumber, type Order, type OrderShipment, type Shipment, type ShipmentLine } from '@harbor/domain';
import { LoadError } from '../LoadError';
import { Spinner } from '../Spinner';
import { OrderDocumentButton } from './OrderDocumentButton';
import { OrderInvoice } from './OrderInvoice';
import { ShipmentDetails } from './ShipmentDetails';
import { formatDay } from '../../lib/dates';
import { useGetOrderShipmentsQuery } from '../../lib/orders/fulfilmentApi';

/** One parcel as the buyer's page lists it: a stored shipment, or the one an order shipped whole before shipments were kept. */
export interface ListedShipment {
  key: string;
  /** "HW-…-2"; '' for an order shipped whole before shipments had numbers. */
  number: string;
  shippedAt: number | null;
  tracking: Shipment | null;
  trackingNumber: string;
  /** Empty for an order shipped whole before shipments were kept: every line went. */
  lines: ShipmentLine[];
  /** Its invoice's sequence, as the order keeps it. */
  invoiceNumber: number | undefined;
}

/** The single shipment of an order marked shipped before shipments were documents: its tracking on the order, its one invoice. */
function earlierShipment(order: Order, shipment: Shipment): ListedShipment {
  const shippedAt = order.statusHistory.find((change) => change.status === 'shipped')?.at ?? order.invoicedAt ?? null;
  return { key: 'shipment', number: '', shippedAt, tracking: shipment, trackingNumber: shipment.trackingNumber, lines: [], invoiceNumber: order.invoiceNumbers[0] };
}

function storedShipment(order: Order, shipment: OrderShipment): ListedShipment {
  return {
    key: String(shipment.sequence),
    number: shipment.number,
    shippedAt: shipment.shippedAt || null,
    tracking: shipment.carrier ? { carrier: shipment.carrier, trackingNumber: shipment.trackingNumber } : null,
    trackingNumber: shipment.trackingNumber,
    lines: shipment.lines,
    invoiceNumber: order.invoiceNumbers.find((number) => formatInvoiceNumber(number) === shipment.invoiceNumber),
  };
}

/**
 * The order's shipments, oldest first (`null` while they load; an order with no shipment documents
 * lists the shipment kept on the order itself, if any), and the invoices none of them lists
 * (every invoice while the shipments cannot be read), which the page shows on their own.
 */
export function useListedShipments(order: Order) {
  const stored = useGetOrderShipmentsQuery(order.id, { skip: order.shipmentCount === 0 });
  const shipments = order.shipmentCount === 0 ? (order.shipment ? [earlierShipment(order, order.shipment)] : []) : (stored.data?.map((shipment) => storedShipment(order, shipment)) ?? null);
  const unlistedInvoices = shipments ? order.invoiceNumbers.filter((number) => !shipments.some((shipment) => shipment.invoiceNumber === number)) : stored.isError ? order.invoiceNumbers : [];
  return { shipments, unlistedInvoices, query: stored };
}

/** What the back office adds: to each invoice (marking it paid, a credit note), each shipment's packing slip, and where toasts go. */
export interface InvoiceExtras {
  actions?: ComponentProps<typeof OrderInvoice>['actions'];
  toasterId?: string;
  packingSlips?: boolean;
  /** False for a role that does not read invoices (the warehouse). */
  invoices?: boolean;
}

function ShipmentEntry({ order, shipment, extras }: { order: Order; shipment: ListedShipment; extras: InvoiceExtras }) {
  return (
    <li className="order-shipment">
      <div className="order-shipment-head">
        {/* An order shipped whole before shipments had numbers: the section's heading names it. */}
        {shipment.number && <h3>Shipment {shipment.number}</h3>}
        {shipment.shippedAt && <span className="muted small">Shipped {formatDay(shipment.shippedAt)}</span>}
      </div>
      {shipment.tracking ? <ShipmentDetails shipment={shipment.tracking} /> : shipment.trackingNumber && <p className="small">Tracking number {shipment.trackingNumber}</p>}
      {shipment.lines.length > 0 && (
        <ul className="plain-list order-shipment-lines" aria-label={shipment.number ? `Items in shipment ${shipment.number}` : 'Items in the shipment'}>
          {shipment.lines.map((line) => (
            <li key={line.productId}>
              <strong>{line.quantity} ×</strong> {line.name} <span className="muted small">({line.sku})</span>
            </li>
          ))}
        </ul>
      )}
      {extras.invoices !== false && shipment.invoiceNumber !== undefined && <OrderInvoice order={order} invoiceNumber={shipment.invoiceNumber} actions={extras.actions} toasterId={extras.toasterId} />}
      {extras.packingSlips && shipment.number && (
        <OrderDocumentButton orderId={order.id} kind="packingSlip" shipment={Number(shipment.key)} label={`Packing slip ${shipment.number} (PDF)`} className="button secondary small" toasterId={extras.toasterId} />
      )}
    </li>
  );
}

/** Each parcel of the order: its number, date, carrier and tracking link, what was in it, and its invoice. */
export function OrderShipments({ order, listed, extras = {} }: { order: Order; listed: ReturnType<typeof useListedShipments>; extras?: InvoiceExtras }) {
  const { shipments, query } = listed;
  const count = shipments?.length ?? order.shipmentCount;
  if (count === 0) return null;
  return (
    <section className="card" aria-labelledby="shipments-heading">
      <h2 id="shipments-heading">{count === 1 ? 'Shipment' : 'Shipments'}</h2>
      {shipments ? (
        <ol className="plain-list order-shipments">
          {shipments.map((shipment) => (
            <ShipmentEntry key={shipment.key} order={order} shipment={shipment} extras={extras} />
          ))}
        </ol>
      ) : query.isError ? (
        <LoadError error={query.error} fallback="The shipments of this order could not be loaded." onRetry={query.refetch} />
      ) : (
        <Spinner label="Loading the shipments…" />
      )}
    </section>
  );
}
