import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { FileQuestion } from 'lucide-react';
import { companyOrderingProblem, type RequestQuoteInput } from '@harbor/domain';
import { paths } from '../../config';
import { failureMessage } from '../LoadError';
import { useBuyerAccount } from '../../lib/company';
import { useRequestQuoteMutation } from '../../lib/quotes/requestQuoteApi';
import { useAuth } from '../../lib/session';
import { toast } from '../../lib/toast';
import { Modal, MODAL_TOASTER } from '../Modal';
import { TextAreaField } from '../TextAreaField';
import './quotes.css';

interface RequestQuoteProps {
  lines: RequestQuoteInput['lines'];
  /** What the quote is asked for, in the dialog ("your cart", "“Weekly kitchen”"). */
  what: string;
  /** The lines are the buyer's cart: accepting the quote takes them out of it. */
  fromCart?: boolean;
}

function RequestQuoteDialog({ lines, what, fromCart = false, onClose }: RequestQuoteProps & { onClose: () => void }) {
  const navigate = useNavigate();
  const [note, setNote] = useState('');
  // One id per request: a retry after a lost answer finds the quote the first attempt made.
  const [requestId] = useState(() => crypto.randomUUID());
  const [requestQuote, { isLoading }] = useRequestQuoteMutation();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = await requestQuote({ requestId, lines, note, fromCart });
    if (result.error) {
      toast.error(failureMessage(result.error, 'Your quote request could not be sent. Please try again.'), { toasterId: MODAL_TOASTER });
      return;
    }
    toast.success(`Quote ${result.data.number} requested. We answer within one business day.`);
    navigate(paths.quote(result.data.quoteId));
  }

  return (
    <Modal title="Request a quote" onClose={onClose} locked={isLoading}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <div className="dialog-body">
          <p>
            We price the {lines.length} {lines.length === 1 ? 'line' : 'lines'} of {what} for your company and answer with a quote valid until a date. Nothing is ordered
            until you accept it{fromCart ? '; accepting it then takes the quoted quantities out of your cart, so they are not ordered twice' : ''}.
          </p>
          <TextAreaField
            label="Note for our sales team (optional)"
            rows={4}
            maxLength={2000}
            value={note}
            placeholder="Delivery schedule, volumes over the year, a price you were offered…"
            onChange={setNote}
          />
        </div>
        <div className="dialog-actions">
          <button type="button" className="button secondary" onClick={onClose} disabled={isLoading}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={isLoading}>
            {isLoading ? 'Sending…' : 'Send request'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/**
 * "Request a quote" for some lines (a cart, a saved list): for the signed-in members of an
 * approved company; another member is told why it cannot yet, a guest or a shopper without a
 * company sees nothing.
 */
export function RequestQuote({ lines, what, fromCart }: RequestQuoteProps) {
  const { user } = useAuth();
  const { company, loading } = useBuyerAccount();
  const [open, setOpen] = useState(false);
  if (!user || loading || !company || lines.length === 0) return null;
  const problem = companyOrderingProblem(company.status);
  if (problem) return <p className="muted small request-quote-note">Quotes can be requested once your company account is approved.</p>;
  return (
    <>
      <button type="button" className="button secondary block request-quote" onClick={() => setOpen(true)}>
        <FileQuestion size={18} aria-hidden="true" /> Request a quote
      </button>
      {open && <RequestQuoteDialog lines={lines} what={what} fromCart={fromCart} onClose={() => setOpen(false)} />}
    </>
  );
}
