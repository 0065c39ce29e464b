import { BANK_ACCOUNT } from './config';
import { formatMoney } from './money';
import type { ShippingAddress } from './address';
import type { PaymentMethodId, PaymentStatus } from './company';
import type { OrderApproval } from './approvals';
import type { Shipment } from './shipment';

/** A prepaid order's money paid online before its invoice (`orders/{id}.prepayment`): kept as credit on account, which pays the invoice when it is issued. */
export interface OrderPrepayment {
  status: 'processing' | 'received' | 'failed' | 'reversed';
  amount: number;
  paymentIntentId: string;
}

export const ORDER_STATUSES = ['awaiting-approval', 'pending', 'processing', 'partially-shipped', 'shipped', 'delivered', 'cancelled', 'rejected'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  'awaiting-approval': 'Awaiting approval',
  pending: 'Pending',
  processing: 'Processing',
  'partially-shipped': 'Partially shipped',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  rejected: 'Rejected',
};

/**
 * The changes staff make by status: pending -> processing -> shipped -> delivered; pending or
 * processing -> cancelled. Marking shipped ships every allocated unit in one shipment (only when
 * nothing is backordered); a shipment of some units (createShipment) makes an order
 * partially-shipped, and once units have shipped the rest is cancelled line by line
 * (cancelBackorder), not the order. An order awaiting its company's approval can only be
 * cancelled: the company's approver moves it to pending or rejected (`decideApproval`, approvals.ts).
 */
const NEXT_STATUSES: Record<OrderStatus, readonly OrderStatus[]> = {
  'awaiting-approval': ['cancelled'],
  pending: ['processing', 'cancelled'],
  processing: ['shipped', 'cancelled'],
  'partially-shipped': ['shipped'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
  rejected: [],
};

export function nextStatuses(from: OrderStatus): readonly OrderStatus[] {
  return NEXT_STATUSES[from];
}

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return NEXT_STATUSES[from].includes(to);
}

/** Cancelling or rejecting gives the ordered units back to stock, the credit to the company and the amount to the buyer's month. */
export function restocksOn(to: OrderStatus): boolean {
  return to === 'cancelled' || to === 'rejected';
}

export const PAYMENT_METHODS = ['invoice-net15', 'invoice-net30', 'invoice-net60', 'bank-transfer'] as const satisfies readonly PaymentMethodId[];
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  'invoice-net15': 'Invoice, net 15 days',
  'invoice-net30': 'Invoice, net 30 days',
  'invoice-net60': 'Invoice, net 60 days',
  'bank-transfer': 'Bank transfer in advance',
};

/** One order line: what was charged, frozen at the time of the order. */
export interface OrderItem {
  productId: string;
  name: string;
  sku: string;
  unit: string;
  imageUrl: string;
  /** Unit price actually charged, in cents (volume tier applied). */
  unitPrice: number;
  quantity: number;
  lineTotal: number;
}

export interface LineFulfilment {
  /** Reserved from stock for this order, not yet shipped. */
  allocated: number;
  shipped: number;
  /** Owed to the order, waiting for stock. */
  backordered: number;
  cancelled: number;
}

export type FulfilledItem = OrderItem & LineFulfilment;

export interface StatusChange {
  status: OrderStatus;
  /** Milliseconds since the epoch. */
  at: number;
  /** uid of whoever made the change. */
  by: string;
}

/** `orders/{orderId}`. Money is integer cents; dates are Firestore timestamps in storage. */
/** Units on returns per shipment sequence and product (domain/src/returns.ts). */
export type UnitsOnReturns = Record<string, Record<string, number>>;

