/**
 * Returns (RMA): a buyer asks to send shipped units back, the shop approves or rejects, the
 * warehouse receives what arrives and every receipt is credited. A return takes its units from the
 * shipments that carried them (each shipment has its own invoice), so its credit notes credit
 * exactly those invoices.
 */
import type { ShipmentLine, OrderShipment } from './fulfilment';
import type { OrderStatus, UnitsOnReturns } from './orders';
import { isRecord, storedNumber } from './storedFields';

/** Days after a shipment within which its units may be asked back. */
export const RETURN_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export const RETURN_REASONS = ['damaged', 'wrong-item', 'not-as-described', 'ordered-by-mistake', 'other'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];
export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  damaged: 'Damaged',
  'wrong-item': 'Wrong item',
  'not-as-described': 'Not as described',
  'ordered-by-mistake': 'Ordered by mistake',
  other: 'Other',
};

export const RETURN_STATUSES = ['requested', 'approved', 'rejected', 'received', 'credited', 'closed'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];
export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: 'Requested',
  approved: 'Approved',
  rejected: 'Rejected',
  received: 'Partly received',
  credited: 'Credited',
  closed: 'Closed',
};

export const RETURN_CONDITIONS = ['resellable', 'damaged'] as const;
export type ReturnCondition = (typeof RETURN_CONDITIONS)[number];
export const RETURN_CONDITION_LABELS: Record<ReturnCondition, string> = { resellable: 'Resellable (back to stock)', damaged: 'Damaged (not restocked)' };

/** Orders whose shipped units may be asked back. */
export const RETURNABLE_ORDER_STATUSES: readonly OrderStatus[] = ['partially-shipped', 'shipped', 'delivered'];

/** A return still in progress: its units count against what may be returned and it may be closed. */
export const isOpenReturn = (status: ReturnStatus): boolean => status === 'requested' || status === 'approved' || status === 'received';
/** A return whose goods may arrive: approved, or received in part. */
export const awaitsGoods = (status: ReturnStatus): boolean => status === 'approved' || status === 'received';

export const formatReturnNumber = (sequence: number): string => `RMA-${String(sequence).padStart(6, '0')}`;

/** The units of a return line taken from one shipment (and so credited on its invoice). */
export interface ReturnLinePart {
  shipment: number;
  invoiceNumber: string;
  quantity: number;
  /** Units of this part received so far. */
  received: number;
}

export interface ReturnLine extends ShipmentLine {
  /** Units asked back (the shipped line's `quantity` is not kept: this is the return's). */
  quantity: number;
  reason: ReturnReason;
  parts: ReturnLinePart[];
  resellable: number;
  damaged: number;
}

export interface ReturnEvent {
  status: ReturnStatus;
  at: number;
  by: string;
  byName: string;
  /** The decision's message, the reason for closing, or what arrived (the request's note is the return's own `note`). */
  message: string;
}

export interface ProductReturn {
  id: string;
  /** "RMA-000001". */
  number: string;
  sequence: number;
  orderId: string;
  companyId: string;
  /** The order's buyer: the return is read as the order is. */
  userId: string;
  userEmail: string;
  company: string;
  requestedBy: string;
  requestedByName: string;
  requestedByEmail: string;
  status: ReturnStatus;
  lines: ReturnLine[];
  note: string;
  currency: string;
  /** Set when approved; taken off each credit. */
  restockingFeeBasisPoints: number;
  /** Credit notes issued for its receipts, oldest first. */
  creditNotes: string[];
  history: ReturnEvent[];
  createdAt: number;
  updatedAt: number;
}


/** What may be returned of one product of an order now. */
export interface ReturnableLine extends ShipmentLine {
  /** Units shipped in all. */
  shipped: number;
  /** Units on returns (open or completed). */
  onReturns: number;
  /** Units shipped more than RETURN_DAYS ago and not on returns. */
  tooLate: number;
  /** Units that may be asked back now. */
  returnable: number;
  /** When the window of the latest shipment still open closes (ms), or null when none is. */
  returnBy: number | null;
}

const inWindow = (shipment: Pick<OrderShipment, 'shippedAt'>, now: number) => now <= shipment.shippedAt + RETURN_DAYS * DAY_MS;

