import './order.css';
import { ORDER_DOCUMENT_LABELS, type GetOrderDocumentInput } from '@harbor/domain';
import { downloadOrderDocument } from '../../lib/orderDocuments';
import { PdfButton } from '../PdfButton';

type OrderDocumentButtonProps = GetOrderDocumentInput & {
  className?: string;
  /** The button's text ("Invoice INV-000042 (PDF)"); "Download invoice" and the like otherwise. */
  label?: string;
  /** Where a failure's toast appears (a modal has its own toaster). */
  toasterId?: string;
};

/** "Download invoice" / "Download packing slip": the PDF made by the server for this order. */
export function OrderDocumentButton({ className, label, toasterId, ...request }: OrderDocumentButtonProps) {
  const text = label ?? `Download ${ORDER_DOCUMENT_LABELS[request.kind].toLowerCase()}`;
  return <PdfButton label={text} accessibleName={`${text} for order ${request.orderId}`} className={className} toasterId={toasterId} download={() => downloadOrderDocument(request)} />;
}
