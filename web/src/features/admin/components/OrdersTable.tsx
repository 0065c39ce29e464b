import { Link } from 'react-router-dom';
import { formatMoney, type Order } from '@harbor/domain';
import { OrderStatusBadge } from '../../../components/order/OrderStatusBadge';
import { paths } from '../../../config';
import { formatDateTime } from '../../../lib/dates';
import { listHref } from '../useListParams';

const units = (order: Order) => order.items.reduce((sum, item) => sum + item.quantity, 0);

interface OrdersTableProps {
  orders: readonly Order[];
  /** Fewer columns, for the dashboard: on a phone each order reads as one block. */
  compact?: boolean;
  /** Where an order number leads: its detail on the orders page (keeping that page's filters). */
  orderHref?: (orderId: string) => string;
}

export const adminOrderHref = (orderId: string) => listHref(paths.adminOrders, { order: orderId });

export function OrdersTable({ orders, compact = false, orderHref = adminOrderHref }: OrdersTableProps) {
  return (
    <div className="table-scroll">
      <table className={`admin-table ${compact ? 'compact stacked' : ''}`}>
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Placed</th>
            <th scope="col">Customer</th>
            {!compact && (
              <th scope="col" className="numeric">
                Units
              </th>
            )}
            <th scope="col" className="numeric">
              Total
            </th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id}>
              <td className="stacked-title">
                <Link to={orderHref(order.id)} className="mono" aria-label={`Order ${order.id}`}>
                  {order.id}
                </Link>
              </td>
              <td className="stacked-date">{formatDateTime(order.createdAt)}</td>
              <td className="stacked-who">
                <span className="truncate">{order.company || order.userEmail}</span>
                {!compact && order.company && <span className="sku">{order.userEmail}</span>}
              </td>
              {!compact && <td className="numeric">{units(order)}</td>}
              <td className="numeric stacked-amount">{formatMoney(order.total, order.currency)}</td>
              <td className="stacked-state">
                <OrderStatusBadge status={order.status} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
