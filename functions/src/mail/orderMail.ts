import type { Transaction } from 'firebase-admin/firestore';
import { MAIL, type OrderStatus } from '@harbor/domain';
import { mailRecipientsOf } from '../companies';
import { queueMail } from './outbox';
import { STATUS_MAIL } from './templates';

/** Who hears of an order's news: the buyer who placed it, by its address as stored on the order (none without one). */
const orderRecipients = (buyerEmail: unknown) => mailRecipientsOf('order', null, buyerEmail);

/** An order placed: the buyer's confirmation (with the order confirmation PDF) and the shop's notice. */
export function queueOrderReceivedMail(transaction: Transaction, orderId: string, buyerEmail: unknown): void {
  const to = orderRecipients(buyerEmail);
  if (to.length) queueMail(transaction, { id: `${orderId}-received`, to, template: 'orderReceived', data: { orderId } });
  queueMail(transaction, { id: `${orderId}-received-shop`, to: [MAIL.orderInbox], template: 'orderReceivedShop', data: { orderId } });
}

/** An order moved to `status`: the buyer hears of it (once per status, which an order reaches at most once). */
export function queueStatusMail(transaction: Transaction, orderId: string, status: OrderStatus, buyerEmail: unknown): void {
  const to = orderRecipients(buyerEmail);
  // A shipment sends its own message (queueShipmentMail).
  if (status === 'pending' || status === 'awaiting-approval' || status === 'partially-shipped' || status === 'shipped' || !to.length) return;
  queueMail(transaction, { id: `${orderId}-${status}`, to, template: STATUS_MAIL[status], data: { orderId } });
}

/** An order over the buyer's limits: the company's owner and approvers (not the buyer) are asked to decide it. */
export function queueApprovalRequestMail(transaction: Transaction, orderId: string, approverEmails: string[]): void {
  const to = [...new Set(approverEmails.filter((email) => email.includes('@')))];
  if (to.length) queueMail(transaction, { id: `${orderId}-approval-requested`, to, template: 'approvalRequested', data: { orderId } });
}

/** An order over the buyer's limits: the buyer hears at once that it waits for its company's approval, and why. */
export function queueAwaitingApprovalMail(transaction: Transaction, orderId: string, buyerEmail: unknown): void {
  const to = orderRecipients(buyerEmail);
  if (to.length) queueMail(transaction, { id: `${orderId}-awaiting-approval`, to, template: 'orderAwaitingApproval', data: { orderId } });
}

/** Backordered units arrived for an order: its buyer hears once per arrival which are ready to ship. */
export function queueBackorderReadyMail(transaction: Transaction, orderId: string, buyerEmail: unknown, arrival: number, lines: { productId: string; units: number }[]): void {
  const to = orderRecipients(buyerEmail);
  if (to.length) queueMail(transaction, { id: `${orderId}-ready-${arrival}`, to, template: 'backorderReady', data: { orderId, lines } });
}

/** A shipment left: its buyer gets the tracking link, what is still to come and the shipment's invoice. */
export function queueShipmentMail(transaction: Transaction, orderId: string, buyerEmail: unknown, sequence: number): void {
  const to = orderRecipients(buyerEmail);
  if (to.length) queueMail(transaction, { id: `${orderId}-shipment-${sequence}`, to, template: 'orderShipment', data: { orderId, sequence } });
}

/** Units of an order cancelled before they shipped: its buyer hears what, why and what still ships. */
export function queueBackorderCancelledMail(transaction: Transaction, orderId: string, buyerEmail: unknown, requestId: string, cancelled: { productId: string; units: number }[], reason: string): void {
  const to = orderRecipients(buyerEmail);
  if (to.length) queueMail(transaction, { id: `${orderId}-cancelled-${requestId}`, to, template: 'backorderCancelled', data: { orderId, cancelled, reason } });
}
