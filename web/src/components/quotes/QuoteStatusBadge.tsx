import { QUOTE_STATUS_LABELS, type QuoteStatus } from '@harbor/domain';
import './quotes.css';

/** A quote's status as a coloured label, the same for buyers and in the back office. */
export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  return <span className={`status-badge quote-status-${status}`}>{QUOTE_STATUS_LABELS[status]}</span>;
}
