import { Link, useParams } from 'react-router-dom';
import { BRAND, type Quote } from '@harbor/domain';
import { LoadError } from '../../../components/LoadError';
import { PageTitle } from '../../../components/PageTitle';
import { Spinner } from '../../../components/Spinner';
import { QuoteDocumentButton } from '../../../components/quotes/QuoteDocumentButton';
import { QuoteLines } from '../../../components/quotes/QuoteLines';
import { QuoteStatusBadge } from '../../../components/quotes/QuoteStatusBadge';
import { QuoteThread } from '../../../components/quotes/QuoteThread';
import { paths } from '../../../config';
import { formatMoment, formatUtcDay } from '../../../lib/dates';
import { useGetQuoteQuery } from '../../../lib/quotes/quotesApi';
import { QuoteActions } from '../components/QuoteActions';
import { QuoteNotFound } from '../components/QuoteNotFound';
import '../quotes.css';

/** What the quote's state means for the buyer, in a sentence. */
function stateSentence(quote: Quote): string {
  switch (quote.status) {
    case 'requested':
      return quote.version > 1 ? 'You asked for changes; our sales team is revising the quote.' : 'Our sales team is pricing your request.';
    case 'quoted':
      return `These prices hold until ${formatUtcDay(quote.validUntil ?? 0)}.`;
    case 'accepted':
      return 'You accepted this quote and the order was placed.';
    case 'declined':
      return 'You declined this quote.';
    case 'rejected':
      return 'We could not quote this request; the messages say why.';
    case 'withdrawn':
      return 'You withdrew this request.';
    case 'expired':
      return `This quote ran out on ${formatUtcDay(quote.validUntil ?? 0)}.`;
  }
}

function QuoteDetail({ quote }: { quote: Quote }) {
  return (
    <section className="page quote-page">
      <PageTitle>{`Quote ${quote.number} | ${BRAND.name}`}</PageTitle>
      <p className="breadcrumbs small">
        <Link to={paths.quotes}>Quotes</Link> / {quote.number}
      </p>
      <header className="quote-header">
        <div>
          <h1>
            Quote {quote.number} <QuoteStatusBadge status={quote.status} />
          </h1>
          <p className="muted">
            Requested on {formatMoment(quote.createdAt)}
            {quote.requestedByName ? ` by ${quote.requestedByName}` : ''}. {stateSentence(quote)}
          </p>
        </div>
        {quote.validUntil !== null && <QuoteDocumentButton quoteId={quote.id} number={quote.number} />}
      </header>
      <div className="quote-layout">
        <div className="quote-main">
          <section className="card" aria-labelledby="quote-lines-heading">
            <h2 id="quote-lines-heading">Lines</h2>
            <QuoteLines quote={quote} />
            {quote.validUntil !== null && <p className="muted small">Shipping and tax as for your company's default address; the address you choose when accepting sets them.</p>}
            {quote.note && (
              <p className="quote-note">
                <strong>Your note:</strong> {quote.note}
              </p>
            )}
          </section>
          <QuoteActions quote={quote} />
        </div>
        <QuoteThread quote={quote} side="buyer" />
      </div>
    </section>
  );
}

/** One quote of the buyer's company: its lines, its conversation and what can be done with it. */
export default function QuotePage() {
  const { quoteId = '' } = useParams();
  const { data: quote, error, isLoading, refetch } = useGetQuoteQuery(quoteId);
  if (isLoading) return <Spinner label="Loading the quote…" />;
  if (quote) return <QuoteDetail quote={quote} />;
  if (quote === null) return <QuoteNotFound />;
  return (
    <section className="page narrow">
      <LoadError error={error} fallback="The quote could not be loaded." onRetry={refetch} />
    </section>
  );
}
