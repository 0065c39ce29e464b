import { PAYMENT_METHOD_LABELS, type Order } from '@harbor/domain';
import { saveFile } from '../../lib/download';

const HEADER = ['Order number', 'Placed at (UTC)', 'Status', 'Company', 'Customer e-mail', 'PO number', 'Payment', 'Lines', 'Units', 'Subtotal', 'Shipping', 'Tax', 'Total', 'Currency', 'Ship to city', 'Ship to country'];

/**
 * One CSV cell. Quotes when needed (RFC 4180), and defuses text a spreadsheet would run as a
 * formula (=, +, -, @, tab, CR at the start), since company names and notes come from customers.
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Cents as a plain decimal ("1250.00"), as spreadsheets read amounts. */
export const decimalAmount = (cents: number) => (cents / 100).toFixed(2);

const placedAt = (order: Order) => (order.createdAt ? new Date(order.createdAt).toISOString() : '');

/** Rows as a CSV document (CRLF line ends). */
export function csvDocument(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

const LINE_HEADER = ['Order number', 'Placed at (UTC)', 'Company', 'PO number', 'SKU', 'Name', 'Quantity', 'Unit price', 'Line total', 'Currency'];

/** One row per order line, for accounts and stock reports (amounts as decimals, dates in ISO 8601 UTC). */
export function orderLinesCsv(orders: readonly Order[]): string {
  const rows = orders.flatMap((order) =>
    order.items.map((item) => [order.id, placedAt(order), order.company, order.poNumber, item.sku, item.name, item.quantity, decimalAmount(item.unitPrice), decimalAmount(item.lineTotal), order.currency]),
  );
  return csvDocument(LINE_HEADER, rows);
}

/** The orders as a CSV document (CRLF line ends, amounts as decimals, dates in ISO 8601 UTC). */
export function ordersCsv(orders: readonly Order[]): string {
  const rows = orders.map((order) => [
    order.id,
    placedAt(order),
    order.status,
    order.company,
    order.userEmail,
    order.poNumber,
    PAYMENT_METHOD_LABELS[order.paymentMethod],
    order.items.length,
    order.items.reduce((units, item) => units + item.quantity, 0),
    decimalAmount(order.subtotal),
    decimalAmount(order.shipping),
    decimalAmount(order.tax),
    decimalAmount(order.total),
    order.currency,
    order.shippingAddress.city,
    order.shippingAddress.country,
  ]);
  return csvDocument(HEADER, rows);
}

/** Offers a text as a file download. */
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8'): void {
  // The byte-order mark makes spreadsheet programs read the file as UTF-8 (accents in names).
  saveFile(new Blob(['\uFEFF', text], { type }), fileName);
}
