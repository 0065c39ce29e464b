import { Link, useParams } from 'react-router-dom';
import { BRAND, restockingFeeText, type ProductReturn } from '@harbor/domain';
import { LoadError } from '../../../components/LoadError';
import { PageTitle } from '../../../components/PageTitle';
import { Spinner } from '../../../components/Spinner';
import { ReturnDocuments } from '../../../components/returns/ReturnDocuments';
import { ReturnHistory } from '../../../components/returns/ReturnHistory';
import { ReturnLinesTable } from '../../../components/returns/ReturnLinesTable';
import { ReturnStatusBadge } from '../../../components/returns/ReturnStatusBadge';
import { paths } from '../../../config';
import { formatMoment } from '../../../lib/dates';
import { useGetReturnQuery } from '../../../lib/returns/returnsApi';
import { ReturnNotFound } from '../components/ReturnNotFound';
import '../returns.css';

/** What the return's state means for the buyer, and what it does next, in a sentence. */
function stateSentence({ status, number }: ProductReturn): string {
  switch (status) {
    case 'requested':
      return 'We are reviewing your request and e-mail you once it is decided. Please do not send anything before then.';
    case 'approved':
      return `Approved: write ${number} on the parcel, put the return authorization in it and send the goods back. We credit them once they arrive.`;
    case 'rejected':
      return 'We could not accept this return; the history says why.';
    case 'received':
      return 'Part of the goods arrived and is credited to your account; we credit the rest as it arrives.';
    case 'credited':
      return 'The goods arrived and are credited to your account.';
    case 'closed':
      return 'This return is closed; the history says why.';
  }
}

function ReturnDetail({ productReturn }: { productReturn: ProductReturn }) {
  return (
    <section className="page return-page">
      <PageTitle>{`Return ${productReturn.number} | ${BRAND.name}`}</PageTitle>
      <p className="breadcrumbs small">
        <Link to={paths.returns}>Returns</Link> / {productReturn.number}
      </p>
      <header className="return-header">
        <div>
          <h1>
            Return {productReturn.number} <ReturnStatusBadge status={productReturn.status} />
          </h1>
          <p className="muted">
            Requested on {formatMoment(productReturn.createdAt)}
            {productReturn.requestedByName ? ` by ${productReturn.requestedByName}` : ''} for order <Link to={paths.orderConfirmation(productReturn.orderId)} className="return-order">
              {productReturn.orderId}
            </Link>.
          </p>
          <p>{stateSentence(productReturn)}</p>
        </div>
      </header>
      <div className="return-layout">
        <div>
          <section className="card" aria-labelledby="return-lines-heading">
            <h2 id="return-lines-heading">Items</h2>
            <ReturnLinesTable lines={productReturn.lines} />
            {productReturn.restockingFeeBasisPoints > 0 && (
              <p className="small">A restocking fee of {restockingFeeText(productReturn.restockingFeeBasisPoints)} is taken off the credit for these goods.</p>
            )}
            {productReturn.note && (
              <p className="return-note">
                <strong>Note:</strong> {productReturn.note}
              </p>
            )}
          </section>
        </div>
        <div>
          <ReturnDocuments productReturn={productReturn} />
          <ReturnHistory history={productReturn.history} />
        </div>
      </div>
    </section>
  );
}

/** One return of the buyer or its company: what goes back, where it stands, its documents and history. */
export default function ReturnPage() {
  const { returnId = '' } = useParams();
  const { data: productReturn, error, isLoading, refetch } = useGetReturnQuery(returnId);
  if (isLoading) return <Spinner label="Loading the return…" />;
  if (productReturn) return <ReturnDetail productReturn={productReturn} />;
  if (productReturn === null) return <ReturnNotFound />;
  return (
    <section className="page narrow">
      <LoadError error={error} fallback="The return could not be loaded." onRetry={refetch} />
    </section>
  );
}
