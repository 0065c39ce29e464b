import { decidesApprovals, invoiceOpenAmount, payableAmount, type Invoice, type MemberRole } from '@harbor/domain';
import { webConfig } from '../../config';

/** What a "Pay now" pays: open invoices, or a prepaid order's total before it is invoiced. */
export type PaymentTarget = { kind: 'invoices'; invoices: Invoice[] } | { kind: 'order'; orderId: string; total: number };

/** Online payment is offered only by a build that has Stripe's publishable key. */
export const stripePublishableKey = (): string | null => webConfig.stripePublishableKey;

/**
 * The open invoices a member may pay, as startPayment lets it: an owner or approver any of the
 * company's, a buyer those of its own orders.
 */
export function invoicesPayableBy(invoices: readonly Invoice[], uid: string, role: MemberRole | undefined): Invoice[] {
  if (role === undefined) return [];
  return invoices.filter((invoice) => invoiceOpenAmount(invoice) > 0 && (decidesApprovals(role) || invoice.userId === uid));
}

/** Whether anything of `target` is left to pay that no payment under way already covers. */
export function hasPayable(target: PaymentTarget): boolean {
  return target.kind === 'order' ? target.total > 0 : target.invoices.some((invoice) => payableAmount(invoice) > 0);
}
