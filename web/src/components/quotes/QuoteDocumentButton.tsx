import { useState } from 'react';
import { FileDown } from 'lucide-react';
import type { GetQuoteDocumentInput } from '@harbor/domain';
import { downloadPdf } from '../../lib/pdfDownload';
import { toast } from '../../lib/toast';

/** "Download PDF": the quote as the server prints it (getQuoteDocument), as e-mailed to the buyer. */
export function QuoteDocumentButton({ quoteId, number }: { quoteId: string; number: string }) {
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    const failure = await downloadPdf<GetQuoteDocumentInput>('getQuoteDocument', { quoteId });
    setBusy(false);
    if (failure) toast.error(failure);
  }
  return (
    <button type="button" className="button secondary" disabled={busy} aria-label={`Download PDF of quote ${number}`} onClick={() => void download()}>
      <FileDown size={16} aria-hidden="true" /> {busy ? 'Preparing…' : 'Download PDF'}
    </button>
  );
}
