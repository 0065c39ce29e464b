import { Link } from 'react-router-dom';
import { AlertTriangle, ArrowRight } from 'lucide-react';
import { ADMIN_RULES, formatMoney, ORDER_STATUS_LABELS, totalOfLastDays, type DayFigures } from '@harbor/domain';
import { Spinner } from '../../../components/Spinner';
import { paths } from '../../../config';
import { OrderStatusBadge } from '../../../components/order/OrderStatusBadge';
import { useGetDashboardQuery } from '../api';
import { useGetReceivablesQuery } from '../customersApi';
import { AdminFrame } from '../components/AdminFrame';
import { LoadError } from '../../../components/LoadError';
import { RevenueChart } from '../components/RevenueChart';
import { OrdersTable } from '../components/OrdersTable';
import { listHref } from '../useListParams';

function SalesFigure({ label, figures }: { label: string; figures: DayFigures }) {
  return (
    <div className="card stat">
      <p className="stat-label">{label}</p>
      <p className="stat-value">{formatMoney(figures.revenue)}</p>
      <p className="stat-note">
        {figures.orders} order{figures.orders === 1 ? '' : 's'}
      </p>
    </div>
  );
}

/** What customers owe on invoice terms, and how much of it is past due. */
function ReceivablesFigures() {
  const { data, isError } = useGetReceivablesQuery();
  const shown = (cents: number | undefined) => (cents !== undefined ? formatMoney(cents) : isError ? 'Unavailable' : '…');
  return (
    <section className="stat-row" aria-label="Receivables">
      <div className="card stat">
        <p className="stat-label">Receivables</p>
        <p className="stat-value">{shown(data?.open)}</p>
        <p className="stat-note">
          <Link to={paths.adminCustomers}>Customers</Link>
        </p>
      </div>
      <div className="card stat">
        <p className="stat-label">Overdue</p>
        <p className="stat-value">{shown(data?.overdue)}</p>
        <p className="stat-note">Unpaid invoices past their due date</p>
      </div>
    </section>
  );
}

export default function AdminDashboardPage() {
  const { data, error, isLoading, isFetching, refetch } = useGetDashboardQuery();

  if (isLoading) {
    return (
      <AdminFrame title="Dashboard">
        <Spinner label="Loading the dashboard…" />
      </AdminFrame>
    );
  }
  if (!data) {
    return (
      <AdminFrame title="Dashboard">
        <LoadError error={error} fallback="The dashboard could not be loaded." onRetry={refetch} />
      </AdminFrame>
    );
  }

  const openTotal = data.openByStatus.reduce((sum, entry) => sum + entry.count, 0);
  return (
    <AdminFrame
      title="Dashboard"
      actions={
        <button type="button" className="button secondary small" onClick={refetch} disabled={isFetching}>
          {isFetching ? 'Refreshing…' : 'Refresh'}
        </button>
      }
    >
      <section className="stat-row" aria-label="Sales">
        <SalesFigure label="Today" figures={totalOfLastDays(data.days, 1)} />
        <SalesFigure label="Last 7 days" figures={totalOfLastDays(data.days, 7)} />
        <SalesFigure label="Last 30 days" figures={totalOfLastDays(data.days, 30)} />
        <div className="card stat">
          <p className="stat-label">Active products</p>
          <p className="stat-value">{data.activeProducts.toLocaleString('en-US')}</p>
          <p className="stat-note">
            <Link to={paths.adminProducts}>Manage products</Link>
          </p>
        </div>
      </section>
      <ReceivablesFigures />

      <div className="dashboard-grid">
        <section className="card" aria-labelledby="revenue-heading">
          <div className="card-heading">
            <h2 id="revenue-heading">Revenue per day</h2>
            <span className="muted small">Last 30 days, cancelled orders excluded</span>
          </div>
          <RevenueChart days={data.days} />
        </section>

        <section className="card" aria-labelledby="open-heading">
          <div className="card-heading">
            <h2 id="open-heading">Open orders</h2>
            <span className="muted small">{openTotal} in total</span>
          </div>
          <ul className="open-orders">
            {data.openByStatus.map(({ status, count }) => (
              <li key={status}>
                <Link to={listHref(paths.adminOrders, { status })}>
                  <OrderStatusBadge status={status} />
                  <span className="open-count">{count}</span>
                  <ArrowRight size={16} aria-hidden="true" />
                  <span className="visually-hidden">Show {ORDER_STATUS_LABELS[status].toLowerCase()} orders</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>

        <section className="card" aria-labelledby="latest-heading">
          <div className="card-heading">
            <h2 id="latest-heading">Latest orders</h2>
            <Link to={paths.adminOrders} className="small">
              All orders
            </Link>
          </div>
          {data.latestOrders.length === 0 ? (
            <p className="muted">No orders yet.</p>
          ) : (
            <OrdersTable orders={data.latestOrders} compact />
          )}
        </section>

        <section className="card" aria-labelledby="low-heading">
          <div className="card-heading">
            <h2 id="low-heading">Low on stock</h2>
            <span className="muted small">{ADMIN_RULES.lowStockUnits} units or fewer</span>
          </div>
          {data.lowStock.length === 0 ? (
            <p className="muted">Every active product has more than {ADMIN_RULES.lowStockUnits} units.</p>
          ) : (
            <ul className="low-stock">
              {data.lowStock.map((product) => (
                <li key={product.id}>
                  <Link to={paths.adminEditProduct(product.id)}>
                    <span className="truncate">{product.name}</span>
                    <span className="muted small">{product.sku}</span>
                  </Link>
                  <span className={product.stock === 0 ? 'stock-out stock-count' : 'stock-low stock-count'}>
                    {product.stock === 0 && <AlertTriangle size={14} aria-hidden="true" />}
                    {product.stock === 0 ? 'Out of stock' : `${product.stock} left`}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </AdminFrame>
  );
}
