import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { CircleCheck } from 'lucide-react';
import { BANK_ACCOUNT, decidesApprovals, invoiceable, orderPaymentText, PAYMENT_METHOD_LABELS, paymentInstructions, RETURNABLE_ORDER_STATUSES, type Company, type Order } from '@harbor/domain';
import { LoadError } from '../../../components/LoadError';
import { RecordNotFound } from '../../../components/RecordNotFound';
import { paths } from '../../../config';
import { Spinner } from '../../../components/Spinner';
import { useAuth } from '../../../lib/session';
import { OrderStatusBadge } from '../../../components/order/OrderStatusBadge';
import { OrderDocumentButton } from '../../../components/order/OrderDocumentButton';
import { OrderInvoice } from '../../../components/order/OrderInvoice';
import { AddToList } from '../../../components/AddToList';
import { OrderPayment, prepaid } from '../../../components/payments/OrderPayment';
import { formatMoment } from '../../../lib/dates';
import { useBuyerAccount } from '../../../lib/company';
import { useGetOrderQuery } from '../api';
import { ApprovalStatus } from '../components/ApprovalStatus';
import { OrderItems } from '../components/OrderItems';
import { OrderShipments, useListedShipments } from '../../../components/order/OrderShipments';
import { OrderReturns } from '../../../components/returns/OrderReturns';
import { RequestReturn } from '../../../components/returns/RequestReturn';
import type { OrderReturnsArgs } from '../../../lib/returns/returnsApi';
import '../orders.css';

function PaymentDetails({ order, uid, company }: { order: Order; uid: string | undefined; company: Company | null }) {
  // Overdue as of when the order was opened.
  const [now] = useState(() => Date.now());
  // Once invoiced (or paid before), what is paid and open of it, as the company's ledger has it.
  const payment = order.invoiceNumbers.length > 0 || order.paymentStatus === 'paid' ? orderPaymentText(order, now) : null;
  return (
    <section className="card" aria-labelledby="payment-heading">
      <h2 id="payment-heading">Payment</h2>
      <p className="confirmation-strong">{PAYMENT_METHOD_LABELS[order.paymentMethod]}</p>
      {payment && <p className={payment.overdue ? 'payment-state overdue' : 'payment-state'}>{payment.text}</p>}
      <OrderPayment order={order} uid={uid} role={uid && company?.id === order.companyId ? company.members[uid] : undefined} />
      {/* Money paid online leaves nothing to transfer. */}
      {!prepaid(order) &&
        paymentInstructions(order).map((sentence) => (
          <p key={sentence} className="small">
            {sentence}
          </p>
        ))}
      {order.paymentMethod === 'bank-transfer' && !prepaid(order) && (
        <dl className="bank-details small">
          <dt>Payee</dt>
          <dd>{BANK_ACCOUNT.payee}</dd>
          <dt>Bank</dt>
          <dd>{BANK_ACCOUNT.bank}</dd>
          <dt>Routing number</dt>
          <dd>{BANK_ACCOUNT.routingNumber}</dd>
          <dt>Account number</dt>
          <dd>{BANK_ACCOUNT.accountNumber}</dd>
          <dt>Reference</dt>
          <dd>{order.id}</dd>
        </dl>
      )}
    </section>
  );
}

function DeliveryDetails({ order }: { order: Order }) {
  const address = order.shippingAddress;
  return (
    <section className="card" aria-labelledby="delivery-heading">
      <h2 id="delivery-heading">Delivery</h2>
      <address className="confirmation-address">
        {order.company && <strong>{order.company}</strong>}
        <span>{address.line1}</span>
        {address.line2 && <span>{address.line2}</span>}
        <span>{[address.city, address.region, address.postalCode].filter(Boolean).join(', ')}</span>
        <span>{address.country}</span>
      </address>
      {(order.poNumber || order.notes) && (
        <dl className="confirmation-facts small">
          {order.poNumber && (
            <>
              <dt>Purchase order</dt>
              <dd>{order.poNumber}</dd>
            </>
          )}
          {order.notes && (
            <>
              <dt>Notes</dt>
              <dd className="confirmation-notes">{order.notes}</dd>
            </>
          )}
        </dl>
      )}
    </section>
  );
}

