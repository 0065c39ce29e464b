/**
 * The input schemas of the order and staff callables (placeOrder, updateOrderStatus,
 * getOrderDocument, createShipment, cancelBackorder, getPickList, setStaffRole, adjustStock) and checkout's form schema. Apart from orders.ts,
 * shipment.ts and staff.ts, whose tables and types the first page needs (the staff table, for
 * the header): these schemas need zod, which the first page does not load.
 */
import { z } from 'zod';
import { SHOP_RULES } from './config';
import { ORDER_STATUSES, PAYMENT_METHODS, type OrderStatus } from './orders';
import { STAFF_ROLES } from './staff';
import { ORDER_DOCUMENT_KINDS } from './orderDocuments';
import { centsSchema, documentIdSchema, eachProductOnce, lineQuantitySchema, requestIdSchema, shippingAddressSchema } from './schemas';
import { CARRIER_NAMES, normalizeTrackingNumber, trackingNumberProblem, type Carrier } from './shipment';

export const shipmentSchema = z.strictObject({
  carrier: z.enum(CARRIER_NAMES, `The carrier must be one of ${CARRIER_NAMES.join(', ')}.`),
  trackingNumber: z
    .string('Enter the tracking number.')
    .max(60, 'The tracking number is too long (at most 60 characters).')
    .transform(normalizeTrackingNumber)
    .pipe(z.string().min(1, 'Enter the tracking number.')),
});

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
export const expectedLineSchema = z.strictObject({
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
    .superRefine(eachProductOnce),
  total: z.number().int('The total must be whole cents.').min(0, 'The total must not be negative.').max(Number.MAX_SAFE_INTEGER, 'The total is too large.'),
});
export type ExpectedOrder = z.infer<typeof expectedOrderSchema>;
export type ExpectedLine = ExpectedOrder['lines'][number];

export const placeOrderInputSchema = z.strictObject({
  /** Chosen by the client once per checkout; a retry with the same id returns the same order. */
  requestId: requestIdSchema,
  shippingAddress: deliveryAddressSchema,
  company: z.string().trim().max(150, 'Company is too long (at most 150 characters).'),
  poNumber: z.string().trim().max(50, 'Purchase-order number is too long (at most 50 characters).').default(''),
  notes: z.string().trim().max(1000, 'Notes are too long (at most 1000 characters).').default(''),
  paymentMethod: z.enum(PAYMENT_METHODS, 'Choose invoice or bank transfer.'),
  /** Also store the address and company on the user's profile. */
  saveToProfile: z.boolean().default(false),
  /** Ship nothing until every unit can ship (a company set to ship complete always does). */
  shipComplete: z.boolean('Ship complete must be true or false.').default(false),
  /** The lines and total the buyer confirmed; required, so no order is made at prices nobody saw. */
  expected: expectedOrderSchema,
});
export type PlaceOrderInput = z.input<typeof placeOrderInputSchema>;

/** What the shopper fills in at checkout; the page adds the request id (once per checkout) and what the summary shows. */
export const checkoutFormSchema = placeOrderInputSchema.omit({ requestId: true, expected: true });
export type CheckoutFormInput = z.input<typeof checkoutFormSchema>;
export type CheckoutFormValues = z.output<typeof checkoutFormSchema>;

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

/** An order's document; a credit note is named by its number, since an order may have several. */
export const getOrderDocumentInputSchema = z
  .strictObject({
    orderId: documentIdSchema('Order id'),
    kind: z.enum(ORDER_DOCUMENT_KINDS, `The document must be one of ${ORDER_DOCUMENT_KINDS.join(', ')}.`),
    creditNoteNumber: z.string().regex(/^CN-\d{6,12}$/, 'A credit note number reads like CN-000001.').optional(),
    /** Which of the order's invoices (one per shipment); its latest when not given. */
    invoiceNumber: z.string().regex(/^INV-\d{6,12}$/, 'An invoice number reads like INV-000001.').optional(),
    /** Which shipment's packing slip (1, 2, …); without it, the slip of everything still to ship. */
    shipment: z.number('The shipment must be a number such as 1.').int('The shipment must be a number such as 1.').min(1, 'The shipment must be a number such as 1.').max(1000, 'The shipment must be a number such as 1.').optional(),
    /** Which of the order's returns, for its return authorization. */
    returnId: documentIdSchema('Return id').optional(),
  })
  .superRefine((input, context) => {
    if (input.kind !== 'invoice' && input.invoiceNumber !== undefined) context.addIssue({ code: 'custom', path: ['invoiceNumber'], message: 'An invoice number is given only for an invoice.' });
    if (input.kind !== 'packingSlip' && input.shipment !== undefined) context.addIssue({ code: 'custom', path: ['shipment'], message: 'A shipment is given only for a packing slip.' });
    if (input.kind === 'creditNote' && input.creditNoteNumber === undefined) context.addIssue({ code: 'custom', path: ['creditNoteNumber'], message: 'Say which credit note to download, such as CN-000001.' });
    if (input.kind !== 'creditNote' && input.creditNoteNumber !== undefined) context.addIssue({ code: 'custom', path: ['creditNoteNumber'], message: 'A credit note number is given only for a credit note.' });
    if ((input.kind === 'returnAuthorization') !== (input.returnId !== undefined)) context.addIssue({ code: 'custom', path: ['returnId'], message: 'A return id is given for a return authorization, and only for one.' });
  });
