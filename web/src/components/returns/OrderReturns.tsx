import { useId } from 'react';
import { LoadError } from '../LoadError';
import { useGetOrderReturnsQuery, type OrderReturnsArgs } from '../../lib/returns/returnsApi';
import { ReturnsTable } from './ReturnsTable';
import './returns.css';

interface OrderReturnsProps {
  /** Whose returns of the order the reader's rule lets it read (returnsApi's OrderReturnsArgs). */
  args: OrderReturnsArgs;
  /** Where a return's number leads: the buyer's page or the back office's. */
  returnPath: (returnId: string) => string;
}

/** The returns of one order, newest first; nothing at all while it has none. */
export function OrderReturns({ args, returnPath }: OrderReturnsProps) {
  const id = useId();
  const returns = useGetOrderReturnsQuery(args);
  if (returns.isError) {
    return (
      <section className="card order-returns" aria-labelledby={`${id}-heading`}>
        <h2 id={`${id}-heading`}>Returns</h2>
        <LoadError error={returns.error} fallback="The returns of this order could not be loaded." onRetry={returns.refetch} />
      </section>
    );
  }
  if (!returns.data?.length) return null;
  return (
    <section className="card order-returns" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{returns.data.length === 1 ? 'Return' : 'Returns'}</h2>
      <ReturnsTable returns={returns.data} caption={`Returns of order ${args.orderId}, newest first`} returnPath={returnPath} />
    </section>
  );
}
