/**
 * The REST API's requests and answers (`/api/v1`, functions/src/integrations/api.ts): the schemas
 * that validate every request are the ones its OpenAPI document is generated from, and the
 * public shapes of an order and an invoice, kept stable whatever the stored documents hold.
 */
import { z } from 'zod';
import { API_PAGE_LIMIT } from './integrations';
import { shipmentRequestSchema } from './callableSchemas';
import { storedInvoiceNumbers } from './orderData';
import { productInputSchema } from './productSchema';
import { invoiceOpenAmount, INVOICE_STATUSES, type Invoice } from './receivables';
import { documentIdSchema } from './schemas';
import { shipmentNumber } from './fulfilment';
import { ORDER_STATUSES, PAYMENT_METHODS, type Order } from './orders';

const cursorSchema = z
  .string('The cursor is text.')
  .max(500, 'The cursor is not one this API gave. Start again without it.')
  .meta({ description: 'The `nextCursor` of the page before; the next page starts after it.' });
const limitSchema = z.coerce
  .number('The limit is a number.')
  .int('The limit is a whole number.')
  .min(1, 'The limit is at least 1.')
  .max(API_PAGE_LIMIT, `The limit is at most ${API_PAGE_LIMIT}.`)
  .default(50)
  .meta({ description: `Items on a page, 1 to ${API_PAGE_LIMIT} (50 when left out).` });

/** `GET /orders`: orders changed since a time, oldest change first. */
export const apiOrdersQuerySchema = z.strictObject({
  updatedSince: z.iso
    .datetime({ offset: true, error: 'Give a time such as 2026-11-28T09:00:00Z.' })
    .optional()
    .meta({ description: 'Only orders changed at or after this time (ISO 8601).', example: '2026-11-28T09:00:00Z' }),
  cursor: cursorSchema.optional(),
  limit: limitSchema,
});

/** `GET /invoices`: invoices by number, of one company or all, open (money still owed) or paid. */
export const API_INVOICE_FILTERS = ['open', 'paid'] as const;
export type ApiInvoiceFilter = (typeof API_INVOICE_FILTERS)[number];
/** The stored statuses each filter lists: "open" is every invoice with money still owed. */
export const API_INVOICE_STATUSES: Record<ApiInvoiceFilter, readonly (typeof INVOICE_STATUSES)[number][]> = { open: ['open', 'partially-paid', 'overdue'], paid: ['paid'] };
export const apiInvoicesQuerySchema = z.strictObject({
  status: z
    .enum(API_INVOICE_FILTERS, 'The status is open or paid.')
    .optional()
    .meta({ description: 'open: money still owed (open, partly paid or overdue); paid: paid in full. Every invoice when left out.' }),
  companyId: documentIdSchema('companyId').optional().meta({ description: "Only this company's invoices." }),
  cursor: cursorSchema.optional(),
  limit: limitSchema,
});

export const apiOrderPathSchema = z.strictObject({ id: documentIdSchema('The order id').meta({ description: 'The order number, e.g. HW-7K3M9QX2AB.' }) });
export const apiProductPathSchema = z.strictObject({ sku: z.string().trim().toUpperCase().regex(/^[A-Z0-9][A-Z0-9-]{1,31}$/, 'A SKU is 2 to 32 letters, digits or "-".').meta({ description: "The product's SKU." }) });

/** The header that makes a write safe to retry: the same key answers the first answer and changes nothing again. */
export const idempotencyKeySchema = z
  .string('Send an Idempotency-Key header (a unique value per change, such as a UUID), so a retried request changes nothing twice.')
  .regex(/^[\x21-\x7E]{8,255}$/, 'The Idempotency-Key is 8 to 255 visible ASCII characters, such as a UUID.')
  .meta({ description: 'A unique value per change (a UUID): a request repeated with the same key changes nothing again and answers as the first did.' });
export const apiIdempotencyHeadersSchema = z.object({ 'idempotency-key': idempotencyKeySchema });

/** `POST /orders/{id}/shipments`: as the back office's shipment, without its request id (the Idempotency-Key stands for it). */
export const apiShipmentBodySchema = shipmentRequestSchema.meta({ id: 'ShipmentRequest', description: 'Units of the order shipped: which lines (by product id) and how many of each, the carrier and its tracking number.' });
/** `PUT /products/{sku}/stock`: the units on the shelf now (units owed to backorders are taken from them first). */
export const apiStockBodySchema = z
  .strictObject({
    stock: z.number('The stock is a number of units.').int('The stock is a whole number of units.').min(0, 'The stock is at least 0.').max(10_000_000, 'The stock is at most 10,000,000.'),
    reason: z.string('The reason is text.').trim().min(3, 'The reason is at least 3 characters.').max(200, 'The reason is at most 200 characters.').optional(),
  })
  .meta({ id: 'StockLevel', description: 'The stock counted, absolute; the reason is kept in the audit log.' });
/** `PUT /products/{sku}`: the product form's fields; the SKU in the body is the one in the path. */
export const apiProductBodySchema = productInputSchema.meta({
  id: 'Product',
  description: 'The product as the back office\'s product form saves it (money in cents). `id` is not given: the SKU in the path names the product.',
});

const iso = z.iso.datetime().meta({ description: 'ISO 8601, UTC.' });
const cents = z.number().int().meta({ description: 'Cents.' });

