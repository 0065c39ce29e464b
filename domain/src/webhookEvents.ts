/**
 * What each webhook event's `data` holds: ids, numbers, statuses and amounts in cents, small and
 * stable, so a receiver knows what happened and reads the rest through the REST API.
 */
import type { WebhookEventType } from './integrations';
import type { OrderStatus } from './orders';
import type { PaymentRecordMethod } from './receivables';
import type { ReturnStatus } from './returns';

export interface WebhookEventData {
  'order.created': { orderId: string; companyId: string; status: OrderStatus; paymentMethod: string; total: number; currency: string };
  /** What changed: the status, or what is paid of the order's invoices. */
  'order.updated': { orderId: string; companyId: string } & ({ status: OrderStatus } | { paymentStatus: 'paid' | 'unpaid'; amountPaid: number; amountOpen: number });
  'shipment.created': { orderId: string; shipmentNumber: string; invoiceNumber: string; carrier: string; trackingNumber: string; total: number; orderStatus: OrderStatus };
  'invoice.issued': { invoiceNumber: string; orderId: string; companyId: string; total: number; amountPaid: number; dueAt: string };
  'payment.recorded': { paymentId: string; companyId: string; amount: number; method: PaymentRecordMethod; allocations: { invoiceNumber: string; amount: number }[] };
  'credit_note.issued': { creditNoteNumber: string; invoiceNumber: string; orderId: string; companyId: string; amount: number };
  'return.updated': { returnId: string; returnNumber: string; orderId: string; companyId: string; status: ReturnStatus };
  /** A deleted product has `deleted: true` and its last stock and price. */
  'product.updated': { productId: string; sku: string; price: number; stock: number; active: boolean; deleted: boolean };
}

/** The body of a delivery, signed as it is sent (Standard Webhooks' recommended shape). */
export interface WebhookPayload<Type extends WebhookEventType = WebhookEventType> {
  type: Type;
  /** When the change happened, ISO 8601. */
  timestamp: string;
  data: WebhookEventData[Type];
}
