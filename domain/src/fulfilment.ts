/**
 * Fulfilment: how an ordered quantity splits into what the shelf holds (allocated) and what waits
 * for stock (backordered), how shipments take allocated units, what each shipment's invoice
 * charges, how the rest is cancelled and how arriving stock fills the oldest backorders first.
 *
 * Every order line keeps `quantity` (ordered) = `allocated` + `shipped` + `backordered` +
 * `cancelled`. Money is integer cents; the tax of each shipment's invoice is the tax of everything
 * shipped so far less the tax already invoiced, so the invoices of an order add up to its tax
 * exactly, whatever the rounding.
 */
import { applyBasisPoints } from './money';
import type { FulfilledItem, LineFulfilment, OrderItem, OrderStatus } from './orders';
import type { Carrier } from './shipment';

/** What the stock of a product says about ordering it. */
export interface StockPosition {
  stock: number;
  /** Units owed to open orders; stock on hand belongs to them first. */
  backordered: number;
  backorderable: boolean;
  /** YYYY-MM-DD, or '' when not known. */
  restockDate: string;
}

/** What a new order can take from the shelf: the stock not owed to backorders placed before it. */
export function availableToOrder(product: Pick<StockPosition, 'stock' | 'backordered'>): number {
  return Math.max(0, product.stock - product.backordered);
}

/** How an ordered quantity splits: what is reserved from the shelf now and what is backordered. */
export function stockSplit(quantity: number, product: Pick<StockPosition, 'stock' | 'backordered'>): { allocated: number; backordered: number } {
  const allocated = Math.min(quantity, availableToOrder(product));
  return { allocated, backordered: quantity - allocated };
}

/** Made on first use: a formatter costs the first page's main thread (ARCHITECTURE.md). */
let shortDate: Intl.DateTimeFormat | null = null;

/** "Dec 9" from "2026-12-09"; '' for no date or one that is not a day. */
export function restockDateText(restockDate: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(restockDate)) return '';
  const date = new Date(`${restockDate}T00:00:00Z`);
  shortDate ??= new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
  return Number.isNaN(date.getTime()) ? '' : shortDate.format(date);
}

/** "25 ship now, 15 on backorder, expected Dec 9", or null when everything ships now. */
export function backorderSplitText(quantity: number, product: StockPosition): string | null {
  const { allocated, backordered } = stockSplit(quantity, product);
  if (!product.backorderable || backordered === 0) return null;
  const expected = restockDateText(product.restockDate);
  return `${allocated} ship now, ${backordered} on backorder${expected ? `, expected ${expected}` : ''}`;
}

/** A line's fulfilment as stored; a line from before backorders reads from its order's status. */
export function storedFulfilment(value: Record<string, unknown>, quantity: number, status: OrderStatus): LineFulfilment {
  const count = (field: string) => {
    const stored = value[field];
    return typeof stored === 'number' && Number.isInteger(stored) && stored >= 0 ? stored : null;
  };
  const [allocated, shipped, backordered, cancelled] = [count('allocated'), count('shipped'), count('backordered'), count('cancelled')];
  if (allocated !== null && shipped !== null && backordered !== null && cancelled !== null && allocated + shipped + backordered + cancelled === quantity) {
    return { allocated, shipped, backordered, cancelled };
  }
  if (status === 'shipped' || status === 'delivered') return { allocated: 0, shipped: quantity, backordered: 0, cancelled: 0 };
  if (status === 'cancelled' || status === 'rejected') return { allocated: 0, shipped: 0, backordered: 0, cancelled: quantity };
  return { allocated: quantity, shipped: 0, backordered: 0, cancelled: 0 };
}

/** How messages name a line (as checkout's productLabel, without importing its schemas into the storefront). */
const productLabel = (item: { name: string; sku: string }) => `${item.name} (${item.sku})`;

const sum = (items: readonly FulfilledItem[], units: (item: FulfilledItem) => number) => items.reduce((total, item) => total + units(item), 0);
const valueOf = (items: readonly FulfilledItem[], units: (item: FulfilledItem) => number) => sum(items, (item) => item.unitPrice * units(item));