/** Per shipment (oldest first), the units of each product still free to return. */
function freeUnits(shipments: readonly OrderShipment[], onReturns: UnitsOnReturns) {
  return [...shipments]
    .sort((a, b) => a.sequence - b.sequence)
    .map((shipment) => ({
      shipment,
      lines: shipment.lines.map((line) => ({ line, free: Math.max(0, line.quantity - (onReturns[String(shipment.sequence)]?.[line.productId] ?? 0)) })),
    }));
}

/** What of each product shipped on the order may be returned at `now`, in the order the products first shipped. */
export function returnableLines(shipments: readonly OrderShipment[], onReturns: UnitsOnReturns, now: number): ReturnableLine[] {
  const lines = new Map<string, ReturnableLine>();
  for (const { shipment, lines: shipped } of freeUnits(shipments, onReturns)) {
    const open = inWindow(shipment, now);
    for (const { line, free } of shipped) {
      const entry = lines.get(line.productId) ?? { ...line, quantity: 0, lineTotal: 0, shipped: 0, onReturns: 0, tooLate: 0, returnable: 0, returnBy: null };
      entry.shipped += line.quantity;
      entry.onReturns += line.quantity - free;
      if (open) {
        entry.returnable += free;
        if (free > 0) entry.returnBy = shipment.shippedAt + RETURN_DAYS * DAY_MS;
      } else entry.tooLate += free;
      lines.set(line.productId, entry);
    }
  }
  return [...lines.values()];
}

export interface ReturnLineRequest {
  productId: string;
  quantity: number;
  reason: ReturnReason;
}

/**
 * The lines of a new return, each taken from the oldest shipments still in their window first (so
 * the newest stay returnable longest), or the sentence saying why it cannot be: a product not
 * shipped on the order, or more units than may be returned now.
 */
export function allocateReturn(
  shipments: readonly OrderShipment[],
  onReturns: UnitsOnReturns,
  now: number,
  requested: readonly ReturnLineRequest[],
): { lines: ReturnLine[] } | { problem: string } {
  const returnable = returnableLines(shipments, onReturns, now);
  const free = freeUnits(shipments, onReturns).filter(({ shipment }) => inWindow(shipment, now));
  const lines: ReturnLine[] = [];
  for (const request of requested) {
    const line = returnable.find((candidate) => candidate.productId === request.productId);
    if (!line) return { problem: `Product ${request.productId} was not shipped on this order, so it cannot be returned.` };
    if (request.quantity > line.returnable) return { problem: `${returnLimitText(line)} Nothing was requested.` };
    let wanted = request.quantity;
    const parts: ReturnLinePart[] = [];
    for (const { shipment, lines: shippedLines } of free) {
      const shipped = shippedLines.find((candidate) => candidate.line.productId === request.productId);
      const take = Math.min(wanted, shipped?.free ?? 0);
      if (take === 0) continue;
      parts.push({ shipment: shipment.sequence, invoiceNumber: shipment.invoiceNumber, quantity: take, received: 0 });
      wanted -= take;
    }
    const { productId, sku, name, unit, unitPrice } = line;
    lines.push({ productId, sku, name, unit, unitPrice, quantity: request.quantity, lineTotal: unitPrice * request.quantity, reason: request.reason, parts, resellable: 0, damaged: 0 });
  }
  return { lines };
}

/** Why no more of a product may be returned than `returnable`: what shipped, what is on returns, what is too old. */
export function returnLimitText(line: ReturnableLine): string {
  const why = [
    `${line.shipped} shipped`,
    ...(line.onReturns ? [`${line.onReturns} already on returns`] : []),
    ...(line.tooLate ? [`${line.tooLate} shipped more than ${RETURN_DAYS} days ago`] : []),
  ];
  return `Only ${line.returnable} of ${line.name} (${line.sku}) can be returned: ${why.join(', ')}.`;
}

/** The order's units on returns after a return's parts are added (`sign` 1) or given back (-1). */
export function withUnitsOnReturns(onReturns: UnitsOnReturns, parts: readonly { productId: string; shipment: number; quantity: number }[], sign: 1 | -1): UnitsOnReturns {
  const next: UnitsOnReturns = Object.fromEntries(Object.entries(onReturns).map(([shipment, units]) => [shipment, { ...units }]));
  for (const { productId, shipment, quantity } of parts) {
    const units = (next[String(shipment)] ??= {});
    units[productId] = Math.max(0, (units[productId] ?? 0) + sign * quantity);
  }
  return next;
}

