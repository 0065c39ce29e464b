import { z } from 'zod';
import { BANK_ACCOUNT, SHOP_RULES } from './config';
import { formatMoney } from './money';
import type { ShippingAddress } from './address';
import type { PaymentMethodId, PaymentStatus } from './company';
import type { OrderApproval } from './approvals';
import { shipmentSchema, trackingNumberProblem, type Shipment } from './shipment';
import { centsSchema, documentIdSchema, lineQuantitySchema, shippingAddressSchema } from './schemas';

export const ORDER_STATUSES = ['awaiting-approval', 'pending', 'processing', 'shipped', 'delivered', 'cancelled', 'rejected'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  'awaiting-approval': 'Awaiting approval',
  pending: 'Pending',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  rejected: 'Rejected',
};

/**
 * The changes staff make: pending -> processing -> shipped -> delivered; pending or processing ->
 * cancelled. An order awaiting its company's approval can only be cancelled: the company's
 * approver moves it to pending or rejected (`decideApproval`, approvals.ts).
 */
const NEXT_STATUSES: Record<OrderStatus, readonly OrderStatus[]> = {
  'awaiting-approval': ['cancelled'],
  pending: ['processing', 'cancelled'],
  processing: ['shipped', 'cancelled'],
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

export interface StatusChange {
  status: OrderStatus;
  /** Milliseconds since the epoch. */
  at: number;
  /** uid of whoever made the change. */
  by: string;
}

/** `orders/{orderId}`. Money is integer cents; dates are Firestore timestamps in storage. */
export interface Order {
  id: string;
  userId: string;
  userEmail: string;
  items: OrderItem[];
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
  /** When payment is due (ms); null on orders from before company accounts. */
  dueDate: number | null;
  /** Sales tax rate applied, in basis points. */
  taxRateBasisPoints: number;
  requestId: string;
  createdAt: number;
  updatedAt: number;
  statusHistory: StatusChange[];
  /** From the gapless invoice sequence, once the invoice is issued (see functions/src/invoices.ts). */
  invoiceNumber?: number;
  /** Milliseconds since the epoch: when the invoice number was given. */
  invoicedAt?: number;
  /** Set when the order is marked shipped. */
  shipment?: Shipment;
  /** The month (`YYYY-MM`, company time zone) the order counts in towards the buyer's monthly limit. */
  spendingMonth?: string;
  /** Set when the order was over the buyer's limits and waited for the company's approval. */
  approval?: OrderApproval;
}

const required = (label: string, max: number) =>
  z.string().trim().min(1, `${label} is required.`).max(max, `${label} is too long (at most ${max} characters).`);

/** A shipping address an order can be sent to: street, city, postal code and country are required. */
export const deliveryAddressSchema = shippingAddressSchema.extend({
  line1: required('Address line', 200),
  city: required('City', 100),
  postalCode: required('Postal code', 20),
  country: required('Country', 100),
});

/** One line as the buyer confirmed it: the product, the quantity and the unit price shown (tier applied). */
const expectedLineSchema = z.strictObject({
  productId: documentIdSchema('Product id'),
  quantity: lineQuantitySchema,
  unitPrice: centsSchema,
});

/**
 * What the buyer saw on the checkout screen when confirming: placeOrder creates the order only
 * when the server's re-priced cart still matches it exactly. Bounded like a cart.
 */
export const expectedOrderSchema = z.strictObject({
  lines: z
    .array(expectedLineSchema)
    .max(SHOP_RULES.maxCartLines, `An order holds at most ${SHOP_RULES.maxCartLines} lines.`)
    .superRefine((lines, context) => {
      const seen = new Set<string>();
      lines.forEach((line, index) => {
        if (seen.has(line.productId)) context.addIssue({ code: 'custom', path: [index, 'productId'], message: 'Each product may appear on one line only.' });
        seen.add(line.productId);
      });
    }),
  total: z.number().int('The total must be whole cents.').min(0, 'The total must not be negative.').max(Number.MAX_SAFE_INTEGER, 'The total is too large.'),
});
export type ExpectedOrder = z.infer<typeof expectedOrderSchema>;
export type ExpectedLine = ExpectedOrder['lines'][number];

export const placeOrderInputSchema = z.strictObject({
  /** Chosen by the client once per checkout; a retry with the same id returns the same order. */
  requestId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'The request id must be 8 to 64 letters, digits, "-" or "_".'),
  shippingAddress: deliveryAddressSchema,
  company: z.string().trim().max(150, 'Company is too long (at most 150 characters).'),
  poNumber: z.string().trim().max(50, 'Purchase-order number is too long (at most 50 characters).').default(''),
  notes: z.string().trim().max(1000, 'Notes are too long (at most 1000 characters).').default(''),
  paymentMethod: z.enum(PAYMENT_METHODS, 'Choose invoice or bank transfer.'),
  /** Also store the address and company on the user's profile. */
  saveToProfile: z.boolean().default(false),
  /** The lines and total the buyer confirmed; required, so no order is made at prices nobody saw. */
  expected: expectedOrderSchema,
});
export type PlaceOrderInput = z.input<typeof placeOrderInputSchema>;

