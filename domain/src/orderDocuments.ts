/**
 * What the invoice and the packing slip of an order say, as plain text blocks: the server draws
 * them into a PDF (functions/src/pdf.ts), tests read them back. Money is integer cents.
 */
import { SELLER } from './config';
import { formatBasisPoints, formatMoney } from './money';
import { PAYMENT_METHOD_LABELS, paymentInstructions, type Order } from './orders';
import type { ShippingAddress } from './address';
import { formatInvoiceNumber } from './receivables';
import { QUOTE_STATUS_LABELS, type Quote } from './quotes';

export const ORDER_DOCUMENT_KINDS = ['invoice', 'packingSlip'] as const;
export type OrderDocumentKind = (typeof ORDER_DOCUMENT_KINDS)[number];

export const ORDER_DOCUMENT_LABELS: Record<OrderDocumentKind, string> = { invoice: 'Invoice', packingSlip: 'Packing slip' };


export interface DocumentTable {
  columns: { title: string; align: 'left' | 'right'; width: number }[];
  rows: string[][];
}

export type DocumentBlock =
  | { kind: 'columns'; left: { title: string; lines: string[] }; right: { title: string; lines: string[] } }
  | { kind: 'facts'; facts: [string, string][] }
  | { kind: 'table'; table: DocumentTable }
  | { kind: 'totals'; totals: [string, string][] }
  | { kind: 'paragraph'; title: string; lines: string[] };

export interface OrderDocumentContent {
  title: string;
  fileName: string;
  blocks: DocumentBlock[];
}

/** Orders may carry payment terms and a due date (company accounts); older ones do not. */
const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
const day = (millis: number) => dateFormat.format(new Date(millis));

function addressLines(address: ShippingAddress): string[] {
  const cityLine = [address.city, address.region, address.postalCode].filter(Boolean).join(', ');
  return [address.line1, address.line2, cityLine, address.country].filter(Boolean);
}

function buyerLines(order: Order): string[] {
  return [order.company, order.userEmail, ...addressLines(order.shippingAddress)].filter(Boolean);
}

/** What both documents say of the order: its number, date and the buyer's PO number. */
function orderFacts(order: Order): [string, string][] {
  return [
    ['Order number', order.id],
    ['Order date', day(order.createdAt)],
    ['PO number', order.poNumber || 'None given'],
  ];
}

/** A line's quantity with its unit ("4 sack of 50 lb"). */
const quantityText = (item: { quantity: number; unit: string }) => `${item.quantity} ${item.unit}`.trim();

/** The columns of a priced table: the invoice's and the quote's. */
const PRICED_COLUMNS: DocumentTable['columns'] = [
  { title: 'SKU', align: 'left', width: 0.16 },
  { title: 'Item', align: 'left', width: 0.4 },
  { title: 'Quantity', align: 'right', width: 0.12 },
  { title: 'Unit price', align: 'right', width: 0.16 },
  { title: 'Amount', align: 'right', width: 0.16 },
];

/** Subtotal, shipping, tax and total, as the invoice and the quote show them. */
function totalsBlock(totals: { subtotal: number; shipping: number; tax: number; total: number }, money: (cents: number) => string, taxLabel = 'Tax'): DocumentBlock {
  return {
    kind: 'totals',
    totals: [
      ['Subtotal', money(totals.subtotal)],
      ['Shipping', totals.shipping ? money(totals.shipping) : 'Free'],
      [taxLabel, money(totals.tax)],
      ['Total', money(totals.total)],
    ],
  };
}

