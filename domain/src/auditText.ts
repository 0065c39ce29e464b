/**
 * The audit log as people read it. Each change an audit entry records (`auditLog/{id}`, and a
 * company's history, which records changes the same way) becomes one sentence: the field by its
 * name, amounts as money, statuses, roles and terms by their labels, shipments, addresses and
 * lists in words; never JSON, ids of fields or cents. The log page, its CSV export and the
 * recent-changes lists of the product, order and customer pages all write changes with it.
 */
import { COMPANY_STATUS_LABELS, fixedPricesChangeText, PAYMENT_TERMS_LABELS } from './company';
import { formatCount, formatMoney } from './money';
import { ORDER_STATUS_LABELS } from './orders';
import { QUOTE_STATUS_LABELS } from './quotes';
import { restockingFeeText, RETURN_STATUS_LABELS } from './returns';
import { STAFF_ROLE_LABELS, type AuditChange } from './staff';
import { isRecord } from './storedFields';

/** Finds a person's name by uid (the staff list), when the reader has one. */
export type NameOf = (uid: string) => string | undefined;

interface Context {
  /** What the entry is about: `products`, `orders`, `companies`, `quotes`, `users`. */
  targetKind: string;
  nameOf: NameOf;
}

type Words = (value: unknown, context: Context) => string;

const NO_CONTEXT: Context = { targetKind: '', nameOf: () => undefined };

const isBlank = (value: unknown): boolean => value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** A Firestore time (a Timestamp, or its fields as the log stores them) as a UTC day. */
function timeWords(value: Record<string, unknown>): string | null {
  const millis = typeof value.toMillis === 'function' ? (value.toMillis as () => number)() : typeof value.seconds === 'number' ? value.seconds * 1000 : null;
  return millis === null ? null : new Date(millis).toISOString().slice(0, 10);
}

/** "Order limit" for `orderLimit`: a field's name as a person writes it (one already in words, such as "member Dana Reyes", as it is). */
function spelledOut(name: string): string {
  const words = name.includes(' ') ? name : name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_.-]+/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Any value in words: lists joined, an address on one line, a shipment by carrier and tracking number, a map as its entries. */
