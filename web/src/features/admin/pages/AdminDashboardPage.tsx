import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { AlertTriangle, ArrowRight } from 'lucide-react';
import { ADMIN_RULES, COMPANY_STATUS_LABELS, formatCount, formatMoney, ORDER_STATUS_LABELS, totalOfLastDays, type DayFigures, type Product, type Quote } from '@harbor/domain';
import { Spinner } from '../../../components/Spinner';
import { paths } from '../../../config';
import { OrderStatusBadge } from '../../../components/order/OrderStatusBadge';
import { useGetAdminOrdersQuery, useGetDashboardQuery } from '../api';
import { useGetCustomersQuery } from '../customersApi';
import { useGetAdminQuotesQuery } from '../quotesApi';
import { TableHead } from '../../../components/TableHead';
import { formatDateTime } from '../../../lib/dates';
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

/** How many of the latest orders and quote requests a dashboard lists. */
const DASHBOARD_ROWS = 8;

/** Quotes waiting for a price: each opens its editor. */
function QuoteRequests({ quotes }: { quotes: readonly Quote[] }) {
  return (
    <div className="table-scroll">
      <table className="admin-table compact stacked">
        <caption className="visually-hidden">Quote requests, the last changed first</caption>
        <TableHead columns={['Quote', 'Company', 'Waiting since']} />
        <tbody>
          {quotes.map((quote) => (
            <tr key={quote.id}>
              <td className="stacked-title">
                <Link to={paths.adminQuote(quote.id)} className="mono">
                  {quote.number}
                </Link>
                <span className="sku">
                  {quote.lines.length} {quote.lines.length === 1 ? 'line' : 'lines'}
                </span>
              </td>
              <td className="stacked-who">
                <span className="truncate">{quote.companyName}</span>
              </td>
              <td className="stacked-date">{formatDateTime(quote.updatedAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface ListCardProps<Row> {
  title: string;
  link: { to: string; label: string };
  /** The rows as read; none while they load or when they could not be read. */
  query: { rows: readonly Row[] | undefined; isError: boolean; error?: unknown; refetch: () => unknown };
  /** What the card lists, e.g. "their orders": "Loading their orders…", "Their orders could not be loaded." */
  noun: string;
  empty: string;
  children: (rows: readonly Row[]) => ReactNode;
}

/** A dashboard card of a list: its title and a link to the whole list, a spinner, the error with "Try again", the empty note, or the rows. */
function ListCard<Row>({ title, link, query: { rows, isError, error, refetch }, noun, empty, children }: ListCardProps<Row>) {
  const headingId = useId();
  const failure = `${noun.charAt(0).toUpperCase()}${noun.slice(1)} could not be loaded.`;
  return (
    <section className="card" aria-labelledby={headingId}>
      <div className="card-heading">
        <h2 id={headingId}>{title}</h2>
        <Link to={link.to} className="small">
          {link.label}
        </Link>
      </div>
      {isError ? (
        <LoadError error={error} fallback={failure} onRetry={refetch} />
      ) : !rows ? (
        <Spinner label={`Loading ${noun}…`} />
      ) : rows.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        children(rows)
      )}
    </section>
  );
}

/** A sales rep's dashboard: its companies' latest orders and the quotes they ask for, and the companies assigned to it. */
function SalesDashboard({ uid }: { uid: string }) {
  const companies = useGetCustomersQuery({ status: '', search: '', position: FIRST_PAGE, assignedTo: uid });
  // The orders page's first page: opening Orders next shows it at once.
  const orders = useGetAdminOrdersQuery({ status: '', search: '', position: FIRST_PAGE, assignedTo: uid });
  const requests = useGetAdminQuotesQuery({ status: 'requested', assignedTo: uid });
  return (
    <AdminFrame title="Dashboard">
      <div className="dashboard-grid">
        <div className="dashboard-column">
          <ListCard
            title="Quote requests"
            link={{ to: listHref(paths.adminQuotes, { status: 'requested' }), label: 'All requests' }}
            query={{ ...requests, rows: requests.data }}
            noun="the quote requests"
            empty="No quote is waiting for a price."
          >
            {(rows) => <QuoteRequests quotes={rows.slice(0, DASHBOARD_ROWS)} />}
          </ListCard>
          <ListCard title="Their latest orders" link={{ to: paths.adminOrders, label: 'All their orders' }} query={{ ...orders, rows: orders.data?.rows }} noun="their orders" empty="No orders yet.">
            {(rows) => <OrdersTable orders={rows.slice(0, DASHBOARD_ROWS)} compact />}
          </ListCard>
        </div>
        <div className="dashboard-column">
          <ListCard
            title="Your companies"
            link={{ to: paths.adminCustomers, label: 'All your customers' }}
            query={{ ...companies, rows: companies.data?.rows }}
            noun="your companies"
            empty="No company is assigned to you yet. An administrator assigns companies on their customer page."
          >
            {(rows) => (
              <ul className="plain-list">
                {rows.map((company) => (
                  <li key={company.id}>
                    <Link to={paths.adminCustomer(company.id)}>{company.name}</Link> <span className="muted small">({COMPANY_STATUS_LABELS[company.status]})</span>
                  </li>
                ))}
              </ul>
            )}
          </ListCard>
        </div>
      </div>
    </AdminFrame>
  );
}

/**
 * The back office's first page, by role: sales sees its companies, their orders and quote requests; the warehouse
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
          <p className="stat-value">{formatCount(data.activeProducts)}</p>
          {productHref && (
            <p className="stat-note">
              <Link to={paths.adminProducts}>Manage products</Link>
            </p>
          )}
        </div>
      </section>
      {money && <ReceivablesFigures />}

      <div className="dashboard-grid">
        <div className="dashboard-column">
          {money && (
            <section className="card" aria-labelledby="revenue-heading">
              <div className="card-heading">
                <h2 id="revenue-heading">Revenue per day</h2>
                <span className="muted small">Last 30 days, cancelled orders excluded</span>
              </div>
              <RevenueChart days={data.days} />
            </section>
          )}

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
        </div>
        <div className="dashboard-column">
          <section className="card" aria-labelledby="open-heading">
            <div className="card-heading">
              <h2 id="open-heading">{money ? 'Open orders' : 'Orders to pack and ship'}</h2>
              <span className="muted small">{openTotal} in total</span>
              {may('orders.fulfil') && (
                <Link to={paths.adminToShip} className="small">
                  To ship queue
                </Link>
              )}
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
                      <Link to={productHref(product)} className="low-stock-product">
                        <span className="truncate">{product.name}</span>
                        <span className="muted small">{product.sku}</span>
                      </Link>
                    ) : (
                      <span className="low-stock-product">
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
      </div>
    </AdminFrame>
  );
}