/** The invoice: seller and buyer, PO number, lines, subtotal, shipping, tax, total, terms, due date and how to pay. */
export function invoiceContent(order: Order, invoiceNumber: number, issuedAt: number): OrderDocumentContent {
  const money = (cents: number) => formatMoney(cents, order.currency);
  const number = formatInvoiceNumber(invoiceNumber);
  const facts: [string, string][] = [['Invoice number', number], ['Invoice date', day(issuedAt)], ...orderFacts(order), ['Terms', PAYMENT_METHOD_LABELS[order.paymentMethod]]];
  if (order.dueDate) facts.push(['Due date', day(order.dueDate)]);
  return {
    title: `Invoice ${number}`,
    fileName: `${number}-${order.id}.pdf`,
    blocks: [
      { kind: 'columns', left: { title: 'From', lines: [SELLER.name, ...SELLER.addressLines, SELLER.email, SELLER.taxId] }, right: { title: 'Bill to', lines: buyerLines(order) } },
      { kind: 'facts', facts },
      {
        kind: 'table',
        table: {
          columns: PRICED_COLUMNS,
          rows: order.items.map((item) => [item.sku, item.name, quantityText(item), money(item.unitPrice), money(item.lineTotal)]),
        },
      },
      totalsBlock(order, money),
      { kind: 'paragraph', title: 'Payment', lines: paymentInstructions(order) },
    ],
  };
}

/** The packing slip: where it goes and what is in the box, without prices. */
export function packingSlipContent(order: Order): OrderDocumentContent {
  return {
    title: `Packing slip ${order.id}`,
    fileName: `packing-slip-${order.id}.pdf`,
    blocks: [
      { kind: 'columns', left: { title: 'From', lines: [SELLER.name, ...SELLER.addressLines] }, right: { title: 'Ship to', lines: buyerLines(order) } },
      { kind: 'facts', facts: orderFacts(order) },
      {
        kind: 'table',
        table: {
          columns: [
            { title: 'SKU', align: 'left', width: 0.2 },
            { title: 'Item', align: 'left', width: 0.55 },
            { title: 'Quantity', align: 'right', width: 0.25 },
          ],
          rows: order.items.map((item) => [item.sku, item.name, quantityText(item)]),
        },
      },
      ...(order.notes ? [{ kind: 'paragraph' as const, title: 'Notes', lines: [order.notes] }] : []),
    ],
  };
}

/**
 * The quote: seller and company, its number, version and validity, the quoted lines and totals
 * (shipping and the tax of the company's default address), and the terms of accepting it.
 */
export function quoteContent(quote: Quote): OrderDocumentContent {
  const money = (cents: number) => formatMoney(cents);
  const facts: [string, string][] = [
    ['Quote number', quote.number],
    ['Version', String(quote.version)],
    ['Status', QUOTE_STATUS_LABELS[quote.status]],
    ['Date', day(quote.quotedAt ?? quote.createdAt)],
    ['Valid until', quote.validUntil === null ? 'Not yet quoted' : day(quote.validUntil)],
  ];
  return {
    title: `Quote ${quote.number}`,
    fileName: `${quote.number}-v${quote.version}.pdf`,
    blocks: [
      { kind: 'columns', left: { title: 'From', lines: [SELLER.name, ...SELLER.addressLines, SELLER.email] }, right: { title: 'For', lines: [quote.companyName, quote.requestedByName, quote.requestedByEmail].filter(Boolean) } },
      { kind: 'facts', facts },
      {
        kind: 'table',
        table: {
          columns: PRICED_COLUMNS,
          rows: quote.lines.map((line) => [line.sku, line.name, quantityText(line), line.unitPrice === null ? '—' : money(line.unitPrice), money(line.lineTotal)]),
        },
      },
      totalsBlock(quote, money, `Tax (${formatBasisPoints(quote.taxRateBasisPoints)})`),
      {
        kind: 'paragraph',
        title: 'Terms',
        lines: [
          quote.validUntil === null ? 'Prices follow once the quote is answered.' : `These prices hold for the quantities above until ${day(quote.validUntil)} (end of day, UTC).`,
          "Shipping and tax are shown for the company's default address and follow the address chosen when the quote is accepted.",
          'Accepting the quote places the order at these prices, subject to stock and your payment terms.',
        ],
      },
    ],
  };
}
