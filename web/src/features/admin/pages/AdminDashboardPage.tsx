import { Link } from 'react-router-dom';
import { AlertTriangle, ArrowRight } from 'lucide-react';
import { ADMIN_RULES, COMPANY_STATUS_LABELS, formatMoney, ORDER_STATUS_LABELS, totalOfLastDays, type DayFigures, type Product } from '@harbor/domain';
import { Spinner } from '../../../components/Spinner';
import { paths } from '../../../config';
import { OrderStatusBadge } from '../../../components/order/OrderStatusBadge';
import { useGetDashboardQuery } from '../api';
import { useGetCompaniesOrdersQuery, useGetCustomersQuery } from '../customersApi';
import { useGetReceivablesReportQuery } from '../receivablesApi';
import { FIRST_PAGE } from '../../../lib/pagination';
import { useAuth } from '../../../lib/session';
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
  const { data, isError } = useGetReceivablesReportQuery();
  const shown = (cents: number | undefined) => (cents !== undefined ? formatMoney(cents) : isError ? 'Unavailable' : '…');
  return (
    <section className="stat-row" aria-label="Receivables">
      <div className="card stat">
        <p className="stat-label">Receivables</p>
        <p className="stat-value">{shown(data?.totals.total)}</p>
        <p className="stat-note">
          <Link to={paths.adminReceivables}>Receivables by customer</Link>
        </p>
      </div>
      <div className="card stat">
        <p className="stat-label">Overdue</p>
        <p className="stat-value">{shown(data?.totals.overdue)}</p>
        <p className="stat-note">Open invoices past their due date</p>
      </div>
    </section>
  );
}

/** A sales rep's dashboard: the companies assigned to it and their latest orders. */
function SalesDashboard({ uid }: { uid: string }) {
  const companies = useGetCustomersQuery({ status: '', search: '', position: FIRST_PAGE, assignedTo: uid });
  const ids = (companies.data?.rows ?? []).map((company) => company.id);
  const orders = useGetCompaniesOrdersQuery(ids, { skip: !companies.data });
  return (
    <AdminFrame title="Dashboard">
      <div className="dashboard-grid">
        <section className="card" aria-labelledby="companies-heading">
          <div className="card-heading">
            <h2 id="companies-heading">Your companies</h2>
            <Link to={paths.adminCustomers} className="small">
              All your customers
            </Link>
          </div>
          {!companies.data ? (
            companies.isError ? <LoadError error={companies.error} fallback="Your companies could not be loaded." onRetry={companies.refetch} /> : <Spinner label="Loading your companies…" />
          ) : companies.data.rows.length === 0 ? (
            <p className="muted">No company is assigned to you yet. An administrator assigns companies on their customer page.</p>
          ) : (
            <ul className="plain-list">
              {companies.data.rows.map((company) => (
                <li key={company.id}>
                  <Link to={paths.adminCustomer(company.id)}>{company.name}</Link> <span className="muted small">({COMPANY_STATUS_LABELS[company.status]})</span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="card" aria-labelledby="company-orders-heading">
          <div className="card-heading">
            <h2 id="company-orders-heading">Their latest orders</h2>
          </div>
          {orders.isError ? (
            <LoadError error={orders.error} fallback="Their orders could not be loaded." onRetry={orders.refetch} />
          ) : !orders.data ? (
            <Spinner label="Loading their orders…" />
          ) : orders.data.length === 0 ? (
            <p className="muted">No orders yet.</p>
          ) : (
            // A sales rep reads orders on its companies' pages, not on the orders page.
            <OrdersTable orders={orders.data} compact orderHref={(orderId) => paths.adminCustomer(orders.data?.find((order) => order.id === orderId)?.companyId ?? '')} />
          )}
        </section>
      </div>
    </AdminFrame>
  );
}

/**
 * The back office's first page, by role: sales sees its companies and their orders; the warehouse
 * the orders to pack and ship and the stock running low; finance and admins the sales and
 * receivables as well.
 */
export default function AdminDashboardPage() {
  const { user, may } = useAuth();
  return may('orders.read') ? <OrdersDashboard /> : <SalesDashboard uid={user?.uid ?? ''} />;
}

/** Orders and stock for the roles that read every order; sales, receivables and revenue for those that read companies. */
function OrdersDashboard() {
  const { may } = useAuth();
  const money = may('companies.read');
  // Editors open a product; the warehouse finds it on the product list to count its stock.
  const productHref = may('products.edit') ? (product: Product) => paths.adminEditProduct(product.id) : may('stock.adjust') ? (product: Product) => listHref(paths.adminProducts, { q: product.sku }) : null;
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
      <section className="stat-row" aria-label={money ? 'Sales' : 'Products'}>
        {money && (
          <>
            <SalesFigure label="Today" figures={totalOfLastDays(data.days, 1)} />
            <SalesFigure label="Last 7 days" figures={totalOfLastDays(data.days, 7)} />
            <SalesFigure label="Last 30 days" figures={totalOfLastDays(data.days, 30)} />
          </>
        )}
        <div className="card stat">
          <p className="stat-label">Active products</p>
          <p className="stat-value">{data.activeProducts.toLocaleString('en-US')}</p>
          {productHref && (
            <p className="stat-note">
              <Link to={paths.adminProducts}>Manage products</Link>
            </p>
          )}
        </div>
      </section>
      {money && <ReceivablesFigures />}

      <div className="dashboard-grid">
        {money && (
          <section className="card" aria-labelledby="revenue-heading">
            <div className="card-heading">
              <h2 id="revenue-heading">Revenue per day</h2>
              <span className="muted small">Last 30 days, cancelled orders excluded</span>
            </div>
            <RevenueChart days={data.days} />
          </section>
        )}

        <section className="card" aria-labelledby="open-heading">
          <div className="card-heading">
            <h2 id="open-heading">{money ? 'Open orders' : 'Orders to pack and ship'}</h2>
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
                  {productHref ? (
                    <Link to={productHref(product)}>
                      <span className="truncate">{product.name}</span>
                      <span className="muted small">{product.sku}</span>
                    </Link>
                  ) : (
                    <span>
                      <span className="truncate">{product.name}</span>
                      <span className="muted small">{product.sku}</span>
                    </span>
                  )}
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
