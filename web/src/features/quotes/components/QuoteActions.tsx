import { useState } from 'react';
import { Link } from 'react-router-dom';
import { quoteExpired, quoteMoveAllowed, type Quote, type QuoteAction } from '@harbor/domain';
import { QuoteActionDialog, type QuoteActionWording } from '../../../components/quotes/QuoteActionDialog';
import { paths } from '../../../config';
import { formatUtcDay } from '../../../lib/dates';
import { useAuth } from '../../../lib/session';
import { requesterCart, takenFromCartSentence } from '../takenFromCart';

type BuyerAction = Exclude<QuoteAction, 'reject'>;

const WORDING: Record<BuyerAction, QuoteActionWording & { button: string }> = {
  'ask-changes': {
    button: 'Ask for changes',
    title: 'Ask for changes',
    intro: 'The quote goes back to our sales team, who send you a revised one.',
    label: 'What should change?',
    confirm: 'Send request',
    keep: 'Go back',
    busy: 'Sending…',
    done: 'Your request for changes was sent.',
    required: 'Say what should change.',
    danger: false,
  },
  decline: {
    button: 'Decline',
    title: 'Decline this quote?',
    intro: 'The quote closes and can no longer be accepted. You can always ask for a new one.',
    label: 'Reason (optional)',
    confirm: 'Decline quote',
    keep: "Don't decline",
    busy: 'Declining…',
    done: 'You declined the quote.',
    required: null,
    danger: true,
  },
  withdraw: {
    button: 'Withdraw request',
    title: 'Withdraw this request?',
    intro: 'Our sales team stops working on it. You can always ask for a new quote.',
    label: 'Reason (optional)',
    confirm: 'Withdraw request',
    keep: 'Keep the request',
    busy: 'Withdrawing…',
    done: 'You withdrew the request.',
    required: null,
    danger: true,
  },
};

/** What the buyer may do with the quote now: the state table decides, and a quote past its date cannot be accepted. */
export function QuoteActions({ quote, now }: { quote: Quote; now?: number }) {
  // Judged when the page opens (the server judges again when the buyer accepts).
  const [openedAt] = useState(() => now ?? Date.now());
  const [action, setAction] = useState<BuyerAction | null>(null);
  const { user } = useAuth();
  const may = (move: BuyerAction | 'accept') => quoteMoveAllowed(quote.status, move, 'buyer');
  const expired = quoteExpired(quote.validUntil, openedAt);
  const moves = (['ask-changes', 'decline', 'withdraw'] as const).filter(may);

  if (quote.status === 'accepted' && quote.orderId) {
    return (
      <p className="quote-outcome">
        You accepted this quote: <Link to={paths.orderConfirmation(quote.orderId)}>order {quote.orderId}</Link>. {takenFromCartSentence(quote.takenFromCart, requesterCart(quote, user?.uid))}
      </p>
    );
  }
  if (!may('accept') && moves.length === 0) return null;
  return (
    <div className="quote-actions" role="group" aria-label="Quote actions">
      {may('accept') &&
        (expired ? (
          <p className="notice" role="status">
            This quote ran out{quote.validUntil ? ` on ${formatUtcDay(quote.validUntil)}` : ''}; ask for changes to get a new one.
          </p>
        ) : (
          <Link to={paths.acceptQuote(quote.id)} className="button">
            Accept quote
          </Link>
        ))}
      {moves.map((move) => (
        <button key={move} type="button" className="button secondary" onClick={() => setAction(move)}>
          {WORDING[move].button}
        </button>
      ))}
      {action && <QuoteActionDialog quoteId={quote.id} action={action} wording={{ ...WORDING[action], intro: `Quote ${quote.number}. ${WORDING[action].intro}` }} onClose={() => setAction(null)} />}
    </div>
  );
}
