import { skipToken } from '@reduxjs/toolkit/query';
import { decidesApprovals, fulfilmentIsSplit, lineFulfilmentText, unitsToShip, type Company, type FulfilledItem, type Order, type OrderStatus } from '@harbor/domain';
import { OrderLineItems } from '../../../components/order/OrderLineItems';
import { OrderTotalsList } from '../../../components/order/OrderTotalsList';
import { useGetOrderablesQuery } from '../../../lib/cart/productsApi';
import { CancelRest } from '../../../components/order/CancelRest';

/** Statuses in which what is not shipped may be cancelled from the order page (an order awaiting approval is rejected instead). */
const CANCELLABLE: readonly OrderStatus[] = ['pending', 'processing', 'partially-shipped'];

interface OrderItemsProps {
  order: Order;
  /** The viewer's company, when it has one: its owner and approvers cancel what is not shipped. */
  company: Company | null;
  uid: string | undefined;
}

/** What became of a line: shipped, ready, on backorder (with the product's expected date) and cancelled. */
function LineFulfilment({ item, restockDate }: { item: FulfilledItem; restockDate: string }) {
  return (
    <span className={`small line-fulfilment${item.backordered ? ' waiting' : ''}`}>
      {lineFulfilmentText(item, restockDate).join(' · ')}
    </span>
  );
}

/** The order's lines, each with what of it shipped, is ready, waits and was cancelled when that differs; its totals; cancelling the rest. */
export function OrderItems({ order, company, uid }: OrderItemsProps) {
  const split = fulfilmentIsSplit(order.items);
  const waitingIds = order.items.filter((item) => item.backordered > 0).map((item) => item.productId);
  // The expected dates are the products' own, as the catalog shows them now.
  const { data: products } = useGetOrderablesQuery(waitingIds.length > 0 ? waitingIds : skipToken);
  const cancelled = order.items.some((item) => item.cancelled > 0);
  const left = CANCELLABLE.includes(order.status) && unitsToShip(order.items) > 0;
  const decides = !!uid && company?.id === order.companyId && decidesApprovals(company.members[uid]);
  return (
    <section className="card summary" aria-labelledby="items-heading">
      <h2 id="items-heading">Items</h2>
      <OrderLineItems items={order.items} currency={order.currency} detail={split ? (item) => <LineFulfilment item={item} restockDate={products?.[item.productId]?.restockDate ?? ''} /> : undefined} />
      <OrderTotalsList totals={order} currency={order.currency} taxRateBasisPoints={order.taxRateBasisPoints} />
      {cancelled && <p className="small muted">Cancelled units are not charged: each shipment is invoiced for what it holds.</p>}
      {order.shipComplete && left && waitingIds.length > 0 && <p className="small">This order ships complete: it leaves in one shipment once every item is in stock.</p>}
      {left && decides && <CancelRest order={order} viewerPlacedIt={order.userId === uid} />}
      {left && !decides && waitingIds.length > 0 && company?.id === order.companyId && (
        <p className="small muted">To cancel what has not shipped, ask your company&apos;s owner or an approver.</p>
      )}
    </section>
  );
}
