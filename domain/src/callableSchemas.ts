/**
 * The input schemas of the order and staff callables (placeOrder, updateOrderStatus,
 * getOrderDocument, setStaffRole, adjustStock) and checkout's form schema. Apart from orders.ts,
 * shipment.ts and staff.ts, whose tables and types the first page needs (the staff table, for
 * the header): these schemas need zod, which the first page does not load.
 */
import { z } from 'zod';
import { SHOP_RULES } from './config';
import { ORDER_STATUSES, PAYMENT_METHODS } from './orders';
import { STAFF_ROLES } from './staff';
import { ORDER_DOCUMENT_KINDS } from './orderDocuments';
import { centsSchema, documentIdSchema, eachProductOnce, lineQuantitySchema, requestIdSchema, shippingAddressSchema } from './schemas';
import { CARRIER_NAMES, normalizeTrackingNumber, trackingNumberProblem } from './shipment';

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
  })
  .superRefine((input, context) => {
    if (input.kind === 'creditNote' && input.creditNoteNumber === undefined) context.addIssue({ code: 'custom', path: ['creditNoteNumber'], message: 'Say which credit note to download, such as CN-000001.' });
    if (input.kind !== 'creditNote' && input.creditNoteNumber !== undefined) context.addIssue({ code: 'custom', path: ['creditNoteNumber'], message: 'A credit note number is given only for a credit note.' });
  });
export type GetOrderDocumentInput = z.infer<typeof getOrderDocumentInputSchema>;

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
