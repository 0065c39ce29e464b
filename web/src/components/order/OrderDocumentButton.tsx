import './order.css';
import { ORDER_DOCUMENT_LABELS } from '@harbor/domain';
import { downloadOrderDocument, type OrderDocumentRequest } from '../../lib/orderDocuments';
import { PdfButton } from '../PdfButton';

const LABELS: Record<OrderDocumentRequest['kind'], string> = { ...ORDER_DOCUMENT_LABELS, confirmation: 'Order confirmation', creditNote: 'Credit note' };

type OrderDocumentButtonProps = OrderDocumentRequest & {
  className?: string;
  /** The button's text ("Invoice INV-000042 (PDF)"); "Download invoice" and the like otherwise. */
  label?: string;
  /** Where a failure's toast appears (a modal has its own toaster). */
  toasterId?: string;
};

/** "Download invoice" / "Download packing slip": the PDF made by the server for this order. */
export function OrderDocumentButton({ className, label, toasterId, ...request }: OrderDocumentButtonProps) {
  const text = label ?? `Download ${LABELS[request.kind].toLowerCase()}`;
  return <PdfButton label={text} accessibleName={`${text} for order ${request.orderId}`} className={className} toasterId={toasterId} download={() => downloadOrderDocument(request)} />;
}
