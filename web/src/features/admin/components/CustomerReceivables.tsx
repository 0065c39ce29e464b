import { useState } from 'react';
import { formatMoney, invoiceOpenAmount, invoiceStatus, LEDGER_ENTRY_LABELS, PAYMENT_RECORD_METHOD_LABELS, type Company, type Invoice, type Payment } from '@harbor/domain';
import { LoadError } from '../../../components/LoadError';
import { ReasonDialog } from '../../../components/ReasonDialog';
import { Spinner } from '../../../components/Spinner';
import { TableHead } from '../../../components/TableHead';
import { InvoiceStatusBadge } from '../../../components/order/InvoiceStatusBadge';
import { formatDateTime, formatDay, formatUtcDay } from '../../../lib/dates';
import { FIRST_PAGE } from '../../../lib/pagination';
import { useGetOpenInvoicesQuery } from '../../../lib/receivables/receivablesApi';
import { useAuth } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useGetCompanyPaymentsQuery, useGetLedgerPageQuery, useReversePaymentMutation } from '../receivablesApi';
import { Pager } from './Pager';
import { RecordPaymentForm } from './RecordPaymentForm';

/** Who recorded a payment that Stripe's webhook recorded (its reference is the PaymentIntent id). */
const STRIPE_RECORDER = 'stripe';

