import { useState } from 'react';
import { Link } from 'react-router-dom';
import { AGE_BUCKET_LABELS, AGE_BUCKETS, formatMoney, maySeeCompanyDocument, statementOf, type Company } from '@harbor/domain';
import { LoadError } from '../../../components/LoadError';
import { PdfButton } from '../../../components/PdfButton';
import { Spinner } from '../../../components/Spinner';
import { TableHead } from '../../../components/TableHead';
import { InvoiceStatusBadge } from '../../../components/order/InvoiceStatusBadge';
import { paths } from '../../../config';
import { useBuyerAccount } from '../../../lib/company';
import { formatDay } from '../../../lib/dates';
import { downloadPdf } from '../../../lib/pdfDownload';
import { useGetOpenInvoicesQuery } from '../../../lib/receivables/receivablesApi';
import '../company.css';
import { useAuth } from '../../../lib/session';

/** The company's open invoices with their ages, the totals by age, and what it owes and has in credit. */
export function Statement({ company }: { company: Company }) {
  const { data, error, isLoading, refetch } = useGetOpenInvoicesQuery(company.id);
  // Ages as of when the page opened.
  const [now] = useState(() => Date.now());
  if (isLoading) return <Spinner label="Loading your statement…" />;
  if (!data) return <LoadError error={error} fallback="Your statement could not be loaded." onRetry={refetch} />;
  const statement = statementOf(company, data, now);
  return (
    <>
      {statement.invoices.length === 0 ? (
        <p className="muted">Nothing is open on your account.</p>
      ) : (
        <>
          <div className="table-scroll">
            <table className="order-table statement-table">
              <caption className="visually-hidden">Open invoices, oldest due first</caption>
              <TableHead columns={['Invoice', 'Invoice date', 'Due', 'Status', { label: 'Open', numeric: true }]} />
              <tbody>
                {statement.invoices.map((invoice) => (
                  <tr key={invoice.number}>
                    <th scope="row">
                      <Link to={paths.orderConfirmation(invoice.orderId)} aria-label={`Invoice ${invoice.number}, order ${invoice.orderId}`}>
                        {invoice.number}
                      </Link>
                    </th>
                    <td data-label="Invoice date">{formatDay(invoice.issuedAt)}</td>
                    <td data-label="Due">
                      {formatDay(invoice.dueAt)}
                      {invoice.daysPastDue > 0 && <span className="muted small"> ({invoice.daysPastDue} days late)</span>}
                    </td>
                    <td data-label="Status">
                      <InvoiceStatusBadge status={invoice.status} />
                    </td>
                    <td data-label="Open" className="numeric">
                      {formatMoney(invoice.open)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <dl className="statement-ages" aria-label="Totals by age">
            {AGE_BUCKETS.map((bucket) => (
              <div key={bucket}>
                <dt>{AGE_BUCKET_LABELS[bucket]}</dt>
                <dd>{formatMoney(statement.buckets[bucket])}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
      <dl className="statement-totals">
        <dt>Total due</dt>
        <dd>{formatMoney(statement.total)}</dd>
        <dt>Overdue</dt>
        <dd className={statement.overdue > 0 ? 'overdue' : undefined}>{formatMoney(statement.overdue)}</dd>
        <dt>Unallocated credit</dt>
        <dd>{formatMoney(statement.unallocatedCredit)}</dd>
      </dl>
    </>
  );
}

/** /profile, for the members who see all of the company's documents (its owner and approvers): the statement of account and its PDF. */
export function StatementOfAccount() {
  const { user } = useAuth();
  const { company } = useBuyerAccount();
  if (!user || !company || !maySeeCompanyDocument(company.members[user.uid], false)) return null;
  return (
    <section className="card statement" aria-labelledby="statement-heading">
      <div className="statement-heading">
        <h2 id="statement-heading">Statement of account</h2>
        <PdfButton label="Download statement (PDF)" className="button secondary small" download={() => downloadPdf('getStatement', { companyId: company.id })} />
      </div>
      <Statement company={company} />
    </section>
  );
}
