import { PAYMENT_METHODS, ORDER_STATUSES, type Order, type OrderItem, type OrderStatus, type PaymentMethod, type StatusChange } from './orders';
import { emptyAddress, type ShippingAddress } from './schemas';

type Data = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const amount = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const isRecord = (value: unknown): value is Data => typeof value === 'object' && value !== null;

/** Milliseconds from a Firestore Timestamp (anything with toMillis) or a number; 0 when absent. */
export function millisOf(value: unknown): number {
  if (typeof value === 'number') return value;
  if (isRecord(value) && typeof value.toMillis === 'function') return (value.toMillis as () => number)();
  return 0;
}

function orderStatus(value: unknown): OrderStatus {
  return ORDER_STATUSES.includes(value as OrderStatus) ? (value as OrderStatus) : 'pending';
}

function address(value: unknown): ShippingAddress {
  if (!isRecord(value)) return { ...emptyAddress };
  return Object.fromEntries(Object.keys(emptyAddress).map((key) => [key, text(value[key])])) as unknown as ShippingAddress;
}

function item(value: Data): OrderItem {
  return {
    productId: text(value.productId),
    name: text(value.name),
    sku: text(value.sku),
    unit: text(value.unit),
    imageUrl: text(value.imageUrl),
    unitPrice: amount(value.unitPrice),
    quantity: amount(value.quantity),
    lineTotal: amount(value.lineTotal),
  };
}

function statusChange(value: Data): StatusChange {
  return { status: orderStatus(value.status), at: millisOf(value.at), by: text(value.by) };
}

const records = (value: unknown): Data[] => (Array.isArray(value) ? value.filter(isRecord) : []);

/** A stored `orders/{id}` document as plain data (dates in milliseconds); odd fields get safe defaults. */
export function orderFromData(id: string, data: Data): Order {
  return {
    id,
    userId: text(data.userId),
    userEmail: text(data.userEmail),
    items: records(data.items).map(item),
    subtotal: amount(data.subtotal),
    shipping: amount(data.shipping),
    tax: amount(data.tax),
    total: amount(data.total),
    currency: text(data.currency) || 'USD',
    status: orderStatus(data.status),
    shippingAddress: address(data.shippingAddress),
    company: text(data.company),
    poNumber: text(data.poNumber),
    notes: text(data.notes),
    paymentMethod: PAYMENT_METHODS.includes(data.paymentMethod as PaymentMethod) ? (data.paymentMethod as PaymentMethod) : 'invoice-net30',
    requestId: text(data.requestId),
    createdAt: millisOf(data.createdAt),
    updatedAt: millisOf(data.updatedAt),
    statusHistory: records(data.statusHistory).map(statusChange),
  };
}
