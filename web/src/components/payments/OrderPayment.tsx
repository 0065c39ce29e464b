import { decidesApprovals, formatInvoiceNumber, prepaymentText, type MemberRole, type Order, type OrderStatus } from '@harbor/domain';
import { useGetInvoicesQuery } from '../../lib/receivables/receivablesApi';
import { PayNow } from './PayNow';
import { invoicesPayableBy, stripePublishableKey } from './payNow';

/** The order's money already came online, or is on its way: there is nothing to transfer. */
export const prepaid = (order: Pick<Order, 'prepayment'>) => order.prepayment?.status === 'received' || order.prepayment?.status === 'processing';

/** Orders that will never be paid, or not before the company approves them. */
const NOT_PAYABLE_YET: readonly OrderStatus[] = ['awaiting-approval', 'cancelled', 'rejected'];

/** A prepaid (bank-transfer) order, approved, not yet invoiced, still to be paid: it may be paid online before it ships. */
export function awaitsPrepayment(order: Order): boolean {
  return order.paymentMethod === 'bank-transfer' && order.invoiceNumbers.length === 0 && !NOT_PAYABLE_YET.includes(order.status) && !prepaid(order);
}

/**
 * An order's online payment, for its buyer and the company's owner and approvers: what came of a
 * prepaid order's money, and "Pay now" for its open invoices (or its total before it is invoiced).
 */
export function OrderPayment({ order, uid, role }: { order: Order; uid: string | undefined; role: MemberRole | undefined }) {
  const mayPay = uid !== undefined && role !== undefined && order.companyId !== '' && (order.userId === uid || decidesApprovals(role));
  const numbers = order.invoiceNumbers.map(formatInvoiceNumber);
  const invoices = useGetInvoicesQuery(numbers, { skip: !mayPay || numbers.length === 0 || !stripePublishableKey() });
  const prepayment = prepaymentText(order.prepayment);
  return (
    <>
      {prepayment && <p className="payment-state">{prepayment}</p>}
      <div className="order-pay-now">
        {mayPay && awaitsPrepayment(order) && <PayNow companyId={order.companyId} target={{ kind: 'order', orderId: order.id, total: order.total }} />}
        {mayPay && invoices.data && <PayNow companyId={order.companyId} target={{ kind: 'invoices', invoices: invoicesPayableBy(invoices.data, uid, role) }} />}
      </div>
    </>
  );
}
