import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import {
  AGE_BUCKET_LABELS,
  AGE_BUCKETS,
  balanceText,
  chosenStatementPeriod,
  dayStart,
  formatMoney,
  LEDGER_ENTRY_LABELS,
  maySeeCompanyDocument,
  processingText,
  statementDayProblem,
  statementOf,
  statementPeriodProblem,
  type Company,
  type StatementPeriod,
} from '@harbor/domain';
import { FormField } from '../../../components/FormField';
import { LoadError } from '../../../components/LoadError';
import { PdfButton } from '../../../components/PdfButton';
import { Spinner } from '../../../components/Spinner';
import { TableHead } from '../../../components/TableHead';
import { InvoiceStatusBadge } from '../../../components/order/InvoiceStatusBadge';
import { PayNow } from '../../../components/payments/PayNow';
import { invoicesPayableBy } from '../../../components/payments/payNow';
import { paths } from '../../../config';
import { useBuyerAccount } from '../../../lib/company';
import { formatDay, formatUtcDay } from '../../../lib/dates';
import { downloadPdf } from '../../../lib/pdfDownload';
import { useGetOpenInvoicesQuery } from '../../../lib/receivables/receivablesApi';
import { useGetAccountActivityQuery } from '../statementApi';
import '../company.css';
import { useAuth } from '../../../lib/session';

/**
 * The company's open invoices with their ages (and any payment on its way), the totals by age, and
 * what it owes and has in credit; "Pay now" for the invoices `uid` may pay.
 */
export function Statement({ company, uid }: { company: Company; uid: string }) {
  const { data, error, isLoading, refetch } = useGetOpenInvoicesQuery(company.id);
  // Ages as of when the page opened.
  const [now] = useState(() => Date.now());
  if (isLoading) return <Spinner label="Loading your statement…" />;
  if (!data) return <LoadError error={error} fallback="Your statement could not be loaded." onRetry={refetch} />;
  const statement = statementOf(company, data, now);
  const processing = new Map(data.map((invoice) => [invoice.number, processingText(invoice)]));
  return (
    <>
      {statement.invoices.length === 0 ? (
        <p className="muted">Nothing is open on your account.</p>
      ) : (
        <>
          <div className="statement-pay">
            <PayNow companyId={company.id} target={{ kind: 'invoices', invoices: invoicesPayableBy(data, uid, company.members[uid]) }} />
          </div>
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
                      {processing.get(invoice.number) && <span className="payment-processing muted small">{processing.get(invoice.number)}</span>}
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

/** The days the statement covers, chosen by the reader (the last 90 by default); a period that cannot be one says why. */
function PeriodForm({ period, onChoose }: { period: StatementPeriod; onChoose: (period: StatementPeriod) => void }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<StatementPeriod>({ defaultValues: period });
  const choose = (chosen: StatementPeriod) => {
    const problem = statementPeriodProblem(chosen);
    if (problem) setError(problem === statementDayProblem('first') ? 'from' : 'to', { message: problem });
    else onChoose(chosen);
  };
  return (
    <form className="statement-period" aria-label="Statement period" onSubmit={(event) => void handleSubmit(choose)(event)}>
      <FormField label="From" type="date" registration={register('from')} error={errors.from} />
      <FormField label="To" type="date" registration={register('to')} error={errors.to} />
      <button type="submit" className="button secondary">
        Show period
      </button>
    </form>
  );
}

/** A cell of the activity that has nothing to show stays out of a phone's card (CSS `:empty`). */
const amountCell = (cents: number, label: string) => (
  <td data-label={label} className="numeric">
    {cents > 0 ? formatMoney(cents) : null}
  </td>
);

/** The period's account activity: the opening balance, every invoice, payment, credit note and reversal with its date and reference, and the closing balance. */
function AccountActivity({ companyId, period }: { companyId: string; period: StatementPeriod }) {
  const { data, error, isLoading, isFetching, refetch } = useGetAccountActivityQuery({ companyId, period });
  if (isLoading) return <Spinner label="Loading the account activity…" />;
  if (!data) return <LoadError error={error} fallback="The account activity could not be loaded." onRetry={refetch} />;
  const [first, last] = [formatUtcDay(dayStart(data.period.from)), formatUtcDay(dayStart(data.period.to))];
  const balanceRow = (day: string, label: string, balance: number) => (
    <tr className="statement-balance">
      <td data-label="Date">{day}</td>
      <th scope="row">{label}</th>
      <td />
      <td />
      <td />
      <td data-label="Balance" className="numeric">
        {balanceText(balance)}
      </td>
    </tr>
  );
  return (
    <div className={isFetching ? 'statement-activity is-fetching' : 'statement-activity'} aria-busy={isFetching}>
      {data.lines.length === 0 && (
        <p className="muted" role="status">
          Nothing was invoiced, paid, credited or reversed from {first} to {last}.
        </p>
      )}
      <div className="table-scroll">
        <table className="order-table statement-table activity-table">
          <caption className="visually-hidden">
            Account activity from {first} to {last}
          </caption>
          <TableHead columns={['Date', 'Details', 'Reference', { label: 'Charges', numeric: true }, { label: 'Credits', numeric: true }, { label: 'Balance', numeric: true }]} />
          <tbody>
            {balanceRow(first, 'Opening balance', data.openingBalance)}
            {data.lines.map((line) => (
              <tr key={`${line.at}-${line.kind}-${line.reference}`}>
                <td data-label="Date">{formatUtcDay(line.at)}</td>
                <th scope="row">{line.description || LEDGER_ENTRY_LABELS[line.kind]}</th>
                <td data-label="Reference">
                  <span className="mono">{line.orderId ? <Link to={paths.orderConfirmation(line.orderId)}>{line.reference}</Link> : line.reference}</span>
                </td>
                {amountCell(line.amount, 'Charges')}
                {amountCell(-line.amount, 'Credits')}
                <td data-label="Balance" className="numeric">
                  {balanceText(line.balance)}
                </td>
              </tr>
            ))}
            {balanceRow(last, 'Closing balance', data.closingBalance)}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/**
 * /profile, for the members who see all of the company's documents (its owner and approvers): the
 * statement of account, a period's activity (the last 90 days unless the reader chooses other
 * days) and the open invoices today, and its PDF of the same period.
 */
export function StatementOfAccount() {
  const { user } = useAuth();
  const { company } = useBuyerAccount();
  const [period, setPeriod] = useState(() => chosenStatementPeriod({}, Date.now()));
  if (!user || !company || !maySeeCompanyDocument(company.members[user.uid], false)) return null;
  return (
    <section className="card statement" aria-labelledby="statement-heading">
      <div className="statement-heading">
        <h2 id="statement-heading">Statement of account</h2>
        <PdfButton label="Download statement (PDF)" className="button secondary small" download={() => downloadPdf('getStatement', { companyId: company.id, ...period })} />
      </div>
      <h3>Account activity</h3>
      <PeriodForm period={period} onChoose={setPeriod} />
      <AccountActivity companyId={company.id} period={period} />
      <h3>Open invoices today</h3>
      <Statement company={company} uid={user.uid} />
    </section>
  );
}