/** What the shopper fills in at checkout; the page adds the request id (once per checkout) and what the summary shows. */
export const checkoutFormSchema = placeOrderInputSchema.omit({ requestId: true, expected: true });
export type CheckoutFormInput = z.input<typeof checkoutFormSchema>;
export type CheckoutFormValues = z.output<typeof checkoutFormSchema>;

export interface PlaceOrderResult {
  orderId: string;
  /** `awaiting-approval` when the order is over the buyer's limits (approvals.ts). */
  status: 'pending' | 'awaiting-approval';
}

/** What the shopper has to do to pay for an order, sentence by sentence. */
export function paymentInstructions(order: Pick<Order, 'id' | 'paymentMethod' | 'total' | 'currency'>): string[] {
  const amount = formatMoney(order.total, order.currency);
  switch (order.paymentMethod) {
    case 'invoice-net15':
    case 'invoice-net30':
    case 'invoice-net60':
      return [
        `We will e-mail an invoice for ${amount} when your order ships.`,
        `Payment is due within ${order.paymentMethod.slice('invoice-net'.length)} days of the order; please quote order ${order.id}.`,
      ];
    case 'bank-transfer':
      return [
        `Please transfer ${amount} to ${BANK_ACCOUNT.payee} with ${order.id} as the payment reference.`,
        'We ship as soon as the payment arrives, usually within one business day.',
      ];
  }
}

/**
 * A status change; marking an order shipped also names the carrier and the tracking number
 * (checked against the carrier's format), and no other change takes them.
 */
export const updateOrderStatusInputSchema = z
  .strictObject({
    orderId: documentIdSchema('Order id'),
    status: z.enum(ORDER_STATUSES, `Status must be one of ${ORDER_STATUSES.join(', ')}.`),
    carrier: shipmentSchema.shape.carrier.optional(),
    trackingNumber: shipmentSchema.shape.trackingNumber.optional(),
  })
  .superRefine((input, context) => {
    if (input.status === 'shipped') {
      if (!input.carrier) context.addIssue({ code: 'custom', path: ['carrier'], message: 'Choose the carrier of the shipment.' });
      if (!input.trackingNumber) context.addIssue({ code: 'custom', path: ['trackingNumber'], message: 'Enter the tracking number.' });
      if (input.carrier && input.trackingNumber) {
        const problem = trackingNumberProblem(input.carrier, input.trackingNumber);
        if (problem) context.addIssue({ code: 'custom', path: ['trackingNumber'], message: problem });
      }
    } else if (input.carrier !== undefined || input.trackingNumber !== undefined) {
      context.addIssue({ code: 'custom', path: ['carrier'], message: 'A carrier and tracking number are given only when an order is marked shipped.' });
    }
  });
export type UpdateOrderStatusInput = z.infer<typeof updateOrderStatusInputSchema>;

export const getOrderDocumentInputSchema = z.strictObject({
  orderId: documentIdSchema('Order id'),
  kind: z.enum(['invoice', 'packingSlip'], 'The document must be invoice or packingSlip.'),
});
export type GetOrderDocumentInput = z.infer<typeof getOrderDocumentInputSchema>;

export interface OrderDocumentFile {
  fileName: string;
  /** The PDF, base64. */
  pdf: string;
}
