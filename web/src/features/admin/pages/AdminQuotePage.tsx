import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { quoteAddress, quoteMoveAllowed, taxRateFor, type Quote } from '@harbor/domain';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { failureMessage, LoadError } from '../../../components/LoadError';
import { Spinner } from '../../../components/Spinner';
import { QuoteDocumentButton } from '../../../components/quotes/QuoteDocumentButton';
import { QuoteLines } from '../../../components/quotes/QuoteLines';
import { QuoteStatusBadge } from '../../../components/quotes/QuoteStatusBadge';
import { QuoteThread } from '../../../components/quotes/QuoteThread';
import { paths } from '../../../config';
import { api } from '../../../lib/api';
import { useGetBuyerAccountQuery } from '../../../lib/company/companyApi';
import { useAppDispatch } from '../../../lib/hooks';
import { formatDateTime, formatUtcDay } from '../../../lib/dates';
import { useGetQuoteQuery } from '../../../lib/quotes/quotesApi';
import { toast } from '../../../lib/toast';
import { AdminFrame } from '../components/AdminFrame';
import { QuoteEditor } from '../components/QuoteEditor';
import { RejectQuoteDialog } from '../components/RejectQuoteDialog';
import { useRespondToQuoteMutation } from '../quotesApi';

function QuoteRequest({ quote }: { quote: Quote }) {
  return (
    <section className="card admin-quote-request" aria-labelledby="quote-request-heading">
      <h2 id="quote-request-heading">Request</h2>
      <dl className="admin-quote-facts">
        <dt>Company</dt>
        <dd>
          <Link to={paths.adminCustomer(quote.companyId)}>{quote.companyName || quote.companyId}</Link>
        </dd>
        <dt>{quote.createdBy === 'staff' ? 'Started by' : 'Requested by'}</dt>
        <dd>
          {quote.requestedByName || '—'}
          {quote.requestedByEmail && (
            <>
              {' '}
              (<a href={`mailto:${quote.requestedByEmail}`}>{quote.requestedByEmail}</a>)
            </>
          )}
        </dd>
        <dt>Created</dt>
        <dd>{formatDateTime(quote.createdAt)}</dd>
        <dt>Version</dt>
        <dd>{quote.version}</dd>
        {quote.validUntil !== null && (
          <>
            <dt>Valid until</dt>
            <dd>{formatUtcDay(quote.validUntil)}</dd>
          </>
        )}
        {quote.orderId && (
          <>
            <dt>Order</dt>
            <dd>{quote.orderId}</dd>
          </>
        )}
      </dl>
      {quote.note && (
        <p className="quote-note">
          <strong>Buyer's note:</strong> {quote.note}
        </p>
      )}
      <QuoteLines quote={quote} />
    </section>
  );
}

function AdminQuote({ quote, onReload }: { quote: Quote; onReload: () => void }) {
  const [respond, { isLoading }] = useRespondToQuoteMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const answerable = quoteMoveAllowed(quote.status, 'respond', 'staff');
  // The company's contract prices, which the editor shows beside list; its default address prices a quote not yet quoted, which has no tax rate of its own.
  const account = useGetBuyerAccountQuery(answerable ? quote.companyId : skipToken);
  const company = account.data?.company;
  const taxRateBasisPoints = company && quote.validUntil === null ? taxRateFor(quoteAddress(company).region, company.taxExempt) : quote.taxRateBasisPoints;

  return (
    <AdminFrame
      title={`Quote ${quote.number}`}
      actions={
        <>
          <QuoteStatusBadge status={quote.status} />
          {quote.validUntil !== null && <QuoteDocumentButton quoteId={quote.id} number={quote.number} />}
          {quoteMoveAllowed(quote.status, 'reject', 'staff') && (
            <button type="button" className="button secondary" onClick={() => setRejecting(true)}>
              Reject
            </button>
          )}
        </>
      }
    >
      <p className="small">
        <Link to={paths.adminQuotes}>All quotes</Link>
      </p>
      {failure && (
        <div className="notice error" role="alert">
          <p>{failure}</p>
          <button
            type="button"
            className="button secondary small"
            onClick={() => {
              setFailure(null);
              onReload();
            }}
          >
            Reload the quote
          </button>
        </div>
      )}
      <div className="admin-quote-layout">
        <div className="admin-quote-main">
          <QuoteRequest quote={quote} />
          {answerable && account.isLoading && <Spinner label="Loading the customer's prices…" />}
          {answerable && account.isError && <LoadError error={account.error} fallback="The customer's prices could not be loaded." onRetry={account.refetch} />}
          {answerable && account.data && (
            <QuoteEditor
              // A new version (after sending, or a reload) starts the editor from the quote as it is now.
              key={`${quote.id}-${quote.version}-${quote.status}`}
              quote={quote}
              taxRateBasisPoints={taxRateBasisPoints}
              contract={account.data.contract}
              submitLabel={quote.status === 'quoted' ? 'Send revised quote' : 'Send quote'}
              busy={isLoading}
              onSubmit={(answer) =>
                void respond({ quoteId: quote.id, version: quote.version, ...answer }).then((result) => {
                  // The server says why, e.g. that the quote changed since it was opened; the notice offers to reload it.
                  if (result.error) setFailure(failureMessage(result.error, 'The quote could not be sent. Please try again.'));
                  else {
                    setFailure(null);
                    toast.success(`Quote ${quote.number} sent to ${quote.companyName}.`);
                  }
                })
              }
            />
          )}
        </div>
        <QuoteThread quote={quote} side="staff" />
      </div>
      {rejecting && <RejectQuoteDialog quote={quote} onClose={() => setRejecting(false)} />}
    </AdminFrame>
  );
}

/** One quote in the back office: the request, the conversation, and the editor that answers it. */
export default function AdminQuotePage() {
  const { quoteId = '' } = useParams();
  const { data: quote, error, isLoading, refetch } = useGetQuoteQuery(quoteId);
  const dispatch = useAppDispatch();
  if (isLoading) return <Spinner label="Loading the quote…" />;
  // The quote and its messages are read again.
  if (quote) return <AdminQuote quote={quote} onReload={() => dispatch(api.util.invalidateTags([{ type: 'Quote', id: quoteId }]))} />;
  return (
    <AdminFrame title="Quote">
      {quote === null ? (
        <div className="card admin-empty">
          <p>There is no quote {quoteId} that you may handle.</p>
          <Link to={paths.adminQuotes}>All quotes</Link>
        </div>
      ) : (
        <LoadError error={error} fallback="The quote could not be loaded." onRetry={refetch} />
      )}
    </AdminFrame>
  );
}
