import { toast } from '../../../lib/toast';
import { Download } from 'lucide-react';
import { ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderStatus } from '@harbor/domain';
import { Spinner } from '../../../components/Spinner';
import { readPagePosition } from '../../../lib/pagination';
import { NEWEST_ORDERS_FIRST } from '../../../lib/sorts';
import { useGetAdminOrdersQuery, useLazyExportOrdersQuery } from '../api';
import { ORDER_EXPORT_LIMIT, ORDER_SEARCH_LIMIT } from '../orderQueries';
import { AdminFrame } from '../components/AdminFrame';
import { failureMessage, LoadError } from '../../../components/LoadError';
import { OrderDetail } from '../components/OrderDetail';
import { Pager } from '../components/Pager';
import { FilterSelect, ListToolbar } from '../components/ListToolbar';
import { OrdersTable } from '../components/OrdersTable';
import { downloadText, orderLinesCsv, ordersCsv } from '../ordersCsv';
import { useAssignedTo } from '../useAssignedTo';
import { useListParams, withParam } from '../useListParams';

function isStatus(value: string | null): value is OrderStatus {
  return ORDER_STATUSES.includes(value as OrderStatus);
}

/** Orders (every order, or a sales rep's companies'), newest first: filter by status, search, export; each opens in a dialog. */
export default function AdminOrdersPage() {
  const { params, setFilter, setParam, goToPage } = useListParams();
  const statusParam = params.get('status');
  const status: OrderStatus | '' = isStatus(statusParam) ? statusParam : '';
  const search = params.get('q') ?? '';
  const openOrder = params.get('order');
  const position = readPagePosition(params, NEWEST_ORDERS_FIRST.kind);
  // A sales rep lists the orders of the companies assigned to it.
  const assignedTo = useAssignedTo('orders.read');
  const { data, error, isLoading, isFetching, refetch } = useGetAdminOrdersQuery({ status, search, position, assignedTo });
  const [exportOrders, { isFetching: exporting }] = useLazyExportOrdersQuery();

  async function exportCsv(kind: 'orders' | 'lines') {
    // Always read afresh: orders change between two exports.
    const result = await exportOrders({ status, search, assignedTo }, false);
    if (!result.data) {
      toast.error(failureMessage(result.error, 'The orders could not be exported. Please try again.'));
      return;
    }
    const { orders, truncated } = result.data;
    const stamp = new Date().toISOString().slice(0, 10);
    if (kind === 'orders') downloadText(ordersCsv(orders), `orders-${status || 'all'}-${stamp}.csv`);
    else downloadText(orderLinesCsv(orders), `order-lines-${status || 'all'}-${stamp}.csv`);
    if (truncated) toast.warning(`Exported the newest ${orders.length} matching orders; narrow the filter for the rest (limit ${ORDER_EXPORT_LIMIT}).`);
    else toast.success(`Exported ${orders.length} order${orders.length === 1 ? '' : 's'}.`);
  }

  return (
    <AdminFrame
      title="Orders"
      actions={
        <>
          <button type="button" className="button secondary" onClick={() => void exportCsv('orders')} disabled={exporting}>
            <Download size={18} aria-hidden="true" /> {exporting ? 'Exporting…' : 'Export CSV'}
          </button>
          <button type="button" className="button secondary" onClick={() => void exportCsv('lines')} disabled={exporting}>
            <Download size={18} aria-hidden="true" /> Export line items
          </button>
        </>
      }
    >
      <ListToolbar
        formLabel="Order search"
        inputLabel="Search orders"
        placeholder="Order number, company or e-mail"
        search={search}
        onSearch={(text) => setFilter('q', text)}
        searchNote={`Orders whose number, company or e-mail starts with “${search}”.`}
      >
        <FilterSelect id="order-status" label="Status" value={status} onChange={(value) => setFilter('status', value)}>
          <option value="">All statuses</option>
          {ORDER_STATUSES.map((each) => (
            <option key={each} value={each}>
              {ORDER_STATUS_LABELS[each]}
            </option>
          ))}
        </FilterSelect>
      </ListToolbar>

      {isLoading ? (
        <Spinner label="Loading orders…" />
      ) : !data ? (
        <LoadError error={error} fallback="The orders could not be loaded." onRetry={refetch} />
      ) : data.rows.length === 0 ? (
        <div className="card admin-empty">
          <p>
            No {status ? `${ORDER_STATUS_LABELS[status].toLowerCase()} ` : ''}orders{search ? ` match “${search}”` : assignedTo ? ' from your companies yet' : ' yet'}.
          </p>
        </div>
      ) : (
        <div className={`card table-card ${isFetching ? 'is-fetching' : ''}`} aria-busy={isFetching}>
          <OrdersTable orders={data.rows} orderHref={(orderId) => `?${withParam(params, 'order', orderId)}`} />
          {data.truncated && <p className="muted small table-note">Showing the first {ORDER_SEARCH_LIMIT} matches of each kind; type more to narrow the search.</p>}
          <Pager position={position} page={data} busy={isFetching} onGo={goToPage} />
        </div>
      )}

      {openOrder && <OrderDetail orderId={openOrder} onClose={() => setParam('order', '')} />}
    </AdminFrame>
  );
}