/** Open invoices with their status at `now` and what is still to pay. */
function OpenInvoices({ invoices, now }: { invoices: Invoice[]; now: number }) {
  if (invoices.length === 0) return <p className="muted">No open invoices.</p>;
  return (
    <div className="table-scroll">
      <table className="admin-table compact">
        <caption className="visually-hidden">Open invoices</caption>
        <TableHead columns={['Invoice', 'Due', 'Status', { label: 'Total', numeric: true }, { label: 'Open', numeric: true }]} />
        <tbody>
          {invoices.map((invoice) => (
            <tr key={invoice.number}>
              <td>
                <span className="mono">{invoice.number}</span>
                <span className="sku">
                  Order {invoice.orderId} · {formatDay(invoice.issuedAt)}
                </span>
              </td>
              <td>{formatDay(invoice.dueAt)}</td>
              <td>
                <InvoiceStatusBadge status={invoiceStatus(invoice, now)} />
              </td>
              <td className="numeric">{formatMoney(invoice.total, invoice.currency)}</td>
              <td className="numeric">{formatMoney(invoiceOpenAmount(invoice), invoice.currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Asks why a payment is reversed, then reverses it (a new ledger entry; the payment stays, marked reversed). */
function ReverseDialog({ payment, onClose }: { payment: Payment; onClose: () => void }) {
  const [reversePayment, { isLoading }] = useReversePaymentMutation();

  async function reverse(reason: string): Promise<string | null> {
    const result = await reversePayment({ paymentId: payment.id, reason });
    if (result.error) return result.error.message ?? 'The payment could not be reversed. Please try again.';
    toast.success(`The payment of ${formatMoney(payment.amount)} is reversed.`);
    onClose();
    return null;
  }

  return (
    <ReasonDialog
      title={`Reverse the payment of ${formatMoney(payment.amount)}?`}
      missingReason="Give a reason."
      confirmLabel="Reverse payment"
      cancelLabel="Don't reverse"
      busyLabel="Reversing…"
      busy={isLoading}
      onSubmit={reverse}
      onClose={onClose}
    >
      <p>
        Received {formatUtcDay(payment.receivedOn)} by {PAYMENT_RECORD_METHOD_LABELS[payment.method].toLowerCase()}
        {payment.reference ? ` (${payment.reference})` : ''}. What it paid is open again on its invoices; this cannot be undone.
      </p>
    </ReasonDialog>
  );
}

function Payments({ companyId }: { companyId: string }) {
  const { may } = useAuth();
  const { data, error, isLoading, refetch } = useGetCompanyPaymentsQuery(companyId);
  const [reversing, setReversing] = useState<Payment | null>(null);
  if (isLoading) return <Spinner label="Loading the payments…" />;
  if (!data) return <LoadError error={error} fallback="The payments could not be loaded." onRetry={refetch} />;
  if (data.length === 0) return <p className="muted">No payments yet.</p>;
  return (
    <div className="table-scroll">
      <table className="admin-table compact">
        <caption className="visually-hidden">Payments</caption>
        <TableHead columns={['Received', 'Method', 'Paid', { label: 'Amount', numeric: true }, { label: 'Actions', hidden: true }]} />
        <tbody>
          {data.map((payment) => (
            <tr key={payment.id} className={payment.reversed ? 'inactive' : undefined}>
              <td>{formatUtcDay(payment.receivedOn)}</td>
              <td>
                {PAYMENT_RECORD_METHOD_LABELS[payment.method]}
                {payment.recordedBy === STRIPE_RECORDER && ', paid online'}
                {payment.reference && <span className="sku">{payment.recordedBy === STRIPE_RECORDER ? `Stripe ${payment.reference}` : payment.reference}</span>}
              </td>
              <td className="small">
                {payment.allocations.map((allocation) => `${allocation.invoiceNumber} ${formatMoney(allocation.amount)}`).join(', ') || '—'}
                {payment.unallocated > 0 && <span className="sku">{formatMoney(payment.unallocated)} kept as credit</span>}
              </td>
              <td className="numeric">{formatMoney(payment.amount)}</td>
              <td>
                {payment.reversed ? (
                  <span className="muted small">Reversed{payment.reversal ? `: ${payment.reversal.reason}` : ''}</span>
                ) : (
                  may('payments.record') && (
                    <button type="button" className="button small secondary" onClick={() => setReversing(payment)}>
                      Reverse <span className="visually-hidden">the payment of {formatMoney(payment.amount)}</span>
                    </button>
                  )
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {reversing && <ReverseDialog payment={reversing} onClose={() => setReversing(null)} />}
    </div>
  );
}

/** The company's account entry by entry, newest first, with the running balance. */
function Ledger({ companyId }: { companyId: string }) {
  const [position, setPosition] = useState(FIRST_PAGE);
  const { data, error, isLoading, isFetching, refetch } = useGetLedgerPageQuery({ companyId, position });
  if (isLoading) return <Spinner label="Loading the account history…" />;
  if (!data) return <LoadError error={error} fallback="The account history could not be loaded." onRetry={refetch} />;
  if (data.rows.length === 0 && position.page === 1) return <p className="muted">Nothing on the account yet.</p>;
  return (
    <>
      <div className="table-scroll">
        <table className="admin-table compact">
          <caption className="visually-hidden">Account history</caption>
          <TableHead columns={['Date', 'Entry', 'Reference', { label: 'Amount', numeric: true }, { label: 'Balance', numeric: true }]} />
          <tbody>
            {data.rows.map((entry) => (
              <tr key={entry.id}>
                <td>{formatDateTime(entry.at)}</td>
                <td>
                  {LEDGER_ENTRY_LABELS[entry.kind]}
                  {entry.description && <span className="sku">{entry.description}</span>}
                </td>
                <td className="mono">{entry.reference}</td>
                <td className="numeric">{formatMoney(entry.amount)}</td>
                <td className="numeric">{formatMoney(entry.balance)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager position={position} page={data} busy={isFetching} onGo={setPosition} />
    </>
  );
}

/** The customer's receivables: balance, credit, open invoices, recording and reversing payments, and the ledger. */
export function CustomerReceivables({ company }: { company: Company }) {
  const { may } = useAuth();
  const invoices = useGetOpenInvoicesQuery(company.id);
  // Statuses as of when the page opened.
  const [now] = useState(() => Date.now());
  return (
    <section className="card customer-receivables" aria-labelledby="receivables-heading">
      <h2 id="receivables-heading">Account</h2>
      <dl className="customer-figures">
        <dt>Owed on invoices</dt>
        <dd>{invoices.data ? formatMoney(invoices.data.reduce((sum, invoice) => sum + invoiceOpenAmount(invoice), 0)) : '…'}</dd>
        <dt>Unallocated credit</dt>
        <dd>{formatMoney(company.unallocatedCredit)}</dd>
      </dl>
      <h3>Open invoices</h3>
      {invoices.isLoading ? (
        <Spinner label="Loading the open invoices…" />
      ) : !invoices.data ? (
        <LoadError error={invoices.error} fallback="The open invoices could not be loaded." onRetry={invoices.refetch} />
      ) : (
        <>
          <OpenInvoices invoices={invoices.data} now={now} />
          {may('payments.record') && <RecordPaymentForm company={company} openInvoices={invoices.data} />}
        </>
      )}
      <h3>Payments</h3>
      <Payments companyId={company.id} />
      <h3>Account history</h3>
      <Ledger companyId={company.id} />
    </section>
  );
}