/** Statuses whose allocated units the warehouse may ship. */
const SHIPPABLE_STATUSES: readonly OrderStatus[] = ['pending', 'processing', 'partially-shipped'];
const OPEN_STATUSES: readonly OrderStatus[] = ['awaiting-approval', ...SHIPPABLE_STATUSES];

/** Whether an order in `status` still has units to ship or fill. */
export const isOpenForFulfilment = (status: OrderStatus): boolean => OPEN_STATUSES.includes(status);

/**
 * The fields that let the warehouse find an order (stored on `orders/{id}`, queried with an index):
 * `readyToShip` when it has allocated units it may ship now (a ship-complete order only once
 * nothing is backordered), the products of those units, and the products it has backordered.
 */
export function fulfilmentIndex(status: OrderStatus, items: readonly FulfilledItem[], shipComplete: boolean): { readyToShip: boolean; toShipProductIds: string[]; backorderedProductIds: string[] } {
  const backorderedProductIds = isOpenForFulfilment(status) ? items.filter((item) => item.backordered > 0).map((item) => item.productId) : [];
  const waitsForAll = shipComplete && backorderedProductIds.length > 0;
  const toShipProductIds = SHIPPABLE_STATUSES.includes(status) && !waitsForAll ? items.filter((item) => item.allocated > 0).map((item) => item.productId) : [];
  return { readyToShip: toShipProductIds.length > 0, toShipProductIds, backorderedProductIds };
}

/** One line of a shipment as asked: a product of the order and how many units. */
export interface ShipmentLineRequest {
  productId: string;
  quantity: number;
}

/**
 * Why a shipment of `lines` cannot be made from the order's allocated units, or null when it can:
 * every line a product of the order, once, at least one unit and never more than allocated; a
 * ship-complete order ships only whole, everything at once.
 */
export function shipmentProblem(items: readonly FulfilledItem[], lines: readonly ShipmentLineRequest[], shipComplete: boolean): string | null {
  if (lines.length === 0) return 'Name at least one line to ship.';
  const seen = new Set<string>();
  for (const line of lines) {
    const item = items.find((each) => each.productId === line.productId);
    if (!item) return `Product ${line.productId} is not on this order.`;
    if (seen.has(line.productId)) return `${productLabel(item)} is named twice: give each line once.`;
    seen.add(line.productId);
    if (!Number.isInteger(line.quantity) || line.quantity < 1) return `The quantity of ${productLabel(item)} must be a whole number of at least 1.`;
    if (line.quantity > item.allocated) {
      return item.allocated === 0
        ? `No units of ${productLabel(item)} are ready to ship${item.backordered ? ` (${item.backordered} on backorder)` : ''}.`
        : `Only ${item.allocated} of ${productLabel(item)} ${item.allocated === 1 ? 'is' : 'are'} ready to ship, not ${line.quantity}.`;
    }
  }
  if (shipComplete) {
    const backordered = sum(items, (item) => item.backordered);
    if (backordered > 0) return `This order ships complete: ${backordered} ${backordered === 1 ? 'unit is' : 'units are'} still on backorder, so nothing can ship yet.`;
    const left = items.find((item) => item.allocated > (lines.find((line) => line.productId === item.productId)?.quantity ?? 0));
    if (left) return `This order ships complete: every ready unit must go in one shipment (${productLabel(left)}: ${left.allocated}).`;
  }
  return null;
}

/** The lines after a shipment of `lines` (checked with shipmentProblem). */
export function shipItems<Item extends FulfilledItem>(items: readonly Item[], lines: readonly ShipmentLineRequest[]): Item[] {
  return items.map((item) => {
    const quantity = lines.find((line) => line.productId === item.productId)?.quantity ?? 0;
    return quantity ? { ...item, allocated: item.allocated - quantity, shipped: item.shipped + quantity } : item;
  });
}

/** Every allocated unit, as one shipment's lines. */
export const allAllocated = (items: readonly FulfilledItem[]): ShipmentLineRequest[] =>
  items.filter((item) => item.allocated > 0).map((item) => ({ productId: item.productId, quantity: item.allocated }));

/** What an order's money looks like for fulfilment: its rate, its shipping and whether it was charged. */
export interface OrderCharges {
  taxRateBasisPoints: number;
  shipping: number;
  /** Shipments made so far: shipping is charged on the first. */
  shipmentCount: number;
}

