import { Link } from 'react-router-dom';
import type { ProductReturn } from '@harbor/domain';
import { TableHead } from '../../../components/TableHead';
import { ReturnStatusBadge } from '../../../components/returns/ReturnStatusBadge';
import { unitsText } from '../../../components/returns/ReturnsTable';
import { paths } from '../../../config';
import { formatDateTime } from '../../../lib/dates';

/** The back office's returns, newest first: number and order, company and who asked, units, status; on a phone each reads as one block. */
export function AdminReturnsTable({ returns }: { returns: readonly ProductReturn[] }) {
  return (
    <div className="table-scroll">
      <table className="admin-table stacked returns-list">
        <caption className="visually-hidden">Returns, newest first</caption>
        <TableHead columns={['Return', 'Requested', 'Customer', { label: 'Units', numeric: true }, 'Status']} />
        <tbody>
          {returns.map((productReturn) => (
            <tr key={productReturn.id}>
              <td className="stacked-title">
                <Link to={paths.adminReturn(productReturn.id)} className="mono">
                  {productReturn.number}
                </Link>
                <span className="sku returns-list-order">Order {productReturn.orderId}</span>
              </td>
              <td className="stacked-date">{formatDateTime(productReturn.createdAt)}</td>
              <td className="stacked-who">
                <span className="truncate">{productReturn.company || productReturn.userEmail}</span>
                <span className="sku">{productReturn.requestedByName || productReturn.userEmail}</span>
              </td>
              <td className="numeric stacked-amount">{unitsText(productReturn)}</td>
              <td className="stacked-state">
                <ReturnStatusBadge status={productReturn.status} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
