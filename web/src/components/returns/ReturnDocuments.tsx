import { useId } from 'react';
import type { ProductReturn } from '@harbor/domain';
import { OrderDocumentButton } from '../order/OrderDocumentButton';
import './returns.css';

interface ReturnDocumentsProps {
  productReturn: Pick<ProductReturn, 'id' | 'orderId' | 'number' | 'history' | 'creditNotes'>;
  /** Where a failed download's toast appears (a modal has its own toaster). */
  toasterId?: string;
}

/**
 * A return's PDFs: the return authorization once the shop approved it (a return closed or
 * received later keeps it), and each credit note its receipts issued. Nothing before approval.
 */
export function ReturnDocuments({ productReturn, toasterId }: ReturnDocumentsProps) {
  const id = useId();
  const approved = productReturn.history.some((event) => event.status === 'approved');
  if (!approved && productReturn.creditNotes.length === 0) return null;
  return (
    <section className="card return-documents" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Documents</h2>
      <ul className="plain-list return-document-list">
        {approved && (
          <li>
            <OrderDocumentButton
              orderId={productReturn.orderId}
              kind="returnAuthorization"
              returnId={productReturn.id}
              label={`Return authorization ${productReturn.number} (PDF)`}
              className="button secondary small"
              toasterId={toasterId}
            />
          </li>
        )}
        {productReturn.creditNotes.map((creditNoteNumber) => (
          <li key={creditNoteNumber}>
            <OrderDocumentButton
              orderId={productReturn.orderId}
              kind="creditNote"
              creditNoteNumber={creditNoteNumber}
              label={`Credit note ${creditNoteNumber} (PDF)`}
              className="button secondary small"
              toasterId={toasterId}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