export interface ShipmentLine extends Pick<OrderItem, 'productId' | 'sku' | 'name' | 'unit' | 'unitPrice'> {
  quantity: number;
  lineTotal: number;
}

export interface ShipmentCharge {
  lines: ShipmentLine[];
  subtotal: number;
  shipping: number;
  tax: number;
  total: number;
}

/** What a shipment's invoice charges: exactly its lines, the order's shipping on the first shipment, tax at the order's rate. */
export function shipmentCharge(order: OrderCharges, itemsBefore: readonly FulfilledItem[], lines: readonly ShipmentLineRequest[]): ShipmentCharge {
  const shipped = lines.flatMap((line) => {
    const item = itemsBefore.find((each) => each.productId === line.productId);
    return item ? [{ productId: item.productId, sku: item.sku, name: item.name, unit: item.unit, unitPrice: item.unitPrice, quantity: line.quantity, lineTotal: item.unitPrice * line.quantity }] : [];
  });
  const subtotal = shipped.reduce((total, line) => total + line.lineTotal, 0);
  const shippedBefore = valueOf(itemsBefore, (item) => item.shipped);
  const tax = applyBasisPoints(shippedBefore + subtotal, order.taxRateBasisPoints) - applyBasisPoints(shippedBefore, order.taxRateBasisPoints);
  const shipping = order.shipmentCount === 0 ? order.shipping : 0;
  return { lines: shipped, subtotal, shipping, tax, total: subtotal + shipping + tax };
}

/**
 * What is still to invoice on an order: the units neither shipped nor cancelled, their tax, and the
 * shipping while no shipment has charged it. An order on credit holds this much of its company's
 * credit, and the buyer's month counts it with what was invoiced.
 */
export function valueToInvoice(order: OrderCharges, items: readonly FulfilledItem[]): number {
  const pending = valueOf(items, (item) => item.allocated + item.backordered);
  if (pending === 0) return 0;
  const shipped = valueOf(items, (item) => item.shipped);
  const tax = applyBasisPoints(shipped + pending, order.taxRateBasisPoints) - applyBasisPoints(shipped, order.taxRateBasisPoints);
  return pending + tax + (order.shipmentCount === 0 ? order.shipping : 0);
}

/** What has been invoiced of an order: everything shipped, its tax, and the shipping once a shipment charged it. */
export function invoicedValue(order: OrderCharges, items: readonly FulfilledItem[]): number {
  if (order.shipmentCount === 0) return 0;
  const shipped = valueOf(items, (item) => item.shipped);
  return shipped + applyBasisPoints(shipped, order.taxRateBasisPoints) + order.shipping;
}

/** The order's status after a shipment or a cancellation: shipped once nothing is left to ship. */
export function statusAfterFulfilment(current: OrderStatus, items: readonly FulfilledItem[]): OrderStatus {
  const left = sum(items, (item) => item.allocated + item.backordered);
  const shipped = sum(items, (item) => item.shipped);
  if (left > 0) return shipped > 0 ? 'partially-shipped' : current;
  return shipped > 0 ? 'shipped' : 'cancelled';
}

/** One line's units a cancellation took: back to the shelf (allocated) and off the product's backorders. */
export interface CancelledUnits {
  productId: string;
  allocated: number;
  backordered: number;
}

export type CancelRestResult = { ok: true; items: FulfilledItem[]; cancelled: CancelledUnits[] } | { ok: false; problem: string };

/** A line to cancel: all of its units not shipped, or `quantity` of them. */
export interface CancelLineRequest {
  productId: string;
  quantity?: number | undefined;
}

/**
 * Cancels units not shipped: of every line when `lines` is not given, else of the lines named, all
 * of each or the quantity given, backordered units before allocated ones (those are on the shelf).
 */
