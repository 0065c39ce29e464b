import { PAYMENT_METHODS, ORDER_STATUSES, type Order, type OrderItem, type OrderStatus, type PaymentMethod, type StatusChange } from './orders';
import { SHOP_RULES } from './config';
import { CARRIER_NAMES, type Carrier, type Shipment } from './shipment';
import { emptyAddress, type ShippingAddress } from './address';
import { isRecord, storedNumber, storedText, type StoredData } from './storedFields';
import type { OrderApproval } from './approvals';

/** Milliseconds from a Firestore Timestamp (anything with toMillis) or a number; 0 when absent. */
export function millisOf(value: unknown): number {
  if (typeof value === 'number') return value;
  if (isRecord(value) && typeof value.toMillis === 'function') return (value.toMillis as () => number)();
  return 0;
}

function orderStatus(value: unknown): OrderStatus {
  return ORDER_STATUSES.includes(value as OrderStatus) ? (value as OrderStatus) : 'pending';
}

/** A stored address, every field text (blank when missing). */
export function storedAddress(value: unknown): ShippingAddress {
  if (!isRecord(value)) return { ...emptyAddress };
  return Object.fromEntries(Object.keys(emptyAddress).map((key) => [key, storedText(value[key])])) as unknown as ShippingAddress;
}

export function storedOrderItem(value: StoredData): OrderItem {
  return {
    productId: storedText(value.productId),
    name: storedText(value.name),
    sku: storedText(value.sku),
    unit: storedText(value.unit),
    imageUrl: storedText(value.imageUrl),
    unitPrice: storedNumber(value.unitPrice),
    quantity: storedNumber(value.quantity),
    lineTotal: storedNumber(value.lineTotal),
  };
}

function statusChange(value: StoredData): StatusChange {
  return { status: orderStatus(value.status), at: millisOf(value.at), by: storedText(value.by) };
}

function shipment(value: unknown): Shipment | null {
  if (!isRecord(value) || !CARRIER_NAMES.includes(value.carrier as Carrier)) return null;
  return { carrier: value.carrier as Carrier, trackingNumber: storedText(value.trackingNumber) };
}

function approval(value: unknown): OrderApproval | null {
  if (!isRecord(value)) return null;
  const decision = value.decision === 'approved' || value.decision === 'rejected' ? value.decision : null;
  return {
    reason: value.reason === 'monthly-limit' ? 'monthly-limit' : 'order-limit',
    message: storedText(value.message),
    dueAt: millisOf(value.dueAt),
    decision,
    decidedBy: storedText(value.decidedBy),
    decidedByName: storedText(value.decidedByName),
    decidedAt: value.decidedAt ? millisOf(value.decidedAt) : null,
    decisionReason: storedText(value.decisionReason),
  };
}

export const storedRecords = (value: unknown): StoredData[] => (Array.isArray(value) ? value.filter(isRecord) : []);

/** A stored `orders/{id}` document as plain data (dates in milliseconds); odd fields get safe defaults. */
export function orderFromData(id: string, data: StoredData): Order {
  return {
    id,
    userId: storedText(data.userId),
    userEmail: storedText(data.userEmail),
    items: storedRecords(data.items).map(storedOrderItem),
    subtotal: storedNumber(data.subtotal),
    shipping: storedNumber(data.shipping),
    tax: storedNumber(data.tax),
    total: storedNumber(data.total),
    currency: storedText(data.currency) || 'USD',
    status: orderStatus(data.status),
    shippingAddress: storedAddress(data.shippingAddress),
    company: storedText(data.company),
    poNumber: storedText(data.poNumber),
    notes: storedText(data.notes),
    paymentMethod: PAYMENT_METHODS.includes(data.paymentMethod as PaymentMethod) ? (data.paymentMethod as PaymentMethod) : 'invoice-net30',
    companyId: storedText(data.companyId),
    placedByName: storedText(data.placedByName),
    paymentStatus: data.paymentStatus === 'paid' ? 'paid' : 'unpaid',
    dueDate: data.dueDate === undefined || data.dueDate === null ? null : millisOf(data.dueDate),
    taxRateBasisPoints: storedNumber(data.taxRateBasisPoints, SHOP_RULES.taxRateBasisPoints),
    requestId: storedText(data.requestId),
    createdAt: millisOf(data.createdAt),
    updatedAt: millisOf(data.updatedAt),
    statusHistory: storedRecords(data.statusHistory).map(statusChange),
    ...(typeof data.invoiceNumber === 'number' ? { invoiceNumber: data.invoiceNumber, invoicedAt: millisOf(data.invoicedAt) } : {}),
    ...(typeof data.amountOpen === 'number' ? { amountPaid: storedNumber(data.amountPaid), amountOpen: data.amountOpen } : {}),
    ...(shipment(data.shipment) ? { shipment: shipment(data.shipment)! } : {}),
    ...(typeof data.spendingMonth === 'string' ? { spendingMonth: data.spendingMonth } : {}),
    ...(approval(data.approval) ? { approval: approval(data.approval)! } : {}),
    ...(typeof data.quoteId === 'string' && data.quoteId ? { quote: { id: data.quoteId, number: storedText(data.quoteNumber) } } : {}),
  };
}