/** The parts of every line, flattened with their product. */
export const returnParts = (lines: readonly ReturnLine[]) => lines.flatMap((line) => line.parts.map((part) => ({ ...part, productId: line.productId })));

/** Units of a return not received yet, per part (what closing it gives back). */
export const unreceivedParts = (lines: readonly ReturnLine[]) =>
  returnParts(lines)
    .map((part) => ({ ...part, quantity: part.quantity - part.received }))
    .filter((part) => part.quantity > 0);

export interface ReceiptLine {
  productId: string;
  quantity: number;
  condition: ReturnCondition;
}

/** The credit on one invoice for units received: its lines at the prices charged. */
export interface InvoiceCredit {
  invoiceNumber: string;
  lines: ShipmentLine[];
  goods: number;
}

/**
 * Records a receipt on a return's lines: units go to the oldest parts first; refused (a sentence)
 * beyond what is approved and not yet received, or for a product not on the return. Answers the
 * lines after it and what to credit per invoice.
 */
export function receiveUnits(lines: readonly ReturnLine[], receipt: readonly ReceiptLine[]): { lines: ReturnLine[]; credits: InvoiceCredit[] } | { problem: string } {
  const next = lines.map((line) => ({ ...line, parts: line.parts.map((part) => ({ ...part })) }));
  const credits = new Map<string, InvoiceCredit>();
  const wanted = new Map<string, number>();
  for (const { productId, quantity } of receipt) wanted.set(productId, (wanted.get(productId) ?? 0) + quantity);
  for (const [productId, quantity] of wanted) {
    const line = next.find((candidate) => candidate.productId === productId);
    if (!line) return { problem: `Product ${productId} is not on this return.` };
    const left = line.parts.reduce((sum, part) => sum + part.quantity - part.received, 0);
    if (quantity > left) return { problem: `Only ${left} of ${line.name} (${line.sku}) ${left === 1 ? 'is' : 'are'} still to receive on this return, not ${quantity}. Nothing was received.` };
    let toReceive = quantity;
    for (const part of line.parts) {
      const take = Math.min(toReceive, part.quantity - part.received);
      if (take === 0) continue;
      part.received += take;
      toReceive -= take;
      const credit = credits.get(part.invoiceNumber) ?? { invoiceNumber: part.invoiceNumber, lines: [], goods: 0 };
      const { sku, name, unit, unitPrice } = line;
      const existing = credit.lines.find((candidate) => candidate.productId === productId);
      if (existing) {
        existing.quantity += take;
        existing.lineTotal += unitPrice * take;
      } else credit.lines.push({ productId, sku, name, unit, unitPrice, quantity: take, lineTotal: unitPrice * take });
      credit.goods += unitPrice * take;
      credits.set(part.invoiceNumber, credit);
    }
  }
  for (const { productId, quantity, condition } of receipt) {
    const line = next.find((candidate) => candidate.productId === productId)!;
    line[condition] += quantity;
  }
  return { lines: next, credits: [...credits.values()] };
}

/** Whether every unit of the return has arrived. */
export const allReceived = (lines: readonly ReturnLine[]): boolean => lines.every((line) => line.parts.every((part) => part.received >= part.quantity));

/**
 * What a credit for returned goods comes to: the goods less the restocking fee, plus tax at the
 * invoice's rate on what is credited (the fee is the shop's income, so it carries no credit of tax).
 */
export function returnCreditAmount(goods: number, taxRateBasisPoints: number, restockingFeeBasisPoints: number): { fee: number; tax: number; amount: number } {
  const fee = Math.round((goods * restockingFeeBasisPoints) / 10_000);
  const tax = Math.round(((goods - fee) * taxRateBasisPoints) / 10_000);
  return { fee, tax, amount: goods - fee + tax };
}

/** The order's units on returns as stored (`unitsOnReturns`), whole numbers only. */
export function storedUnitsOnReturns(value: unknown): UnitsOnReturns {
  if (!isRecord(value)) return {};
  return Object.fromEntries(
    Object.entries(value).flatMap(([shipment, units]) => (isRecord(units) ? [[shipment, Object.fromEntries(Object.entries(units).map(([productId, count]) => [productId, storedNumber(count)]))]] : [])),
  );
}

/** "15%" for 1500 basis points. */
export const restockingFeeText = (basisPoints: number): string => `${basisPoints / 100}%`;