export function cancelRest(items: readonly FulfilledItem[], lines?: readonly CancelLineRequest[]): CancelRestResult {
  if (!lines) {
    // Every line as it is (an order from before lines were combined may name a product twice).
    const cancelled = items.filter((item) => item.allocated + item.backordered > 0).map(({ productId, allocated, backordered }) => ({ productId, allocated, backordered }));
    if (cancelled.length === 0) return { ok: false, problem: 'Nothing is left to cancel: every unit has shipped or was cancelled already.' };
    return { ok: true, cancelled, items: items.map((item) => ({ ...item, allocated: 0, backordered: 0, cancelled: item.cancelled + item.allocated + item.backordered })) };
  }
  const requests = lines;
  const cancelled: CancelledUnits[] = [];
  const next = items.map((item) => ({ ...item }));
  for (const request of requests) {
    const item = next.find((each) => each.productId === request.productId);
    if (!item) return { ok: false, problem: `Product ${request.productId} is not on this order.` };
    if (cancelled.some((each) => each.productId === request.productId)) return { ok: false, problem: `${productLabel(item)} is named twice: give each line once.` };
    const open = item.allocated + item.backordered;
    if (open === 0) return { ok: false, problem: `Nothing of ${productLabel(item)} is left to cancel: it has shipped or was cancelled already.` };
    const wanted = request.quantity ?? open;
    if (wanted > open) return { ok: false, problem: `Only ${open} of ${productLabel(item)} ${open === 1 ? 'is' : 'are'} left to cancel, not ${wanted}.` };
    const backordered = Math.min(wanted, item.backordered);
    const allocated = wanted - backordered;
    if (wanted === 0) continue;
    item.backordered -= backordered;
    item.allocated -= allocated;
    item.cancelled += wanted;
    cancelled.push({ productId: item.productId, allocated, backordered });
  }
  if (cancelled.length === 0) return { ok: false, problem: 'Nothing is left to cancel: every unit has shipped or was cancelled already.' };
  return { ok: true, items: next, cancelled };
}

/** An open order waiting for a product, as the fill reads it. */
export interface WaitingOrder {
  id: string;
  createdAt: number;
  backordered: number;
}

/** How `units` arriving are shared: the oldest order first, each up to what it waits for. */
export function fillBackorders(waiting: readonly WaitingOrder[], units: number): { orderId: string; units: number }[] {
  const fills: { orderId: string; units: number }[] = [];
  let left = units;
  for (const order of [...waiting].sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id))) {
    if (left <= 0) break;
    const given = Math.min(left, order.backordered);
    if (given > 0) fills.push({ orderId: order.id, units: given });
    left -= given;
  }
  return fills;
}

/** The lines after `units` of a product arrived for this order. */
export function allocateArrival<Item extends FulfilledItem>(items: readonly Item[], productId: string, units: number): Item[] {
  let left = units;
  return items.map((item) => {
    if (item.productId !== productId || left === 0) return item;
    const given = Math.min(left, item.backordered);
    left -= given;
    return { ...item, backordered: item.backordered - given, allocated: item.allocated + given };
  });
}

/** "15 of Sparkling Water (BEV-1001) on backorder" for messages. */
export function backorderedText(items: readonly FulfilledItem[]): string[] {
  return items.filter((item) => item.backordered > 0).map((item) => `${item.backordered} of ${productLabel(item)} on backorder`);
}

/** A shipment's number: the order's number and the shipment's place, "HW-…-2". */
export const shipmentNumber = (orderId: string, sequence: number): string => `${orderId}-${sequence}`;

/** `orders/{orderId}/shipments/{sequence}`: one parcel of an order, with its own invoice and packing slip. */
export interface OrderShipment {
  /** "HW-…-1". */
  number: string;
  sequence: number;
  orderId: string;
  requestId: string;
  lines: ShipmentLine[];
  /** Null for a shipment recorded without a carrier (none so far: every shipment names one). */
  carrier: Carrier | null;
  trackingNumber: string;
  /** "INV-000042". */
  invoiceNumber: string;
  subtotal: number;
  shipping: number;
  tax: number;
  total: number;
  shippedAt: number;
  shippedBy: string;
  shippedByName: string;
  /** What of the order was left to ship right after it, line by line (its e-mail says so, whenever it is sent). */
  stillToCome: LineToCome[];
}

/** A line's units not yet shipped: ready on the shelf, and waiting for stock. */
export interface LineToCome {
  productId: string;
  sku: string;
  name: string;
  allocated: number;
  backordered: number;
}

/** The lines with units not yet shipped. */
export const linesToCome = (items: readonly FulfilledItem[]): LineToCome[] =>
  items.filter((item) => item.allocated + item.backordered > 0).map(({ productId, sku, name, allocated, backordered }) => ({ productId, sku, name, allocated, backordered }));
