import { useState } from 'react';
import './order.css';
import { FileDown } from 'lucide-react';
import { ORDER_DOCUMENT_LABELS, type OrderDocumentKind } from '@harbor/domain';
import { downloadOrderDocument } from '../../lib/orderDocuments';
import { toast } from '../../lib/toast';

interface OrderDocumentButtonProps {
  orderId: string;
  kind: OrderDocumentKind;
  className?: string;
  /** Where a failure's toast appears (a modal has its own toaster). */
  toasterId?: string;
}

/** "Download invoice" / "Download packing slip": the PDF made by the server for this order. */
export function OrderDocumentButton({ orderId, kind, className = 'button secondary', toasterId }: OrderDocumentButtonProps) {
  const [busy, setBusy] = useState(false);
  const label = `Download ${ORDER_DOCUMENT_LABELS[kind].toLowerCase()}`;
  async function download() {
    setBusy(true);
    const failure = await downloadOrderDocument({ orderId, kind });
    setBusy(false);
    if (failure) toast.error(failure, toasterId ? { toasterId } : undefined);
  }
  return (
    <button type="button" className={className} disabled={busy} aria-label={`${label} for order ${orderId}`} onClick={() => void download()}>
      <FileDown size={16} aria-hidden="true" /> {busy ? 'Preparing…' : label}
    </button>
  );
}
