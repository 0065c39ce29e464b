import { formatInvoiceNumber } from './receivables';
import { PAYMENT_METHODS, ORDER_STATUSES, type FulfilledItem, type Order, type OrderItem, type OrderPrepayment, type OrderStatus, type PaymentMethod, type StatusChange } from './orders';
import { SHOP_RULES } from './config';
import { CARRIER_NAMES, type Carrier, type Shipment } from './shipment';
import { emptyAddress, type ShippingAddress } from './address';
import { isRecord, millisOf, storedChoice, storedNumber, storedText, type StoredData } from './storedFields';
import type { OrderApproval } from './approvals';
import { storedFulfilment, type OrderShipment, type ShipmentLine } from './fulfilment';
import { storedUnitsOnReturns } from './returns';

/**
 * A prepaid order's money paid online (`orders/{id}.prepayment`), null when none was. Beside the
 * order's reader, apart from the online payments' rules, which only the pages that pay load.
 */
export function prepaymentFromData(value: unknown): OrderPrepayment | null {
  if (!isRecord(value)) return null;
  return {
    status: storedChoice(['processing', 'received', 'failed', 'reversed'] as const, value.status, 'failed'),
    amount: storedNumber(value.amount),
    paymentIntentId: storedText(value.paymentIntentId),
  };
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

/** A stored order line with its fulfilment; a line from before backorders reads from its order's status. */
export function storedFulfilledItem(value: StoredData, status: OrderStatus): FulfilledItem {
  const item = storedOrderItem(value);
  return { ...item, ...storedFulfilment(value, item.quantity, status) };
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
  const status = orderStatus(data.status);
  const invoiceNumbers = Array.isArray(data.invoiceNumbers)
    ? data.invoiceNumbers.filter((number): number is number => typeof number === 'number')
    : typeof data.invoiceNumber === 'number'
      ? [data.invoiceNumber]
      : [];
  return {
    id,
    userId: storedText(data.userId),
    userEmail: storedText(data.userEmail),
    items: storedRecords(data.items).map((item) => storedFulfilledItem(item, status)),
    subtotal: storedNumber(data.subtotal),
    shipping: storedNumber(data.shipping),
    tax: storedNumber(data.tax),
    total: storedNumber(data.total),
    currency: storedText(data.currency) || 'USD',
    status,
    shippingAddress: storedAddress(data.shippingAddress),
    company: storedText(data.company),
    poNumber: storedText(data.poNumber),
    notes: storedText(data.notes),
    paymentMethod: PAYMENT_METHODS.includes(data.paymentMethod as PaymentMethod) ? (data.paymentMethod as PaymentMethod) : 'invoice-net30',
    companyId: storedText(data.companyId),
    placedByName: storedText(data.placedByName),
    paymentStatus: data.paymentStatus === 'paid' ? 'paid' : 'unpaid',
    prepayment: prepaymentFromData(data.prepayment),
    dueDate: data.dueDate === undefined || data.dueDate === null ? null : millisOf(data.dueDate),
    taxRateBasisPoints: storedNumber(data.taxRateBasisPoints, SHOP_RULES.taxRateBasisPoints),
    requestId: storedText(data.requestId),
    createdAt: millisOf(data.createdAt),
    updatedAt: millisOf(data.updatedAt),
    statusHistory: storedRecords(data.statusHistory).map(statusChange),
    invoiceNumbers,
    ...(invoiceNumbers.length ? { invoicedAt: millisOf(data.invoicedAt) } : {}),
    shipmentCount: storedNumber(data.shipmentCount),
    shipComplete: data.shipComplete === true,
    unitsOnReturns: storedUnitsOnReturns(data.unitsOnReturns),
    ...(typeof data.creditHeld === 'number' ? { creditHeld: data.creditHeld } : {}),
    ...(typeof data.amountOpen === 'number' ? { amountPaid: storedNumber(data.amountPaid), amountOpen: data.amountOpen } : {}),
    ...(shipment(data.shipment) ? { shipment: shipment(data.shipment)! } : {}),
    ...(typeof data.spendingMonth === 'string' ? { spendingMonth: data.spendingMonth } : {}),
    ...(approval(data.approval) ? { approval: approval(data.approval)! } : {}),
    ...(typeof data.quoteId === 'string' && data.quoteId ? { quote: { id: data.quoteId, number: storedText(data.quoteNumber) } } : {}),
  };
}

/** An order's invoice numbers as stored, oldest first ("INV-000042"): one per shipment, or the one of an order invoiced whole before shipments. */
export function storedInvoiceNumbers(data: StoredData): string[] {
  if (Array.isArray(data.invoiceNumbers)) return data.invoiceNumbers.filter((number): number is number => typeof number === 'number').map(formatInvoiceNumber);
  return typeof data.invoiceNumber === 'number' ? [formatInvoiceNumber(data.invoiceNumber)] : [];
}

/** A stored `orders/{id}/shipments/{n}` document. */
/** A priced line of a shipment (and of a return, which takes its lines from shipments). */
export function storedShipmentLine(line: StoredData): ShipmentLine {
  return {
    productId: storedText(line.productId),
    sku: storedText(line.sku),
    name: storedText(line.name),
    unit: storedText(line.unit),
    unitPrice: storedNumber(line.unitPrice),
    quantity: storedNumber(line.quantity),
    lineTotal: storedNumber(line.lineTotal),
  };
}

export function shipmentFromData(data: StoredData): OrderShipment {
  const lines = Array.isArray(data.lines) ? data.lines.filter(isRecord) : [];
  return {
    number: storedText(data.number),
    sequence: storedNumber(data.sequence),
    orderId: storedText(data.orderId),
    requestId: storedText(data.requestId),
    lines: lines.map(storedShipmentLine),
    carrier: CARRIER_NAMES.includes(data.carrier as Carrier) ? (data.carrier as Carrier) : null,
    trackingNumber: storedText(data.trackingNumber),
    invoiceNumber: storedText(data.invoiceNumber),
    subtotal: storedNumber(data.subtotal),
    shipping: storedNumber(data.shipping),
    tax: storedNumber(data.tax),
    total: storedNumber(data.total),
    shippedAt: millisOf(data.shippedAt),
    shippedBy: storedText(data.shippedBy),
    shippedByName: storedText(data.shippedByName),
    stillToCome: storedRecords(data.stillToCome).map((line) => ({
      productId: storedText(line.productId),
      sku: storedText(line.sku),
      name: storedText(line.name),
      allocated: storedNumber(line.allocated),
      backordered: storedNumber(line.backordered),
    })),
  };
}
