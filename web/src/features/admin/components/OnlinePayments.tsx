import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatMoney, ONLINE_PAYMENT_METHOD_LABELS, ONLINE_PAYMENT_STATUS_LABELS, type OnlinePaymentStatus } from '@harbor/domain';
import { LoadError } from '../../../components/LoadError';
import { Spinner } from '../../../components/Spinner';
import { TableHead } from '../../../components/TableHead';
import { paths } from '../../../config';
import { formatDateTime } from '../../../lib/dates';
// The status badges' colours, as the orders' and invoices' badges have them.
import '../../../components/order/order.css';
import { ONLINE_PAYMENTS_PAGE, useGetCompanyNamesQuery, useGetLatestReconciliationQuery, useGetOnlinePaymentsQuery, type PaymentReconciliation } from '../onlinePaymentsApi';

const TONES: Record<OnlinePaymentStatus, string> = { started: 'pending', processing: 'processing', succeeded: 'delivered', failed: 'cancelled', refunded: 'cancelled', disputed: 'cancelled' };

/** What the last daily check found: all recorded, or the payments the webhook had missed (now recorded). */
function Reconciliation({ report }: { report: PaymentReconciliation | null }) {
  if (!report) return <p className="muted small">The daily check of Stripe&rsquo;s payments against the ledger has not run yet.</p>;
  if (report.missed.length === 0) {
    return (
      <p className="small" role="status">
        Checked {report.checked} {report.checked === 1 ? 'payment' : 'payments'} on {report.day}; all recorded.
      </p>
    );
  }
  return (
    <div className="notice" role="status">
      <p>
        Checked {report.checked} payments on {report.day}: {report.missed.length} had not reached the ledger and {report.missed.length === 1 ? 'is' : 'are'} now recorded.
      </p>
      <ul className="small">
        {report.missed.map((missed) => (
          <li key={missed.paymentIntentId}>
            <span className="mono">{missed.paymentIntentId}</span> · {formatMoney(missed.amount)} · <Link to={paths.adminCustomer(missed.companyId)}>{missed.companyId}</Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Finance's online payments as Stripe reports them, newest change first and updated as they
 * arrive: company, amount, method, status, Stripe's reference and the invoices paid; and the last
 * daily reconciliation.
 */
export function OnlinePayments() {
  const [shown, setShown] = useState(ONLINE_PAYMENTS_PAGE);
  const payments = useGetOnlinePaymentsQuery(shown);
  const reconciliation = useGetLatestReconciliationQuery();
  const companyIds = [...new Set((payments.data ?? []).map((payment) => payment.companyId))].sort();
  const names = useGetCompanyNamesQuery(companyIds, { skip: companyIds.length === 0 });
  return (
    <section className="card table-card online-payments-card" aria-labelledby="online-payments-heading">
      <div className="card-heading">
        <h2 id="online-payments-heading">Online payments</h2>
        <span className="muted small">Through Stripe, newest first, as they arrive</span>
      </div>
      <div className="online-payments-check">
        {reconciliation.isLoading ? null : reconciliation.data !== undefined ? (
          <Reconciliation report={reconciliation.data} />
        ) : (
          <LoadError error={reconciliation.error} fallback="The last reconciliation could not be loaded." onRetry={reconciliation.refetch} />
        )}
      </div>
      {payments.isLoading ? (
        <Spinner label="Loading the online payments…" />
      ) : !payments.data ? (
        <LoadError error={payments.error} fallback="The online payments could not be loaded." onRetry={payments.refetch} />
      ) : payments.data.length === 0 ? (
        <p className="muted online-payments-check">No online payments yet.</p>
      ) : (
        <>
          <div className="table-scroll">
            <table className="admin-table stacked online-payments-table">
              <caption className="visually-hidden">Online payments, newest first</caption>
              <TableHead columns={['Company and invoices', { label: 'Amount', numeric: true }, 'Method and Stripe reference', 'Status', 'Updated']} />
              <tbody>
                {payments.data.map((payment) => (
                  <tr key={payment.id}>
                    <td className="stacked-title">
                      <Link to={paths.adminCustomer(payment.companyId)}>{names.data?.[payment.companyId] ?? payment.companyId}</Link>
                      <span className="sku">{payment.invoiceNumbers.length ? payment.invoiceNumbers.join(', ') : `Order ${payment.orderId} (prepaid)`}</span>
                    </td>
                    <td className="numeric stacked-amount">{formatMoney(payment.amount)}</td>
                    <td className="stacked-who">
                      {ONLINE_PAYMENT_METHOD_LABELS[payment.method]}
                      <span className="sku mono">{payment.id}</span>
                    </td>
                    <td className="stacked-state">
                      <span className={`status-badge status-${TONES[payment.status]}`}>{ONLINE_PAYMENT_STATUS_LABELS[payment.status]}</span>
                      {payment.problem && <span className="sku">{payment.problem}</span>}
                    </td>
                    <td className="stacked-date">{formatDateTime(payment.updatedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {payments.data.length >= shown && (
            <div className="online-payments-check">
              <button type="button" className="button secondary small" onClick={() => setShown(shown + ONLINE_PAYMENTS_PAGE)} disabled={payments.isFetching}>
                {payments.isFetching ? 'Loading…' : 'Show more'}
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
