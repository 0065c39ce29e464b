import { Link } from 'react-router-dom';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { BRAND } from '@harbor/domain';
import { LoadError } from '../../../components/LoadError';
import { PageTitle } from '../../../components/PageTitle';
import { Spinner } from '../../../components/Spinner';
import { QuotesTable } from '../../../components/quotes/QuotesTable';
import { paths } from '../../../config';
import { useAuth } from '../../../lib/session';
import { useGetCompanyQuotesQuery } from '../api';
import '../quotes.css';

/** The company's quotes: what was asked, what the shop answered, until when. */
export default function QuotesPage() {
  const { profile } = useAuth();
  const companyId = profile?.companyId || null;
  const quotes = useGetCompanyQuotesQuery(companyId ?? skipToken, { refetchOnMountOrArgChange: 30 });

  let content;
  if (!profile || quotes.isLoading) content = <Spinner label="Loading your quotes…" />;
  else if (!companyId) {
    content = (
      <div className="card quotes-empty" role="status">
        <h2>Quotes are for business accounts</h2>
        <p className="muted">Register your company to ask us for prices on larger orders.</p>
      </div>
    );
  } else if (quotes.isError) content = <LoadError error={quotes.error} fallback="Your quotes could not be loaded." onRetry={quotes.refetch} />;
  else if ((quotes.data ?? []).length === 0) {
    content = (
      <div className="card quotes-empty" role="status">
        <h2>No quotes yet</h2>
        <p className="muted">Fill your cart or open a saved list, then choose “Request a quote”: we answer with prices for your company, valid until a date.</p>
        <Link to={paths.cart} className="button secondary">
          Go to your cart
        </Link>
      </div>
    );
  } else {
    content = (
      <div className="card quotes-table-scroll">
        <QuotesTable quotes={quotes.data ?? []} caption="Your company's quotes, the last changed first" href={(quote) => paths.quote(quote.id)} />
      </div>
    );
  }

  return (
    <section className="page quotes-page">
      <PageTitle>{`Quotes | ${BRAND.name}`}</PageTitle>
      <h1>Quotes</h1>
      {content}
    </section>
  );
}
