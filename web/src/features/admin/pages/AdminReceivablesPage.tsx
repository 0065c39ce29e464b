import { useState } from 'react';
import { Link } from 'react-router-dom';
import { AGE_BUCKET_LABELS, AGE_BUCKETS, formatMoney } from '@harbor/domain';
import { LoadError } from '../../../components/LoadError';
import { Spinner } from '../../../components/Spinner';
import { TableHead } from '../../../components/TableHead';
import { paths } from '../../../config';
import { formatDateTime, formatDay } from '../../../lib/dates';
import { useAuth } from '../../../lib/session';
import { AdminFrame } from '../components/AdminFrame';
import { AccountingExportDialog } from '../components/integrations/AccountingExportDialog';
import { OnlinePayments } from '../components/OnlinePayments';
import { downloadText } from '../ordersCsv';
import { useGetReceivablesReportQuery } from '../receivablesApi';
import { receivablesCsv } from '../receivablesCsv';

const REPORT_COLUMNS = ['Company', ...AGE_BUCKETS.map((bucket) => ({ label: AGE_BUCKET_LABELS[bucket], numeric: true })), { label: 'Total', numeric: true }, { label: 'Overdue', numeric: true }];

/**
 * /admin/receivables: what each company owes by age, most overdue first, with the totals and a CSV
 * export; for finance, the online payments as Stripe reports them and the export of a period for
 * the accounting system.
 */
export default function AdminReceivablesPage() {
  const { may } = useAuth();
  const { data, error, isLoading, isFetching, refetch } = useGetReceivablesReportQuery();
  const [exporting, setExporting] = useState(false);
  return (
    <AdminFrame
      title="Receivables"
      actions={
        <>
          <button type="button" className="button secondary small" onClick={refetch} disabled={isFetching}>
            {isFetching ? 'Refreshing…' : 'Refresh'}
          </button>
          <button
            type="button"
            className="button secondary small"
            disabled={!data || data.rows.length === 0}
            onClick={() => data && downloadText(receivablesCsv(data), `receivables-${new Date(data.asOf).toISOString().slice(0, 10)}.csv`)}
          >
            Export CSV
          </button>
          {may('accounting.export') && (
            <button type="button" className="button secondary small" onClick={() => setExporting(true)}>
              Export for accounting
            </button>
          )}
        </>
      }
    >
      {isLoading ? (
        <Spinner label="Loading the receivables…" />
      ) : !data ? (
        <LoadError error={error} fallback="The receivables could not be loaded." onRetry={refetch} />
      ) : data.rows.length === 0 ? (
        <div className="card admin-empty">
          <p>No company owes anything: every invoice is paid.</p>
        </div>
      ) : (
        <section className={`card table-card receivables-card${isFetching ? ' is-fetching' : ''}`} aria-labelledby="receivables-table-heading">
          <div className="card-heading">
            <h2 id="receivables-table-heading">Open invoices by age</h2>
            <span className="muted small">As of {formatDateTime(data.asOf)}, most overdue first</span>
          </div>
          <div className="table-scroll">
            <table className="admin-table receivables-table">
              <TableHead columns={REPORT_COLUMNS} />
              <tbody>
                {data.rows.map((row) => (
                  <tr key={row.companyId}>
                    <th scope="row">
                      <Link to={paths.adminCustomer(row.companyId)}>{row.name || row.companyId}</Link>
                      {row.oldestDueAt !== null && <span className="sku">Oldest due {formatDay(row.oldestDueAt)}</span>}
                      {row.unallocatedCredit > 0 && <span className="sku">{formatMoney(row.unallocatedCredit)} unallocated credit</span>}
                    </th>
                    {AGE_BUCKETS.map((bucket) => (
                      <td key={bucket} className="numeric">
                        {row.buckets[bucket] ? formatMoney(row.buckets[bucket]) : '—'}
                      </td>
                    ))}
                    <td className="numeric">{formatMoney(row.total)}</td>
                    <td className={`numeric${row.overdue > 0 ? ' overdue' : ''}`}>{formatMoney(row.overdue)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr className="grand-total">
                  <th scope="row">Total</th>
                  {AGE_BUCKETS.map((bucket) => (
                    <td key={bucket} className="numeric">
                      {formatMoney(data.totals[bucket])}
                    </td>
                  ))}
                  <td className="numeric">{formatMoney(data.totals.total)}</td>
                  <td className="numeric">{formatMoney(data.totals.overdue)}</td>
                </tr>
              </tfoot>
            </table>
          </div>
        </section>
      )}
      {may('payments.record') && <OnlinePayments />}
      {exporting && <AccountingExportDialog onClose={() => setExporting(false)} />}
    </AdminFrame>
  );
}
