import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { BRAND, maySeeCompanyDocument, RETURN_DAYS } from '@harbor/domain';
import { LoadError } from '../../../components/LoadError';
import { PageTitle } from '../../../components/PageTitle';
import { Spinner } from '../../../components/Spinner';
import { ReturnsTable } from '../../../components/returns/ReturnsTable';
import { paths } from '../../../config';
import { useBuyerAccount } from '../../../lib/company';
import { useAuth } from '../../../lib/session';
import { useGetReturnsInfiniteQuery } from '../api';
import type { ReturnsScope } from '../returnsQuery';
import '../returns.css';

function ReturnsList({ scope, companyWide }: { scope: ReturnsScope; companyWide: boolean }) {
  const { data, isLoading, isError, error, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } = useGetReturnsInfiniteQuery(scope);
  const returns = data?.pages.flatMap((page) => page.rows) ?? [];
  if (isLoading) return <Spinner label="Loading your returns…" />;
  if (isError && returns.length === 0) return <LoadError error={error} fallback="Your returns could not be loaded." onRetry={refetch} />;
  if (returns.length === 0) {
    return (
      <div className="card returns-empty" role="status">
        <h2>No returns yet</h2>
        <p className="muted">
          Something wrong with a delivery? Open the order and choose “Return items”: units can be returned within {RETURN_DAYS} days of the shipment that brought them.
        </p>
        <Link to={`${paths.profile}#orders`} className="button secondary">
          Go to your orders
        </Link>
      </div>
    );
  }
  return (
    <>
      <div className="card">
        <ReturnsTable
          returns={returns}
          caption={companyWide ? "Your company's returns, newest first" : 'Your returns, newest first'}
          returnPath={paths.return}
          orderPath={paths.orderConfirmation}
          showRequester={companyWide}
        />
      </div>
      {hasNextPage && (
        <div className="returns-more">
          <button type="button" className="button secondary" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
            {isFetchingNextPage ? 'Loading…' : 'Show more returns'}
          </button>
        </div>
      )}
    </>
  );
}

/** The returns the reader asked for or, for a company's owner and approvers, every return of the company. */
export default function ReturnsPage() {
  const { user } = useAuth();
  const { company, loading } = useBuyerAccount();
  const uid = user?.uid ?? '';
  // Whose returns, as the rules let the reader list them: the order history's choice.
  const companyWide = !!company && maySeeCompanyDocument(company.members[uid], false);
  const scope = useMemo<ReturnsScope>(() => (companyWide && company ? { field: 'companyId', value: company.id } : { field: 'userId', value: uid }), [company, companyWide, uid]);
  return (
    <section className="page returns-page">
      <PageTitle>{`Returns | ${BRAND.name}`}</PageTitle>
      <h1>Returns</h1>
      {!user || loading ? <Spinner label="Loading your returns…" /> : <ReturnsList scope={scope} companyWide={companyWide} />}
    </section>
  );
}
