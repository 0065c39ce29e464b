import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { awaitsGoods, formatMoney, isOpenReturn, restockingFeeText, type ProductReturn, type ReceiveReturnResult } from '@harbor/domain';
import { LoadError } from '../../../components/LoadError';
import { Spinner } from '../../../components/Spinner';
import { ReturnDocuments } from '../../../components/returns/ReturnDocuments';
import { ReturnHistory } from '../../../components/returns/ReturnHistory';
import { ReturnLinesTable } from '../../../components/returns/ReturnLinesTable';
import { ReturnStatusBadge } from '../../../components/returns/ReturnStatusBadge';
import { paths } from '../../../config';
import { formatDateTime } from '../../../lib/dates';
import { useGetReturnQuery } from '../../../lib/returns/returnsApi';
import { useAuth } from '../../../lib/session';
import { AdminFrame } from '../components/AdminFrame';
import { CloseReturnButton } from '../components/CloseReturnButton';
import { DecideReturnForm } from '../components/DecideReturnForm';
import { adminOrderHref } from '../components/OrdersTable';
import { ReceiveReturnForm } from '../components/ReceiveReturnForm';

function ReturnFacts({ productReturn }: { productReturn: ProductReturn }) {
  const { may } = useAuth();
  const value = productReturn.lines.reduce((sum, line) => sum + line.lineTotal, 0);
  const { companyId, company, requestedByName } = productReturn;
  // Who asked: the buyer who placed the order, or an owner or approver of its company.
  const requestedByEmail = productReturn.requestedByEmail || productReturn.userEmail;
  return (
    <section className="card" aria-labelledby="return-facts-heading">
      <h2 id="return-facts-heading">Request</h2>
      <dl className="admin-return-facts">
        <dt>Order</dt>
        <dd>
          <Link to={adminOrderHref(productReturn.orderId)} className="mono">
            {productReturn.orderId}
          </Link>
        </dd>
        <dt>Company</dt>
        <dd>{companyId && (may('companies.read') || may('companies.readAssigned')) ? <Link to={paths.adminCustomer(companyId)}>{company || companyId}</Link> : company || '—'}</dd>
        <dt>Requested by</dt>
        <dd>
          {requestedByName || requestedByEmail}
          {requestedByName && requestedByEmail && (
            <>
              {' '}
              (<a href={`mailto:${requestedByEmail}`}>{requestedByEmail}</a>)
            </>
          )}
        </dd>
        <dt>Requested</dt>
        <dd>{formatDateTime(productReturn.createdAt)}</dd>
        <dt>Value</dt>
        <dd>{formatMoney(value, productReturn.currency)} at the prices charged, before tax</dd>
        {productReturn.history.some((event) => event.status === 'approved') && (
          <>
            <dt>Restocking fee</dt>
            <dd>{productReturn.restockingFeeBasisPoints ? restockingFeeText(productReturn.restockingFeeBasisPoints) : 'None'}</dd>
          </>
        )}
        {productReturn.creditNotes.length > 0 && (
          <>
            <dt>Credit notes</dt>
            <dd>{productReturn.creditNotes.join(', ')}</dd>
          </>
        )}
      </dl>
      {productReturn.note && (
        <p className="return-note">
          <strong>Buyer's note:</strong> {productReturn.note}
        </p>
      )}
      <ReturnLinesTable lines={productReturn.lines} />
    </section>
  );
}

/** What the last receipt issued, until the page is left. */
function ReceiptNotice({ receipt }: { receipt: ReceiveReturnResult }) {
  const notes = receipt.creditNotes;
  return (
    <p className="return-receipt" role="status">
      Receipt recorded. {notes.length === 1 ? `Credit note ${notes[0]} was` : `Credit notes ${notes.join(', ')} were`} issued to the buyer's company
      {receipt.status === 'credited' ? '; everything on the return has arrived and is credited.' : '; the rest can be received later, or the return closed.'}
    </p>
  );
}

function AdminReturn({ productReturn }: { productReturn: ProductReturn }) {
  const { may } = useAuth();
  const [receipt, setReceipt] = useState<ReceiveReturnResult | null>(null);
  const { status } = productReturn;
  return (
    <AdminFrame
      title={`Return ${productReturn.number}`}
      actions={
        <>
          <ReturnStatusBadge status={status} />
          {may('returns.decide') && isOpenReturn(status) && <CloseReturnButton productReturn={productReturn} />}
        </>
      }
    >
      <p className="small">
        <Link to={paths.adminReturns}>All returns</Link>
      </p>
      {receipt && <ReceiptNotice receipt={receipt} />}
      <div className="admin-return-layout">
        <div className="admin-return-column">
          <ReturnFacts productReturn={productReturn} />
          {may('returns.decide') && status === 'requested' && <DecideReturnForm productReturn={productReturn} />}
          {may('returns.receive') && awaitsGoods(status) && <ReceiveReturnForm productReturn={productReturn} onReceived={setReceipt} />}
        </div>
        <div className="admin-return-column">
          {/* Credit notes are downloaded by the roles that read invoices; the warehouse sees their numbers. */}
          <ReturnDocuments productReturn={may('documents.invoice') ? productReturn : { ...productReturn, creditNotes: [] }} />
          <ReturnHistory history={productReturn.history} />
        </div>
      </div>
    </AdminFrame>
  );
}

/** One return in the back office: the request, its lines and history, and the forms that decide, receive and close it. */
export default function AdminReturnPage() {
  const { returnId = '' } = useParams();
  const { data: productReturn, error, isLoading, refetch } = useGetReturnQuery(returnId);
  if (isLoading) return <Spinner label="Loading the return…" />;
  // A return of its own each, so what a receipt issued is not shown on another return.
  if (productReturn) return <AdminReturn key={productReturn.id} productReturn={productReturn} />;
  return (
    <AdminFrame title="Return">
      {productReturn === null ? (
        <div className="card admin-empty">
          <p>There is no return {returnId} that you may see.</p>
          <Link to={paths.adminReturns}>All returns</Link>
        </div>
      ) : (
        <LoadError error={error} fallback="The return could not be loaded." onRetry={refetch} />
      )}
    </AdminFrame>
  );
}