/** The page's heading for the buyer who placed the order: what happened to it. */
function ownHeading(order: Order): string {
  if (order.status === 'awaiting-approval') return 'Your order awaits approval';
  if (order.status === 'rejected') return 'Your order was not approved';
  return 'Thank you, your order is placed';
}

/**
 * Which of the order's returns the viewer reads, as the rules let it: the order's buyer its own,
 * the company's owner and approvers the company's; anyone else (staff) none on this page.
 */
function viewerReturns(order: Order, uid: string | undefined, company: Company | null): OrderReturnsArgs | null {
  if (uid && order.userId === uid) return { orderId: order.id, userId: uid };
  if (uid && order.companyId && company?.id === order.companyId && decidesApprovals(company.members[uid])) return { orderId: order.id, companyId: order.companyId };
  return null;
}

function OrderConfirmation({ order }: { order: Order }) {
  const { user } = useAuth();
  const { company } = useBuyerAccount();
  const ownOrder = user?.uid === order.userId;
  // An invoice is issued only for an order its company approved.
  const invoiced = invoiceable(order);
  const listed = useListedShipments(order);
  const { unlistedInvoices } = listed;
  const returns = viewerReturns(order, user?.uid, company);
  return (
    <section className="page confirmation">
      <header className="confirmation-header">
        {ownOrder && invoiced && <CircleCheck className="confirmation-icon" size={40} aria-hidden="true" />}
        <div>
          <p className="eyebrow">Order {order.id}</p>
          {order.quote && (
            <p className="order-quote">
              Quote <Link to={paths.quote(order.quote.id)}>{order.quote.number}</Link>: ordered at the quoted prices.
            </p>
          )}
          <h1>{ownOrder ? ownHeading(order) : `Order ${order.id}`}</h1>
          <p className="muted">
            Placed on {formatMoment(order.createdAt)}
            {(order.placedByName || order.userEmail) && (
              <>
                {' '}
                by {order.placedByName || order.userEmail}
                {order.placedByName && order.userEmail ? ` (${order.userEmail})` : ''}
              </>
            )}
            . Status: <OrderStatusBadge status={order.status} />
          </p>
        </div>
        {returns && RETURNABLE_ORDER_STATUSES.includes(order.status) && (
          <div className="confirmation-header-actions">
            <RequestReturn order={order} />
          </div>
        )}
      </header>
      <div className="confirmation-layout">
        <div className="confirmation-main">
          <OrderItems order={order} company={company} uid={user?.uid} />
          <OrderShipments order={order} listed={listed} />
          {returns && <OrderReturns args={returns} returnPath={paths.return} />}
        </div>
        <div className="confirmation-side">
          {user && <ApprovalStatus order={order} company={company} uid={user.uid} />}
          <DeliveryDetails order={order} />
          <PaymentDetails order={order} uid={user?.uid} company={company} />
          {unlistedInvoices.length > 0 && (
            <section className="card" aria-labelledby="invoice-heading">
              <h2 id="invoice-heading">{unlistedInvoices.length === 1 ? 'Invoice' : 'Invoices'}</h2>
              {unlistedInvoices.map((number) => (
                <OrderInvoice key={number} order={order} invoiceNumber={number} />
              ))}
            </section>
          )}
        </div>
      </div>
      <div className="confirmation-actions">
        <Link to={paths.home} className="button">
          Continue shopping
        </Link>
        <Link to={paths.profile} className="button secondary">
          View order history
        </Link>
        {order.invoiceNumbers.length === 0 && invoiced && <OrderDocumentButton orderId={order.id} kind="confirmation" label="Order confirmation (PDF)" />}
      </div>
      <AddToList lines={order.items.map((item) => ({ productId: item.productId, quantity: item.quantity }))} what={`order ${order.id}`} label="Save order to a list" />
    </section>
  );
}

export default function OrderConfirmationPage() {
  const { orderId = '' } = useParams();
  const { data: order, error, isLoading, refetch } = useGetOrderQuery(orderId);
  if (isLoading) return <Spinner label="Loading your order…" />;
  if (order) return <OrderConfirmation order={order} />;
  if (order === null) {
    return <RecordNotFound title="Order not found" text="There is no order with that number in your account. Your orders are listed on your profile." to={paths.profile} linkLabel="View my orders" />;
  }
  return (
    <section className="page narrow">
      <LoadError error={error} fallback="The order could not be loaded." onRetry={refetch} />
    </section>
  );
}
