import { Link } from 'react-router-dom';
import { formatMoney, type Quote } from '@harbor/domain';
import { formatDateTime, formatUtcDay } from '../../lib/dates';
import { QuoteStatusBadge } from './QuoteStatusBadge';
import './quotes.css';

interface QuotesTableProps {
  quotes: readonly Quote[];
  caption: string;
  /** Where a quote's number leads (the buyer's page or the back office's). */
  href: (quote: Quote) => string;
  /** The back office names each quote's company. */
  showCompany?: boolean;
  className?: string;
}

/** Quotes with their status, total once quoted, validity and last change. */
export function QuotesTable({ quotes, caption, href, showCompany = false, className = 'quotes-table' }: QuotesTableProps) {
  return (
    <table className={className}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Quote</th>
          {showCompany && <th scope="col">Company</th>}
          <th scope="col">Status</th>
          <th scope="col" className="numeric">
            Total
          </th>
          <th scope="col">Valid until</th>
          <th scope="col">Updated</th>
        </tr>
      </thead>
      <tbody>
        {quotes.map((quote) => (
          <tr key={quote.id}>
            <th scope="row">
              <Link to={href(quote)} className="quote-number">
                {quote.number}
              </Link>
              <span className="muted small quotes-table-lines">
                {quote.lines.length} {quote.lines.length === 1 ? 'line' : 'lines'}
              </span>
            </th>
            {showCompany && <td>{quote.companyName}</td>}
            <td>
              <QuoteStatusBadge status={quote.status} />
            </td>
            <td className="numeric">{quote.validUntil === null ? <span className="muted">Awaiting price</span> : formatMoney(quote.total)}</td>
            <td>{quote.validUntil === null ? '—' : formatUtcDay(quote.validUntil)}</td>
            <td>{formatDateTime(quote.updatedAt)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
