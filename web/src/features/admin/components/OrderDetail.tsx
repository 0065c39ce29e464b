import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { X } from 'lucide-react';
import { Link } from 'react-router-dom';
import { paths } from '../../../config';
import {
  formatMoney,
  invoiceOpenAmount,
  invoiceUncredited,
  isOpenForFulfilment,
  lineFulfilmentText,
  ORDER_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  permissionForStatusChange,
  unitsToShip,
  type Invoice,
  type Order,
  type OrderStatus,
} from '@harbor/domain';
import { Spinner } from '../../../components/Spinner';
import { OrderStatusBadge } from '../../../components/order/OrderStatusBadge';
import { useGetAdminOrderQuery, useUpdateOrderStatusMutation } from '../api';
import { formatDateTime } from '../../../lib/dates';
import { useAuth } from '../../../lib/session';
import { failureMessage, LoadError } from '../../../components/LoadError';
import { Modal, MODAL_TOASTER } from '../../../components/Modal';
import { OrderStatusActions, type StatusChangeRequest } from './OrderStatusActions';
import { OrderDocumentButton } from '../../../components/order/OrderDocumentButton';
import { OrderInvoice } from '../../../components/order/OrderInvoice';
import { CreditNoteDialog } from './CreditNoteDialog';
import { MarkPaidDialog } from './MarkPaidDialog';
import { OrderShipments, useListedShipments } from '../../../components/order/OrderShipments';
import { CancelRest } from '../../../components/order/CancelRest';
import { OrderReturns } from '../../../components/returns/OrderReturns';
import { useAssignedTo } from '../useAssignedTo';
import { ShipPartsForm } from './ShipPartsForm';
import { TargetHistory } from './TargetHistory';

function addressLines(order: Order): string[] {
  const { line1, line2, city, region, postalCode, country } = order.shippingAddress;
  const cityLine = [[city, region].filter(Boolean).join(', '), postalCode].filter(Boolean).join(' ');
  return [line1, line2, cityLine, country].filter(Boolean);
}

/** Statuses whose ready units the warehouse may ship. */
const SHIPPABLE: readonly OrderStatus[] = ['pending', 'processing', 'partially-shipped'];