export interface Order {
  id: string;
  userId: string;
  userEmail: string;
  /** The lines as ordered, each with what was allocated, shipped, backordered and cancelled of it. */
  items: FulfilledItem[];
  subtotal: number;
  shipping: number;
  tax: number;
  total: number;
  currency: string;
  status: OrderStatus;
  shippingAddress: ShippingAddress;
  company: string;
  poNumber: string;
  notes: string;
  paymentMethod: PaymentMethod;
  /** The buyer's company (blank on orders from before company accounts). */
  companyId: string;
  /** Who placed it: the buyer's name (its e-mail is `userEmail`). */
  placedByName: string;
  paymentStatus: PaymentStatus;
  /** A prepaid order's money paid online before it is invoiced (prepaymentFromData); null when none was. */
  prepayment: OrderPrepayment | null;
  /** Once invoiced: what was paid of its invoice and what is open, as the company's ledger has them (orderPaymentFields). */
  amountPaid?: number;
  amountOpen?: number;
  /** When payment is due (ms); null on orders from before company accounts. */
  dueDate: number | null;
  /** Sales tax rate applied, in basis points. */
  taxRateBasisPoints: number;
  requestId: string;
  createdAt: number;
  updatedAt: number;
  statusHistory: StatusChange[];
  /** The numbers of its invoices from the gapless sequence, one per shipment, oldest first (see functions/src/invoices.ts). */
  invoiceNumbers: number[];
  /** Milliseconds since the epoch: when the first invoice number was given. */
  invoicedAt?: number;
  /** The carrier and tracking of an order shipped before shipments were documents of their own. */
  shipment?: Shipment;
  /** Shipments made (`orders/{id}/shipments/{1..n}`). */
  shipmentCount: number;
  /** Never shipped in part: its company's setting, or the buyer's choice at checkout. */
  shipComplete: boolean;
  /** Units on returns, per shipment sequence and product (open returns whole, finished ones as received): what may not be asked back again. */
  unitsOnReturns: UnitsOnReturns;
  /** What of the order is still to invoice and holds the company's credit (invoice terms), in cents. */
  creditHeld?: number;
  /** The month (`YYYY-MM`, company time zone) the order counts in towards the buyer's monthly limit. */
  spendingMonth?: string;
  /** Set when the order was over the buyer's limits and waited for the company's approval. */
  approval?: OrderApproval;
  /** Set when the order was placed by accepting a quote, at its prices. */
  quote?: { id: string; number: string };
}

export interface PlaceOrderResult {
  orderId: string;
  /** `awaiting-approval` when the order is over the buyer's limits (approvals.ts). */
  status: 'pending' | 'awaiting-approval';
}

/** Net days of invoice terms; null for payment in advance. */
export function netDays(method: PaymentMethod): number | null {
  return method === 'bank-transfer' ? null : Number(method.slice('invoice-net'.length));
}

/**
 * What the shopper has to do to pay for an order, sentence by sentence. An invoice is issued only
 * when something ships, so nothing here names or promises an invoice number; an order that ships
 * in parts (some of it waits on backorder, or some shipped and some not) has one per shipment.
 */
export function paymentInstructions(order: Pick<Order, 'id' | 'paymentMethod' | 'total' | 'currency'> & Partial<Pick<Order, 'items' | 'shipmentCount'>>): string[] {
  const amount = formatMoney(order.total, order.currency);
  const days = netDays(order.paymentMethod);
  if (days !== null) {
    const items = order.items ?? [];
    const inParts = items.some((item) => item.backordered > 0) || ((order.shipmentCount ?? 0) > 0 && items.some((item) => item.allocated > 0));
    return [
      inParts
        ? `Your order is invoiced as it ships: each shipment has its own invoice for what it holds, due ${days} days after its date.`
        : `Your invoice for ${amount} is issued when your order ships; it is due ${days} days after the invoice date.`,
      'Please quote the invoice number with your payment.',
    ];
  }
  return [
    `Please transfer ${amount} to ${BANK_ACCOUNT.payee}, ${BANK_ACCOUNT.bank}, routing number ${BANK_ACCOUNT.routingNumber}, account number ${BANK_ACCOUNT.accountNumber}, with ${order.id} as the payment reference.`,
    'We ship as soon as the payment arrives, usually within one business day. Your invoice follows when your order ships.',
  ];
}

export interface OrderDocumentFile {
  fileName: string;
  /** The PDF, base64. */
  pdf: string;
}
