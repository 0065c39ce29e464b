import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Undo2 } from 'lucide-react';
import { returnableLines, type Order, type ReturnableLine } from '@harbor/domain';
import { useGetOrderShipmentsQuery } from '../../lib/orders/fulfilmentApi';
import './returns.css';

// The form (react-hook-form, zod and the schema) loads when the order has something to return, not with the order page.
const loadDialog = () => import('./RequestReturnDialog');
const RequestReturnDialog = lazy(() => loadDialog().then((module) => ({ default: module.RequestReturnDialog })));

/**
 * What of each product of the order may be returned, as of when the page opened, from its
 * shipments and the units already on returns; null while the shipments load or cannot be read.
 */
function useReturnableLines(order: Order): ReturnableLine[] | null {
  const shipments = useGetOrderShipmentsQuery(order.id, { skip: order.shipmentCount === 0 });
  const [openedAt] = useState(() => Date.now());
  return useMemo(() => (shipments.data ? returnableLines(shipments.data, order.unitsOnReturns, openedAt) : null), [shipments.data, order.unitsOnReturns, openedAt]);
}

/**
 * "Return items" on an order with units that may be returned now; nothing otherwise. The dialog
 * keeps the lines it opened with: the order read again after a request does not reset it.
 */
export function RequestReturn({ order }: { order: Order }) {
  const lines = useReturnableLines(order);
  const [openedWith, setOpenedWith] = useState<readonly ReturnableLine[] | null>(null);
  const returnable = lines?.some((line) => line.returnable > 0) ?? false;
  useEffect(() => {
    if (returnable) loadDialog().catch(() => undefined);
  }, [returnable]);
  return (
    <>
      {returnable && (
        <button type="button" className="button secondary small" onClick={() => setOpenedWith(lines)}>
          <Undo2 size={16} aria-hidden="true" /> Return items
        </button>
      )}
      {openedWith && (
        <Suspense fallback={null}>
          <RequestReturnDialog order={order} lines={openedWith} onClose={() => setOpenedWith(null)} />
        </Suspense>
      )}
    </>
  );
}
