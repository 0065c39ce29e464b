import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { formatInvoiceNumber, formatMoney, maySeeCompanyDocument, ORDER_STATUS_LABELS, ORDER_STATUSES, type Order } from '@harbor/domain';
import { FieldShell } from '../../../components/FieldShell';
import { FormField } from '../../../components/FormField';
import { NO_ORDER_FILTERS, type OrderHistoryFilters } from '../orderHistoryQuery';
import { LoadError } from '../../../components/LoadError';
import { paths } from '../../../config';
import { Spinner } from '../../../components/Spinner';
import { useAuth } from '../../../lib/session';
import { useBuyerAccount } from '../../../lib/company';
import { formatDay } from '../../../lib/dates';
import { useGetOrderHistoryInfiniteQuery } from '../api';
import { OrderAgainButton } from './OrderAgainButton';
import { OrderStatusBadge } from '../../../components/order/OrderStatusBadge';
import { OrderDocumentButton } from '../../../components/order/OrderDocumentButton';
import '../orders.css';

function OrderFilters({ filters, onApply }: { filters: OrderHistoryFilters; onApply: (filters: OrderHistoryFilters) => void }) {
  const { register, handleSubmit, reset } = useForm<OrderHistoryFilters>({ defaultValues: filters });
  const filtered = filters !== NO_ORDER_FILTERS;
  return (
    <form className="order-filters" role="search" aria-label="Find orders" onSubmit={(event) => void handleSubmit(onApply)(event)}>
      <FormField label="Order or PO number" type="search" autoComplete="off" registration={register('search')} />
      <FieldShell label="Status">
        {(control) => (
          <select {...control} {...register('status')}>
            <option value="">All statuses</option>
            {ORDER_STATUSES.map((status) => (
              <option key={status} value={status}>
                {ORDER_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        )}
      </FieldShell>
      <FormField label="From" type="date" registration={register('from')} />
      <FormField label="To" type="date" registration={register('to')} />
      <div className="order-filter-actions">
        <button type="submit" className="button secondary">
          Find
        </button>
        {filtered && (
          <button
            type="button"
            className="button secondary"
            onClick={() => {
              reset(NO_ORDER_FILTERS);
              onApply(NO_ORDER_FILTERS);
            }}
          >
            Show all orders
          </button>
        )}
      </div>
    </form>
  );
}

/** An order's invoice to download; an order shipped in parts has one per shipment, listed on its page. */
function InvoiceAction({ order }: { order: Order }) {
  const count = order.invoiceNumbers.length;
  if (count === 0) return null;
  if (count === 1) return <OrderDocumentButton orderId={order.id} kind="invoice" invoiceNumber={formatInvoiceNumber(order.invoiceNumbers[0]!)} className="button secondary small" />;
  return (
    <Link to={paths.orderConfirmation(order.id)} className="button secondary small" aria-label={`${count} invoices of order ${order.id}, on its page`}>
      {count} invoices
    </Link>
  );
}

function OrderHistoryList({ uid }: { uid: string }) {
  // A company's owner and approvers see every order of the company, with who placed it; a buyer its own.
  const { company } = useBuyerAccount();
  const companyWide = maySeeCompanyDocument(company?.members[uid], false);
  const scope = useMemo(() => (companyWide && company ? { field: 'companyId' as const, value: company.id } : { field: 'userId' as const, value: uid }), [company, companyWide, uid]);
  const [filters, setFilters] = useState<OrderHistoryFilters>(NO_ORDER_FILTERS);
  const filtered = filters !== NO_ORDER_FILTERS;
  const { data, isLoading, isError, error, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } = useGetOrderHistoryInfiniteQuery({ scope, filters });
  const orders = data?.pages.flatMap((page) => page.rows) ?? [];
  const apply = (next: OrderHistoryFilters) => {
    const empty = !next.search.trim() && !next.status && !next.from && !next.to;
    setFilters(empty ? NO_ORDER_FILTERS : { ...next });
  };
  const filterForm = <OrderFilters filters={filters} onApply={apply} />;

  if (isLoading) return <Spinner label="Loading your orders…" />;
  if (isError && orders.length === 0) {
    return (
      <>
        {filterForm}
        <LoadError error={error} fallback="Your orders could not be loaded." onRetry={refetch} />
      </>
    );
  }
  if (orders.length === 0 && filtered) {
    return (
      <>
        {filterForm}
        <p className="muted" role="status">
          No orders match these filters.
        </p>
      </>
    );
  }
  if (orders.length === 0) {
    return (
      <p className="muted">
        You have not placed any orders yet. <Link to={paths.home}>Browse the catalog</Link> to start one.
      </p>
    );
  }

  return (
    <>
      {filterForm}
      <table className="order-table">
        <caption className="visually-hidden">{companyWide ? "Your company's orders, newest first" : 'Your orders, newest first'}</caption>
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Date</th>
            {companyWide && <th scope="col">Placed by</th>}
            <th scope="col">Items</th>
            <th scope="col">Status</th>
            <th scope="col" className="numeric">
              Total
            </th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id}>
              <th scope="row">
                <Link to={paths.orderConfirmation(order.id)} aria-label={`Order ${order.id}, view details`}>
                  {order.id}
                </Link>
              </th>
              <td data-label="Date">{formatDay(order.createdAt)}</td>
              {companyWide && <td data-label="Placed by">{order.placedByName || order.userEmail}</td>}
              <td data-label="Items">{order.items.length === 1 ? '1 product' : `${order.items.length} products`}</td>
              <td data-label="Status">
                <OrderStatusBadge status={order.status} />
              </td>
              <td data-label="Total" className="numeric">
                {formatMoney(order.total, order.currency)}
              </td>
              <td className="order-table-actions">
                <InvoiceAction order={order} />
                <OrderAgainButton order={order} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {hasNextPage && (
        <div className="order-history-more">
          <button type="button" className="button secondary" onClick={() => fetchNextPage()} disabled={isFetchingNextPage}>
            {isFetchingNextPage ? 'Loading…' : 'Show more orders'}
          </button>
        </div>
      )}
    </>
  );
}

/** The signed-in shopper's orders, newest first, for the profile page. */
export function OrderHistory() {
  const { user } = useAuth();
  return (
    <section className="card order-history" id="order-history" aria-labelledby="order-history-heading">
      <h2 id="order-history-heading">Order history</h2>
      {user && <OrderHistoryList uid={user.uid} />}
    </section>
  );
}
