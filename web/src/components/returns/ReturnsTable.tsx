import { Link } from 'react-router-dom';
import type { ProductReturn } from '@harbor/domain';
import { formatDay } from '../../lib/dates';
import { ReturnStatusBadge } from './ReturnStatusBadge';
import './returns.css';

interface ReturnsTableProps {
  returns: readonly ProductReturn[];
  caption: string;
  /** Where a return's number leads (the buyer's page or the back office's). */
  returnPath: (returnId: string) => string;
  /** Adds the order column, its number leading here. */
  orderPath?: (orderId: string) => string;
  /** Adds who asked for each return (a company's owner sees its buyers' returns). */
  showRequester?: boolean;
}

/** The units a return asks back. */
const unitsOf = (productReturn: Pick<ProductReturn, 'lines'>): number => productReturn.lines.reduce((sum, line) => sum + line.quantity, 0);

/** The same in words, where no column heading says what the number counts: "3 units". */
export const unitsText = (productReturn: Pick<ProductReturn, 'lines'>): string => {
  const units = unitsOf(productReturn);
  return `${units} ${units === 1 ? 'unit' : 'units'}`;
};

/** Returns with their status, the day they were asked for and the units they hold; on a phone each is a block. */
export function ReturnsTable({ returns, caption, returnPath, orderPath, showRequester = false }: ReturnsTableProps) {
  return (
    <table className="returns-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Return</th>
          {orderPath && <th scope="col">Order</th>}
          {showRequester && <th scope="col">Requested by</th>}
          <th scope="col">Status</th>
          <th scope="col">Requested</th>
          <th scope="col" className="numeric">
            Units
          </th>
        </tr>
      </thead>
      <tbody>
        {returns.map((productReturn) => (
          <tr key={productReturn.id}>
            <th scope="row">
              <Link to={returnPath(productReturn.id)} className="return-number">
                {productReturn.number}
              </Link>
            </th>
            {orderPath && (
              <td data-label="Order">
                <Link to={orderPath(productReturn.orderId)}>{productReturn.orderId}</Link>
              </td>
            )}
            {showRequester && <td data-label="Requested by">{productReturn.requestedByName || productReturn.userEmail}</td>}
            <td data-label="Status">
              <ReturnStatusBadge status={productReturn.status} />
            </td>
            <td data-label="Requested">{formatDay(productReturn.createdAt)}</td>
            <td data-label="Units" className="numeric">
              {unitsOf(productReturn)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