function OrderBody({ order }: { order: Order }) {
  const [updateStatus, update] = useUpdateOrderStatusMutation();
  const { may } = useAuth();
  const [creditingInvoice, setCreditingInvoice] = useState<Invoice | null>(null);
  const [payingInvoice, setPayingInvoice] = useState<Invoice | null>(null);
  const [shipping, setShipping] = useState(false);
  const listed = useListedShipments(order);
  // A sales rep reads the returns of its companies' orders by naming the company, as the rules check.
  const readsAssigned = useAssignedTo('orders.read') !== null;
  const mayShipPart = may('orders.fulfil') && SHIPPABLE.includes(order.status) && order.items.some((item) => item.allocated > 0);
  const invoiceActions = (invoice: Invoice) =>
    may('payments.record') && (
      <>
        {invoiceOpenAmount(invoice) > 0 && (
          <button type="button" className="button secondary small" onClick={() => setPayingInvoice(invoice)}>
            Mark paid…
          </button>
        )}
        {invoiceUncredited(invoice) > 0 && (
          <button type="button" className="button secondary small" onClick={() => setCreditingInvoice(invoice)}>
            Issue credit note
          </button>
        )}
      </>
    );

  async function changeStatus(change: StatusChangeRequest) {
    const { status } = change;
    const result = await updateStatus({ orderId: order.id, ...change });
    if ('error' in result) toast.error(failureMessage(result.error, 'The status could not be changed. Please try again.'), { toasterId: MODAL_TOASTER });
    else toast.success(`Order ${order.id} is now ${ORDER_STATUS_LABELS[status].toLowerCase()}.`, { toasterId: MODAL_TOASTER });
  }

  return (
    <>
      <div className="order-summary-row">
        <OrderStatusBadge status={order.status} />
        <span className="muted">Placed {formatDateTime(order.createdAt)}</span>
      </div>
      {/* A sales rep reads its companies' orders and changes none. */}
      {(may('orders.fulfil') || may('orders.cancel')) && (
        <section className="order-actions" aria-label="Change status">
          {shipping ? (
            <ShipPartsForm order={order} onDone={() => setShipping(false)} />
          ) : (
            <>
              <OrderStatusActions key={order.status} order={order} busy={update.isLoading} onChange={changeStatus} mayChangeTo={(to) => may(permissionForStatusChange(to))} />
              {mayShipPart && (
                <button type="button" className="button secondary" onClick={() => setShipping(true)}>
                  Ship ready units…
                </button>
              )}
              {may('orders.cancel') && isOpenForFulfilment(order.status) && unitsToShip(order.items) > 0 && order.items.some((item) => item.shipped > 0 || item.backordered > 0) && (
                <CancelRest order={order} viewerPlacedIt={false} toasterId={MODAL_TOASTER} />
              )}
            </>
          )}
        </section>
      )}
      <OrderShipments order={order} listed={listed} extras={{ actions: invoiceActions, toasterId: MODAL_TOASTER, packingSlips: may('documents.packingSlip'), invoices: may('documents.invoice') }} />
      {may('documents.invoice') &&
        listed.unlistedInvoices.map((number) => <OrderInvoice key={number} order={order} invoiceNumber={number} toasterId={MODAL_TOASTER} actions={invoiceActions} />)}
      {creditingInvoice && <CreditNoteDialog order={order} invoice={creditingInvoice} onClose={() => setCreditingInvoice(null)} />}
      {payingInvoice && <MarkPaidDialog order={order} invoice={payingInvoice} onClose={() => setPayingInvoice(null)} />}
      {may('documents.packingSlip') && (
        <div className="document-actions">
          <OrderDocumentButton orderId={order.id} kind="packingSlip" toasterId={MODAL_TOASTER} />
        </div>
      )}
      <OrderReturns args={readsAssigned ? { orderId: order.id, companyId: order.companyId } : { orderId: order.id }} returnPath={paths.adminReturn} />

      <div className="order-facts">
        <div>
          <h3>Customer</h3>
          <p>
            {order.company && (
              <>
                <strong>{order.company}</strong>
                <br />
              </>
            )}
            <a href={`mailto:${order.userEmail}`}>{order.userEmail}</a>
          </p>
        </div>
        <div>
          <h3>Ship to</h3>
          <address>
            {addressLines(order).map((line) => (
              <span key={line}>
                {line}
                <br />
              </span>
            ))}
          </address>
        </div>
        <div>
          <h3>Payment</h3>
          <p>
            {PAYMENT_METHOD_LABELS[order.paymentMethod]}
            {order.poNumber && (
              <>
                <br />
                PO {order.poNumber}
              </>
            )}
            {order.quote && (
              <>
                <br />
                Quote <Link to={paths.adminQuote(order.quote.id)}>{order.quote.number}</Link>
              </>
            )}
          </p>
        </div>
      </div>
      {order.notes && (
        <div className="order-notes">
          <h3>Notes</h3>
          <p>{order.notes}</p>
        </div>
      )}

      <div className="table-scroll">
        <table className="admin-table compact">
          <caption className="visually-hidden">Items</caption>
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col" className="numeric">
                Unit price
              </th>
              <th scope="col" className="numeric">
                Quantity
              </th>
              <th scope="col">Fulfilment</th>
              <th scope="col" className="numeric">
                Line total
              </th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item, index) => (
              <tr key={`${item.productId}-${index}`}>
                <td>
                  {item.name}
                  <span className="sku">
                    {item.sku} · {item.unit}
                  </span>
                </td>
                <td className="numeric">{formatMoney(item.unitPrice, order.currency)}</td>
                <td className="numeric">{item.quantity}</td>
                <td className="small">{lineFulfilmentText(item).join(' · ')}</td>
                <td className="numeric">{formatMoney(item.lineTotal, order.currency)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            {(
              [
                ['Subtotal', order.subtotal],
                ['Shipping', order.shipping],
                ['Tax', order.tax],
              ] as const
            ).map(([label, cents]) => (
              <tr key={label}>
                <th scope="row" colSpan={4} className="numeric">
                  {label}
                </th>
                <td className="numeric">{formatMoney(cents, order.currency)}</td>
              </tr>
            ))}
            <tr className="grand-total">
              <th scope="row" colSpan={4} className="numeric">
                Total
              </th>
              <td className="numeric">{formatMoney(order.total, order.currency)}</td>
            </tr>
          </tfoot>
        </table>
      </div>

      <h3>History</h3>
      <ol className="status-history">
        {order.statusHistory.map((change, index) => (
          <li key={`${change.status}-${change.at}-${index}`}>
            <OrderStatusBadge status={change.status} /> <span className="muted small">{formatDateTime(change.at)}</span>
          </li>
        ))}
      </ol>
      <TargetHistory target={`orders/${order.id}`} />
    </>
  );
}

/** One order in a modal: everything about it and the status changes it allows. */
export function OrderDetail({ orderId, onClose }: { orderId: string; onClose: () => void }) {
  const { data: order, error, isLoading, refetch } = useGetAdminOrderQuery(orderId);
  return (
    <Modal title={`Order ${orderId}`} className="order-dialog" onClose={onClose}>
      <button type="button" className="icon-button dialog-close" aria-label="Close" onClick={onClose}>
        <X size={18} aria-hidden="true" />
      </button>
      {isLoading ? (
        <Spinner label="Loading the order…" />
      ) : error ? (
        <LoadError error={error} fallback="The order could not be loaded." onRetry={refetch} />
      ) : !order ? (
        <p>There is no order {orderId}.</p>
      ) : (
        <OrderBody order={order} />
      )}
    </Modal>
  );
}
