import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { Download, Search } from 'lucide-react';
import { formatMoney, ORDER_STATUSES, type OrderStatus } from '@harbor/domain';
import { Spinner } from '../../../components/Spinner';
import { ORDER_EXPORT_LIMIT, ORDER_SEARCH_LIMIT, ordersForExport, useGetAdminOrdersQuery } from '../adminApi';
import { AdminFrame } from '../components/AdminFrame';
import { LoadError } from '../components/LoadError';
import { OrderDetail } from '../components/OrderDetail';
import { Pager } from '../components/Pager';
import { STATUS_LABELS, StatusBadge } from '../components/StatusBadge';
import { formatDateTime } from '../formatting';
import { downloadText, ordersCsv } from '../ordersCsv';
import { useCursorPages } from '../useCursorPages';

function isStatus(value: string | null): value is OrderStatus {
  return ORDER_STATUSES.includes(value as OrderStatus);
}

export default function AdminOrdersPage() {
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status');
  const status: OrderStatus | '' = isStatus(statusParam) ? statusParam : '';
  const search = params.get('q') ?? '';
  const openOrder = params.get('order');
  const pages = useCursorPages(`${status}|${search}`);
  const { data, error, isLoading, isFetching, refetch } = useGetAdminOrdersQuery({ status, search, after: pages.after });
  const [exporting, setExporting] = useState(false);

  function setParam(name: string, value: string) {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next);
  }

  function submitSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setParam('q', String(new FormData(event.currentTarget).get('q') ?? '').trim());
  }

  async function exportCsv() {
    setExporting(true);
    try {
      const { orders, truncated } = await ordersForExport(status, search);
      const stamp = new Date().toISOString().slice(0, 10);
      downloadText(ordersCsv(orders), `orders-${status || 'all'}-${stamp}.csv`);
      if (truncated) toast.warning(`Exported the newest ${orders.length} matching orders; narrow the filter for the rest (limit ${ORDER_EXPORT_LIMIT}).`);
      else toast.success(`Exported ${orders.length} order${orders.length === 1 ? '' : 's'}.`);
    } catch (exportError) {
      console.error('Exporting orders failed.', exportError);
      toast.error('The orders could not be exported. Please try again.');
    } finally {
      setExporting(false);
    }
  }

  return (
    <AdminFrame
      title="Orders"
      actions={
        <button type="button" className="button secondary" onClick={exportCsv} disabled={exporting}>
          <Download size={18} aria-hidden="true" /> {exporting ? 'Exporting…' : 'Export CSV'}
        </button>
      }
    >
      <div className="card admin-toolbar">
        <form role="search" aria-label="Order search" className="toolbar-search" onSubmit={submitSearch}>
          <label htmlFor="order-search" className="visually-hidden">
            Search orders
          </label>
          <input id="order-search" name="q" type="search" defaultValue={search} key={search} placeholder="Order number, company or e-mail" />
          <button type="submit" className="button small">
            <Search size={16} aria-hidden="true" /> Search
          </button>
        </form>
        <div className="toolbar-filters">
          <div className="toolbar-filter">
            <label htmlFor="order-status">Status</label>
            <select id="order-status" value={status} onChange={(event) => setParam('status', event.target.value)}>
              <option value="">All statuses</option>
              {ORDER_STATUSES.map((each) => (
                <option key={each} value={each}>
                  {STATUS_LABELS[each]}
                </option>
              ))}
            </select>
          </div>
        </div>
      </div>

      {search && (
        <p className="muted small" aria-live="polite">
          Orders whose number, company or e-mail starts with “{search}”.{' '}
          <button type="button" className="link-button" onClick={() => setParam('q', '')}>
            Clear search
          </button>
        </p>
      )}

      {isLoading ? (
        <Spinner label="Loading orders…" />
      ) : !data ? (
        <LoadError error={error} fallback="The orders could not be loaded." onRetry={refetch} />
      ) : data.rows.length === 0 ? (
        <div className="card admin-empty">
          <p>
            No {status ? `${STATUS_LABELS[status].toLowerCase()} ` : ''}orders{search ? ` match “${search}”` : ' yet'}.
          </p>
        </div>
      ) : (
        <div className={`card table-card ${isFetching ? 'is-fetching' : ''}`} aria-busy={isFetching}>
          <div className="table-scroll">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Order</th>
                  <th scope="col">Placed</th>
                  <th scope="col">Customer</th>
                  <th scope="col" className="numeric">
                    Units
                  </th>
                  <th scope="col" className="numeric">
                    Total
                  </th>
                  <th scope="col">Status</th>
                  <th scope="col">
                    <span className="visually-hidden">Details</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.rows.map((order) => (
                  <tr key={order.id}>
                    <td className="mono">
                      {order.id}
                    </td>
                    <td>{formatDateTime(order.createdAt)}</td>
                    <td>
                      <span className="truncate customer">{order.company || '—'}</span>
                      <span className="sku">{order.userEmail}</span>
                    </td>
                    <td className="numeric">{order.items.reduce((units, item) => units + item.quantity, 0)}</td>
                    <td className="numeric">{formatMoney(order.total, order.currency)}</td>
                    <td>
                      <StatusBadge status={order.status} />
                    </td>
                    <td className="row-actions">
                      <button type="button" className="button secondary small" onClick={() => setParam('order', order.id)} aria-label={`View order ${order.id}`}>
                        View
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {data.truncated && <p className="muted small table-note">Showing the first {ORDER_SEARCH_LIMIT} matches of each kind; type more to narrow the search.</p>}
          <Pager page={pages.page} hasNext={data.next !== null} busy={isFetching} onPrevious={pages.previous} onNext={() => data.next && pages.next(data.next)} />
        </div>
      )}

      {openOrder && <OrderDetail orderId={openOrder} onClose={() => setParam('order', '')} />}
    </AdminFrame>
  );
}
