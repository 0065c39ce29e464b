import { formatMoney, type Quote, type QuoteLine } from '@harbor/domain';
import { OrderTotalsList } from '../order/OrderTotalsList';
import './quotes.css';

/** The row heading of a quote's line: the product's name, SKU and unit as the quote froze them. */
export function QuoteLineProduct({ line }: { line: Pick<QuoteLine, 'productId' | 'name' | 'sku' | 'unit'> }) {
  return (
    <th scope="row">
      <span className="quote-line-name">{line.name || line.productId}</span>
      <span className="muted small">
        SKU {line.sku} · {line.unit}
      </span>
    </th>
  );
}

/** A quote's lines: the quoted unit prices and totals once quoted, "Awaiting price" before. */
export function QuoteLines({ quote }: { quote: Pick<Quote, 'lines' | 'subtotal' | 'shipping' | 'tax' | 'total' | 'taxRateBasisPoints' | 'status' | 'validUntil'> }) {
  const priced = quote.validUntil !== null && quote.lines.every((line) => line.unitPrice !== null);
  return (
    <>
      <div className="quote-lines-scroll">
        <table className="quote-lines">
          <caption className="visually-hidden">Quote lines</caption>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col" className="numeric">
                Quantity
              </th>
              <th scope="col" className="numeric">
                Unit price
              </th>
              <th scope="col" className="numeric">
                Line total
              </th>
            </tr>
          </thead>
          <tbody>
            {quote.lines.map((line) => (
              <tr key={line.productId}>
                <QuoteLineProduct line={line} />
                <td className="numeric">{line.quantity}</td>
                <td className="numeric">{line.unitPrice === null ? <span className="muted">Awaiting price</span> : formatMoney(line.unitPrice)}</td>
                <td className="numeric">{line.unitPrice === null ? '—' : formatMoney(line.lineTotal)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {priced && (
        <div className="summary quote-totals">
          <OrderTotalsList totals={quote} taxRateBasisPoints={quote.taxRateBasisPoints} />
        </div>
      )}
    </>
  );
}
