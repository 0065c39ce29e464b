import { Link } from 'react-router-dom';
import { formatMoney } from '@harbor/domain';
import { LoadError } from '../../../components/LoadError';
import { paths } from '../../../config';
import { Spinner } from '../../../components/Spinner';
import { useAuth } from '../../../lib/session';
import { formatDay } from '../../../lib/dates';
import { useGetOrderHistoryInfiniteQuery } from '../api';
import { OrderAgainButton } from './OrderAgainButton';
import { OrderStatusBadge } from '../../../components/order/OrderStatusBadge';
import { OrderDocumentButton } from '../../../components/order/OrderDocumentButton';
import '../orders.css';

function OrderHistoryList({ uid }: { uid: string }) {
  const { data, isLoading, isError, error, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } = useGetOrderHistoryInfiniteQuery(uid);
  const orders = data?.pages.flatMap((page) => page.rows) ?? [];

  if (isLoading) return <Spinner label="Loading your orders…" />;
  if (isError && orders.length === 0) {
    return <LoadError error={error} fallback="Your orders could not be loaded." onRetry={refetch} />;
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
      <table className="order-table">
        <caption className="visually-hidden">Your orders, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Date</th>
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
              <td data-label="Items">{order.items.length === 1 ? '1 product' : `${order.items.length} products`}</td>
              <td data-label="Status">
                <OrderStatusBadge status={order.status} />
              </td>
              <td data-label="Total" className="numeric">
                {formatMoney(order.total, order.currency)}
              </td>
              <td className="order-table-actions">
                <OrderDocumentButton orderId={order.id} kind="invoice" className="button secondary small" />
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
