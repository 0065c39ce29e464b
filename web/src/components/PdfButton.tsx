import { useState } from 'react';
import { FileDown } from 'lucide-react';
import { toast } from '../lib/toast';

interface PdfButtonProps {
  label: string;
  /** A name for screen readers when the label alone is not enough ("… for order HW-1"). */
  accessibleName?: string;
  className?: string;
  /** Where a failure's toast appears (a modal has its own toaster). */
  toasterId?: string;
  /** Fetches and saves the PDF; resolves with null, or with the sentence to show when it failed. */
  download: () => Promise<string | null>;
}

/** A button that downloads a PDF the server makes, "Preparing…" while it does. */
export function PdfButton({ label, accessibleName, className = 'button secondary', toasterId, download }: PdfButtonProps) {
  const [busy, setBusy] = useState(false);
  async function run() {
    setBusy(true);
    const failure = await download();
    setBusy(false);
    if (failure) toast.error(failure, toasterId ? { toasterId } : undefined);
  }
  return (
    <button type="button" className={className} disabled={busy} aria-label={accessibleName} onClick={() => void run()}>
      <FileDown size={16} aria-hidden="true" /> {busy ? 'Preparing…' : label}
    </button>
  );
}
