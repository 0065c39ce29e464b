import { useState, type ReactNode } from 'react';
import type { QuoteAction } from '@harbor/domain';
import { useQuoteActionMutation } from '../../lib/quotes/quotesApi';
import { toast } from '../../lib/toast';
import { failureMessage } from '../LoadError';
import { Modal, MODAL_TOASTER } from '../Modal';
import { TextAreaField } from '../TextAreaField';

/** How a dialog asks for one move on a quote. */
export interface QuoteActionWording {
  title: string;
  intro: ReactNode;
  /** The message field's label. */
  label: string;
  confirm: string;
  /** The button that leaves without acting: what it keeps ("Don't decline"). */
  keep: string;
  busy: string;
  /** The toast once it is done. */
  done: string;
  /** What is said when the message is left empty; null when it may be. */
  required: string | null;
  danger: boolean;
}

interface QuoteActionDialogProps {
  quoteId: string;
  action: QuoteAction;
  wording: QuoteActionWording;
  onClose: () => void;
}

/**
 * Asks before a move on a quote (ask for changes, decline, withdraw, reject) with a message the
 * other side reads; the button that leaves without acting has the focus, and what was typed stays when the move fails.
 */
export function QuoteActionDialog({ quoteId, action, wording, onClose }: QuoteActionDialogProps) {
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [quoteAction, { isLoading }] = useQuoteActionMutation();

  async function confirm() {
    if (wording.required && !message.trim()) {
      setProblem(wording.required);
      return;
    }
    const result = await quoteAction({ quoteId, action, message });
    if (result.error) {
      toast.error(failureMessage(result.error, 'The quote could not be updated. Please try again.'), { toasterId: MODAL_TOASTER });
      return;
    }
    toast.success(wording.done);
    onClose();
  }

  return (
    <Modal title={wording.title} onClose={onClose} locked={isLoading}>
      <div className="dialog-body">
        <p>{wording.intro}</p>
        <TextAreaField label={wording.label} rows={4} maxLength={2000} required={wording.required !== null} value={message} onChange={setMessage} problem={problem} />
      </div>
      <div className="dialog-actions">
        <button type="button" className="button secondary" onClick={onClose} disabled={isLoading} autoFocus>
          {wording.keep}
        </button>
        <button type="button" className={`button ${wording.danger ? 'danger' : ''}`} onClick={() => void confirm()} disabled={isLoading}>
          {isLoading ? wording.busy : wording.confirm}
        </button>
      </div>
    </Modal>
  );
}
