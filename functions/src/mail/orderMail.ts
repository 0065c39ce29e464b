import type { Transaction } from 'firebase-admin/firestore';
import { MAIL, type OrderStatus } from '@harbor/domain';
import { queueMail } from './outbox';
import { STATUS_MAIL } from './templates';

/** A buyer's address as stored on an order; orders without one send the buyer nothing. */
function buyer(email: unknown): string[] {
  return typeof email === 'string' && email.includes('@') ? [email] : [];
}

/** An order placed: the buyer's confirmation (with the order confirmation PDF) and the shop's notice. */
export function queueOrderReceivedMail(transaction: Transaction, orderId: string, buyerEmail: unknown): void {
  const to = buyer(buyerEmail);
  if (to.length) queueMail(transaction, { id: `${orderId}-received`, to, template: 'orderReceived', data: { orderId } });
  queueMail(transaction, { id: `${orderId}-received-shop`, to: [MAIL.orderInbox], template: 'orderReceivedShop', data: { orderId } });
}

/** An order moved to `status`: the buyer hears of it (once per status, which an order reaches at most once). */
export function queueStatusMail(transaction: Transaction, orderId: string, status: OrderStatus, buyerEmail: unknown): void {
  const to = buyer(buyerEmail);
  if (status === 'pending' || status === 'awaiting-approval' || !to.length) return;
  queueMail(transaction, { id: `${orderId}-${status}`, to, template: STATUS_MAIL[status], data: { orderId } });
}

/** An order over the buyer's limits: the company's owner and approvers (not the buyer) are asked to decide it. */
export function queueApprovalRequestMail(transaction: Transaction, orderId: string, approverEmails: string[]): void {
  const to = [...new Set(approverEmails.filter((email) => email.includes('@')))];
  if (to.length) queueMail(transaction, { id: `${orderId}-approval-requested`, to, template: 'approvalRequested', data: { orderId } });
}

/** An order over the buyer's limits: the buyer hears at once that it waits for its company's approval, and why. */
export function queueAwaitingApprovalMail(transaction: Transaction, orderId: string, buyerEmail: unknown): void {
  const to = buyer(buyerEmail);
  if (to.length) queueMail(transaction, { id: `${orderId}-awaiting-approval`, to, template: 'orderAwaitingApproval', data: { orderId } });
}