export const apiOrderSchema = z
  .object({
    id: z.string(),
    status: z.enum(ORDER_STATUSES),
    companyId: z.string(),
    poNumber: z.string(),
    paymentMethod: z.enum(PAYMENT_METHODS),
    paymentStatus: z.string(),
    shippingAddress: z.object({ line1: z.string(), line2: z.string(), city: z.string(), region: z.string(), postalCode: z.string(), country: z.string() }),
    lines: z.array(
      z.object({
        productId: z.string(),
        sku: z.string(),
        name: z.string(),
        unit: z.string(),
        quantity: z.number().int(),
        unitPrice: cents,
        lineTotal: cents,
        allocated: z.number().int().meta({ description: 'Units reserved from stock, not yet shipped.' }),
        shipped: z.number().int(),
        backordered: z.number().int(),
        cancelled: z.number().int(),
      }),
    ),
    totals: z.object({ subtotal: cents, shipping: cents, tax: cents, total: cents }),
    currency: z.string(),
    shipments: z.object({ count: z.number().int(), numbers: z.array(z.string()) }).meta({ description: 'The shipments made so far, by number (HW-…-1, HW-…-2).' }),
    invoiceNumbers: z.array(z.string()).meta({ description: 'One invoice per shipment, oldest first.' }),
    createdAt: iso,
    updatedAt: iso,
  })
  .meta({ id: 'Order' });
export type ApiOrder = z.output<typeof apiOrderSchema>;

const isoOf = (millis: number) => new Date(millis).toISOString();

/** An order as the API shows it. */
export function apiOrderOf(order: Order): ApiOrder {
  return {
    id: order.id,
    status: order.status,
    companyId: order.companyId,
    poNumber: order.poNumber,
    paymentMethod: order.paymentMethod,
    paymentStatus: order.paymentStatus,
    shippingAddress: {
      line1: order.shippingAddress.line1,
      line2: order.shippingAddress.line2,
      city: order.shippingAddress.city,
      region: order.shippingAddress.region,
      postalCode: order.shippingAddress.postalCode,
      country: order.shippingAddress.country,
    },
    lines: order.items.map((item) => ({
      productId: item.productId,
      sku: item.sku,
      name: item.name,
      unit: item.unit,
      quantity: item.quantity,
      unitPrice: item.unitPrice,
      lineTotal: item.lineTotal,
      allocated: item.allocated,
      shipped: item.shipped,
      backordered: item.backordered,
      cancelled: item.cancelled,
    })),
    totals: { subtotal: order.subtotal, shipping: order.shipping, tax: order.tax, total: order.total },
    currency: order.currency,
    shipments: { count: order.shipmentCount, numbers: Array.from({ length: order.shipmentCount }, (_, index) => shipmentNumber(order.id, index + 1)) },
    invoiceNumbers: storedInvoiceNumbers({ invoiceNumbers: order.invoiceNumbers }),
    createdAt: isoOf(order.createdAt),
    updatedAt: isoOf(order.updatedAt),
  };
}

export const apiInvoiceSchema = z
  .object({
    number: z.string().meta({ example: 'INV-000042' }),
    orderId: z.string(),
    shipmentNumber: z.string(),
    companyId: z.string(),
    status: z.enum(INVOICE_STATUSES),
    currency: z.string(),
    lines: z.array(z.object({ productId: z.string(), sku: z.string(), name: z.string(), quantity: z.number().int(), unitPrice: cents, lineTotal: cents })),
    totals: z.object({ subtotal: cents, shipping: cents, tax: cents, total: cents }),
    amountPaid: cents,
    amountCredited: cents,
    amountOpen: cents,
    issuedAt: iso,
    dueAt: iso,
  })
  .meta({ id: 'Invoice' });
export type ApiInvoice = z.output<typeof apiInvoiceSchema>;

/** An invoice as the API shows it. */
export function apiInvoiceOf(invoice: Invoice): ApiInvoice {
  return {
    number: invoice.number,
    orderId: invoice.orderId,
    shipmentNumber: invoice.shipmentNumber,
    companyId: invoice.companyId,
    status: invoice.status,
    currency: invoice.currency,
    lines: invoice.lines.map(({ productId, sku, name, quantity, unitPrice, lineTotal }) => ({ productId, sku, name, quantity, unitPrice, lineTotal })),
    totals: { subtotal: invoice.subtotal, shipping: invoice.shipping, tax: invoice.tax, total: invoice.total },
    amountPaid: invoice.amountPaid,
    amountCredited: invoice.amountCredited,
    amountOpen: invoiceOpenAmount(invoice),
    issuedAt: isoOf(invoice.issuedAt),
    dueAt: isoOf(invoice.dueAt),
  };
}

/** A page of a list: `nextCursor` continues after its last item (kept when the page is empty, so a client polls on from it). */
export const apiPageSchema = <Item extends z.ZodType>(item: Item, id: string) =>
  z
    .object({
      items: z.array(item),
      nextCursor: z.string().nullable().meta({ description: 'Pass as `cursor` for the next page; null when nothing was listed yet.' }),
      hasMore: z.boolean().meta({ description: 'Whether more items were waiting when this page was read.' }),
    })
    .meta({ id });

export const apiShipmentResultSchema = z
  .object({ orderId: z.string(), shipmentNumber: z.string(), sequence: z.number().int(), invoiceNumber: z.string(), status: z.enum(ORDER_STATUSES) })
  .meta({ id: 'ShipmentResult' });
export const apiStockResultSchema = z.object({ sku: z.string(), productId: z.string(), stock: z.number().int() }).meta({ id: 'StockResult' });
export const apiProductResultSchema = z.object({ sku: z.string(), productId: z.string(), created: z.boolean() }).meta({ id: 'ProductResult' });

/** Every error (RFC 9457, `application/problem+json`). */
export const apiProblemSchema = z
  .object({
    type: z.string().meta({ description: 'about:blank: the status says what kind of problem it is.' }),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().meta({ description: 'What happened and what to do, in a sentence.' }),
  })
  .meta({ id: 'Problem' });
export type ApiProblem = z.output<typeof apiProblemSchema>;