function valueWords(value: unknown): string {
  if (isBlank(value)) return 'none';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return formatCount(value);
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(valueWords).join(', ');
  if (!isRecord(value)) return String(value);
  const time = timeWords(value);
  if (time !== null) return time;
  if (typeof value.line1 === 'string') {
    const cityLine = [value.city, [value.region, value.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
    return [value.name, value.line1, value.line2, cityLine, value.country].filter((part) => typeof part === 'string' && part !== '').join(', ');
  }
  if (typeof value.carrier === 'string' && typeof value.trackingNumber === 'string') {
    const shipment = `${value.carrier}, tracking number ${value.trackingNumber}`;
    return typeof value.number === 'string' ? `${value.number} by ${shipment}${typeof value.invoiceNumber === 'string' ? `, invoice ${value.invoiceNumber}` : ''}` : shipment;
  }
  return Object.entries(value)
    .map(([key, inner]) => `${auditFieldLabel(key).toLowerCase()} ${(FIELDS[key]?.words ?? valueWords)(inner, NO_CONTEXT)}`)
    .join(', ');
}

const money: Words = (value) => (typeof value === 'number' ? formatMoney(value) : valueWords(value));
const labelled = (labels: Readonly<Record<string, string>>, value: unknown): string => (typeof value === 'string' ? (labels[value] ?? value) : valueWords(value));
const quoted: Words = (value) => `“${valueWords(value)}”`;
const STATUS_LABELS: Record<string, Readonly<Record<string, string>>> = { orders: ORDER_STATUS_LABELS, companies: COMPANY_STATUS_LABELS, quotes: QUOTE_STATUS_LABELS };

interface FieldSpec {
  label: string;
  words?: Words;
  /** A yes/no field: what turning it on and off says. */
  turned?: [on: string, off: string];
}

/** The fields the callables audit (and a company's history records), by the name they are stored under. */
const FIELDS: Record<string, FieldSpec> = {
  // Products (saveProduct, importProducts, adjustStock)
  name: { label: 'Name' },
  sku: { label: 'SKU' },
  brand: { label: 'Brand' },
  description: { label: 'Description', words: quoted },
  category: { label: 'Category' },
  price: { label: 'Price', words: money },
  unit: { label: 'Unit' },
  packSize: { label: 'Pack size' },
  minOrderQty: { label: 'Minimum order quantity' },
  stock: { label: 'Stock' },
  // Returns (functions/src/returns.ts), audited on their order
  returnStatus: { label: 'Return', words: (value) => labelled(RETURN_STATUS_LABELS, value) },
  restockingFeeBasisPoints: { label: 'Restocking fee', words: (value) => (typeof value === 'number' ? restockingFeeText(value) : valueWords(value)) },
  creditNotes: { label: 'Credit notes' },
  active: { label: 'Catalog', turned: ['Shown in the catalog', 'Hidden from the catalog'] },
  backorderable: { label: 'Backorders', turned: ['Orders above the stock accepted on backorder', 'Orders above the stock no longer accepted'] },
  restockDate: { label: 'Restock date' },
  tiers: {
    label: 'Volume prices',
    words: (value) => (Array.isArray(value) ? value.map((tier) => (isRecord(tier) ? `${valueWords(tier.minQty)} or more at ${money(tier.price, NO_CONTEXT)}` : valueWords(tier))).join(', ') : valueWords(value)),
  },
  imageUrl: { label: 'Image' },
  imagePath: { label: 'Image file', words: (value) => (typeof value === 'string' ? (value.split('/').pop() ?? value) : valueWords(value)) },
  // Orders (updateOrderStatus, issueCreditNote)
  status: { label: 'Status', words: (value, { targetKind }) => labelled(STATUS_LABELS[targetKind] ?? {}, value) },
  shipment: { label: 'Shipment' },
  // cancelBackorder: units per product not shipped that were cancelled.
  cancelled: {
    label: 'Cancelled',
    words: (value) => (Array.isArray(value) ? value.map((line) => (isRecord(line) ? `${valueWords(line.units)} of ${valueWords(line.productId)}` : valueWords(line))).join(', ') : valueWords(value)),
  },
  amountCredited: { label: 'Amount credited on the invoice', words: money },
  total: { label: 'Total', words: money },
  // Companies (updateCompany, and the owner's changes in its history)
  paymentTerms: { label: 'Payment terms', words: (value) => labelled(PAYMENT_TERMS_LABELS, value) },
  creditLimit: { label: 'Credit limit', words: money },
  openBalance: { label: 'Open balance', words: money },
  taxExempt: { label: 'Tax exemption', turned: ['Made tax exempt', 'No longer tax exempt'] },
  shipComplete: { label: 'Ship complete', turned: ['Set to ship complete: its orders never ship in part', 'No longer ships complete'] },
  taxCertificateId: { label: 'Tax exemption certificate' },
  timeZone: { label: 'Time zone' },
  discountBasisPoints: { label: 'Contract discount', words: (value) => (typeof value === 'number' ? `${(value / 100).toFixed(2).replace(/\.?0+$/, '')}%` : valueWords(value)) },
  note: { label: 'Internal note', words: quoted },
  salesRepUid: { label: 'Sales rep', words: (value, { nameOf }) => (typeof value === 'string' ? (nameOf(value) ?? value) : valueWords(value)) },
  billingEmail: { label: 'Billing e-mail address' },
  orderLimit: { label: 'Order limit', words: money },
  monthlyLimit: { label: 'Monthly limit', words: money },
  amount: { label: 'Amount', words: money },
  unitPrice: { label: 'Unit price', words: money },
  // Staff (setStaffRole): no role is a customer.
  role: { label: 'Staff role', words: (value) => (typeof value === 'string' ? labelled(STAFF_ROLE_LABELS, value) : 'none (a customer)') },
  // Payments (reversePayment; an order marked paid before payments were recorded against invoices)
  paymentStatus: { label: 'Payment', words: (value) => labelled({ paid: 'paid', unpaid: 'unpaid' }, value) },
  reversed: { label: 'Payment', turned: ['Payment reversed: what it paid is open again', 'Payment restored'] },
  // Integrations (API keys, webhook endpoints, the accounting export's settings)
  url: { label: 'URL' },
  revoked: { label: 'API key', turned: ['API key revoked: it no longer works', 'API key restored'] },
  enabled: { label: 'Endpoint', turned: ['Endpoint turned on', 'Endpoint turned off'] },
};

const INVOICE_NUMBER = /^INV-\d+$/;

/** A field's name as the log writes it ("Credit limit"); a field it does not know, spelled out. */
export const auditFieldLabel = (field: string): string => FIELDS[field]?.label ?? spelledOut(field);

/** One change as a sentence: "Credit limit changed from $5,000.00 to $7,500.00." */
function changeSentence({ field, from, to }: AuditChange, context: Context): string {
  // recordPayment and markOrderPaid: what the payment paid of each invoice.
  if (INVOICE_NUMBER.test(field) && isBlank(from)) return `${money(to, context)} paid on ${field}.`;
  if (field === 'fixedPrices' && isRecord(from) && isRecord(to)) {
    return `Fixed prices: ${fixedPricesChangeText({ from: from as Record<string, number | null>, to: to as Record<string, number | null> })}.`;
  }
  const spec = FIELDS[field] ?? { label: spelledOut(field) };
  if (spec.turned && typeof to === 'boolean') return `${spec.turned[to ? 0 : 1]}.`;
  const words = spec.words ?? valueWords;
  if (isBlank(from)) return `${spec.label} set to ${isBlank(to) ? 'none' : words(to, context)}.`;
  if (isBlank(to)) return `${spec.label} cleared (was ${words(from, context)}).`;
  return `${spec.label} changed from ${words(from, context)} to ${words(to, context)}.`;
}

/**
 * What an audit entry changed, one sentence per field, in the order recorded. `target` says what
 * the entry is about (`orders/HW-…`: an order's statuses); `nameOf` names people by uid.
 */
export function auditChangeSentences(entry: { target: string; changes: readonly AuditChange[] }, nameOf: NameOf = () => undefined): string[] {
  const context: Context = { targetKind: entry.target.split('/')[0] ?? '', nameOf };
  return entry.changes.map((change) => changeSentence(change, context));
}

/** What an audit entry changed, as one line of sentences (the CSV's column). */
export const auditChangesText = (entry: { target: string; changes: readonly AuditChange[] }, nameOf?: NameOf): string => auditChangeSentences(entry, nameOf).join(' ');
