import type { Quote } from '@harbor/domain';
import { QuoteActionDialog } from '../../../components/quotes/QuoteActionDialog';

/** Rejecting a quote: the reason (the buyer reads it) is required. */
export function RejectQuoteDialog({ quote, onClose }: { quote: Pick<Quote, 'id' | 'number' | 'companyName'>; onClose: () => void }) {
  return (
    <QuoteActionDialog
      quoteId={quote.id}
      action="reject"
      onClose={onClose}
      wording={{
        title: `Reject quote ${quote.number}?`,
        intro: `${quote.companyName} is told the reason by e-mail and on the quote. The quote closes for good.`,
        label: 'Reason',
        confirm: 'Reject quote',
        keep: "Don't reject",
        busy: 'Rejecting…',
        done: `Quote ${quote.number} rejected.`,
        required: 'Give the reason for rejecting the quote.',
        danger: true,
      }}
    />
  );
}