export type GetOrderDocumentInput = z.infer<typeof getOrderDocumentInputSchema>;

const unitsSchema = (label: string) =>
  z.number(`${label} must be a number of units.`).int(`${label} must be a whole number of units.`).min(1, `${label} must be at least 1.`).max(100_000, `${label} is too large.`);

/** What a shipment names (createShipment, and the REST API's shipments): which lines and how many of each, the carrier and the tracking number. */
const shipmentRequestFields = {
  lines: z
    .array(z.strictObject({ productId: documentIdSchema('Product id'), quantity: unitsSchema('The quantity to ship') }), 'Lines must be a list of products and quantities.')
    .min(1, 'Name at least one line to ship.')
    .max(SHOP_RULES.maxCartLines, `At most ${SHOP_RULES.maxCartLines} lines.`),
  carrier: shipmentSchema.shape.carrier,
  trackingNumber: shipmentSchema.shape.trackingNumber,
};

function trackingNumberFitsCarrier(input: { carrier: Carrier; trackingNumber: string }, context: z.RefinementCtx): void {
  const problem = trackingNumberProblem(input.carrier, input.trackingNumber);
  if (problem) context.addIssue({ code: 'custom', path: ['trackingNumber'], message: problem });
}

/** A shipment's lines, carrier and tracking number, without the order and request it belongs to. */
export const shipmentRequestSchema = z.strictObject(shipmentRequestFields).superRefine(trackingNumberFitsCarrier);

/**
 * A shipment of some of an order's allocated units (createShipment): which lines and how many of
 * each, the carrier and the tracking number; a retry with the same request id makes no second one.
 */
export const createShipmentInputSchema = z
  .strictObject({ orderId: documentIdSchema('Order id'), requestId: requestIdSchema, ...shipmentRequestFields })
  .superRefine(trackingNumberFitsCarrier);
export type CreateShipmentInput = z.input<typeof createShipmentInputSchema>;

/** What createShipment answers: the shipment, its invoice and the order's status after it. */
export interface CreateShipmentResult {
  orderId: string;
  /** "HW-…-2". */
  shipmentNumber: string;
  sequence: number;
  /** "INV-000042". */
  invoiceNumber: string;
  status: OrderStatus;
}

/**
 * Cancels what is left of an order (cancelBackorder): every unit not shipped, or of the lines named
 * (a line given a quantity cancels that many, backordered units first), with the reason the buyer reads.
 */
export const cancelBackorderInputSchema = z.strictObject({
  orderId: documentIdSchema('Order id'),
  requestId: requestIdSchema,
  lines: z
    .array(
      z.union([documentIdSchema('Product id'), z.strictObject({ productId: documentIdSchema('Product id'), quantity: unitsSchema('The quantity to cancel').optional() })], 'Each line is a product id, or a product id and a quantity.'),
      'Lines must be a list of products.',
    )
    .min(1, 'Name at least one line, or leave lines out to cancel everything left.')
    .max(SHOP_RULES.maxCartLines, `At most ${SHOP_RULES.maxCartLines} lines.`)
    .transform((lines) => lines.map((line) => (typeof line === 'string' ? { productId: line } : line)))
    .optional(),
  reason: z.string('Please give a reason.').trim().min(3, 'Please give a reason of at least 3 characters.').max(500, 'The reason is at most 500 characters.'),
});
export type CancelBackorderInput = z.input<typeof cancelBackorderInputSchema>;

export interface CancelBackorderResult {
  orderId: string;
  status: OrderStatus;
  /** Units cancelled per product. */
  cancelled: { productId: string; units: number }[];
}

/** The pick list of the orders the warehouse selected (at most 50 at once). */
export const getPickListInputSchema = z.strictObject({
  orderIds: z.array(documentIdSchema('Order id'), 'Order ids must be a list.').min(1, 'Select at least one order.').max(50, 'Select at most 50 orders for one pick list.'),
});
export type GetPickListInput = z.input<typeof getPickListInputSchema>;

/** An administrator gives a user a staff role, or takes it away (`null`). */
export const setStaffRoleInputSchema = z.strictObject({
  uid: documentIdSchema('User id'),
  role: z.enum(STAFF_ROLES, `The role must be one of ${STAFF_ROLES.join(', ')}, or null.`).nullable(),
});
export type SetStaffRoleInput = z.input<typeof setStaffRoleInputSchema>;

/** A stock count corrected by hand (a count, breakage, a return), with the reason recorded. */
export const adjustStockInputSchema = z.strictObject({
  productId: documentIdSchema('Product id'),
  delta: z
    .number('The adjustment must be a number of units.')
    .int('The adjustment must be a whole number of units.')
    .min(-1_000_000, 'The adjustment is too large.')
    .max(1_000_000, 'The adjustment is too large.')
    .refine((delta) => delta !== 0, 'The adjustment must add or remove at least one unit.'),
  reason: z.string('Please give a reason.').trim().min(3, 'Please give a reason of at least 3 characters.').max(200, 'The reason is at most 200 characters.'),
});
export type AdjustStockInput = z.input<typeof adjustStockInputSchema>;
