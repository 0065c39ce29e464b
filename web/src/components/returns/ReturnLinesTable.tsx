import { RETURN_REASON_LABELS, type ReturnLine } from '@harbor/domain';
import './returns.css';

interface ReturnLinesTableProps {
  lines: readonly ReturnLine[];
  caption?: string;
}

/**
 * A return's lines: the item, its unit, the units asked back and why, and, once anything has
 * arrived, how many came back resellable and how many damaged. On a phone each line is a block.
 */
export function ReturnLinesTable({ lines, caption = 'Items to return' }: ReturnLinesTableProps) {
  const anyReceived = lines.some((line) => line.resellable + line.damaged > 0);
  return (
    <table className="return-lines">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Item</th>
          <th scope="col">Unit</th>
          <th scope="col" className="numeric">
            Asked
          </th>
          <th scope="col">Reason</th>
          {anyReceived && (
            <>
              <th scope="col" className="numeric">
                Received resellable
              </th>
              <th scope="col" className="numeric">
                Received damaged
              </th>
            </>
          )}
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.productId}>
            <th scope="row">
              <span className="return-line-name">{line.name || line.productId}</span>
              <span className="muted small">SKU {line.sku}</span>
            </th>
            <td data-label="Unit">{line.unit}</td>
            <td data-label="Asked" className="numeric">
              {line.quantity}
            </td>
            <td data-label="Reason">{RETURN_REASON_LABELS[line.reason]}</td>
            {anyReceived && (
              <>
                <td data-label="Received resellable" className="numeric">
                  {line.resellable}
                </td>
                <td data-label="Received damaged" className="numeric">
                  {line.damaged}
                </td>
              </>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
