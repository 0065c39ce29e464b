/**
 * Quotes: a buyer asks for a price, the shop answers with one that holds until a date, and
 * accepting it places exactly that order. The state table (who may move a quote where), the
 * quote's totals and the readers of the stored documents. Money is integer cents, times are
 * milliseconds.
 */
import type { ShippingAddress } from './address';
import type { CartUnitsTaken } from './cart';
import { lineProblemMessage } from './checkout';
import type { Company } from './company';
import { storedRecords } from './orderData';
import type { PlaceOrderResult } from './orders';
import type { Orderable } from './ordering';
import { orderTotals, quantityProblem, type OrderTotals } from './pricing';
import { millisOf, storedChoice, storedNumber, storedText, type StoredData } from './storedFields';

export const QUOTE_STATUSES = ['requested', 'quoted', 'accepted', 'declined', 'rejected', 'withdrawn', 'expired'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  requested: 'Requested',
  quoted: 'Quoted',
  accepted: 'Accepted',
  declined: 'Declined',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
};

/** Who moves a quote: its company's members, the shop's staff, or the daily schedule. */
export const QUOTE_SIDES = ['buyer', 'staff', 'schedule'] as const;
export type QuoteSide = (typeof QUOTE_SIDES)[number];

export const QUOTE_MOVES = ['respond', 'ask-changes', 'decline', 'withdraw', 'reject', 'accept', 'expire'] as const;
export type QuoteMove = (typeof QUOTE_MOVES)[number];

/** The moves of the quoteAction callable; the others have their own (respondToQuote, acceptQuote, the schedule). */
export const QUOTE_ACTIONS = ['ask-changes', 'decline', 'reject', 'withdraw'] as const satisfies readonly QuoteMove[];
export type QuoteAction = (typeof QUOTE_ACTIONS)[number];

/** The state table: each move's side, the statuses it starts from and the one it leads to. */
export const QUOTE_MOVE_RULES: Record<QuoteMove, { side: QuoteSide; from: readonly QuoteStatus[]; to: QuoteStatus }> = {
  respond: { side: 'staff', from: ['requested', 'quoted'], to: 'quoted' },
  'ask-changes': { side: 'buyer', from: ['quoted'], to: 'requested' },
  decline: { side: 'buyer', from: ['quoted'], to: 'declined' },
  withdraw: { side: 'buyer', from: ['requested'], to: 'withdrawn' },
  reject: { side: 'staff', from: ['requested', 'quoted'], to: 'rejected' },
  accept: { side: 'buyer', from: ['quoted'], to: 'accepted' },
  expire: { side: 'schedule', from: ['quoted'], to: 'expired' },
};

/** No move leads out of these. */
export function isFinalQuoteStatus(status: QuoteStatus): boolean {
  return !QUOTE_MOVES.some((move) => QUOTE_MOVE_RULES[move].from.includes(status));
}

/** Why a move is refused, with the callable error code it becomes. */
export interface QuoteMoveRefusal {
  code: 'permission-denied' | 'failed-precondition';
  message: string;
}

const MOVE_NAMES: Record<QuoteMove, string> = {
  respond: 'answered',
  'ask-changes': 'sent back for changes',
  decline: 'declined',
  withdraw: 'withdrawn',
  reject: 'rejected',
  accept: 'accepted',
  expire: 'expired',
};

/**
 * Why `side` may not make `move` on a quote in `status`, or null when it may. The wrong side is
 * told so whatever the status (a buyer can never reject), before the status is judged.
 */
export function quoteMoveProblem(status: QuoteStatus, move: QuoteMove, side: QuoteSide): QuoteMoveRefusal | null {
  const rule = QUOTE_MOVE_RULES[move];
  if (rule.side !== side) return { code: 'permission-denied', message: `A quote cannot be ${MOVE_NAMES[move]} from your side.` };
  if (!rule.from.includes(status)) return { code: 'failed-precondition', message: `This quote is ${QUOTE_STATUS_LABELS[status].toLowerCase()} and can no longer be ${MOVE_NAMES[move]}.` };
  return null;
}

export function quoteMoveAllowed(status: QuoteStatus, move: QuoteMove, side: QuoteSide): boolean {
  return quoteMoveProblem(status, move, side) === null;
}

/** Quote numbers read "Q-000042", from their own sequence (counters/quotes). */
export function formatQuoteNumber(sequence: number): string {
  return `Q-${String(sequence).padStart(6, '0')}`;
}

/** Lines of a quote hold at most this many products, like a cart. */
export const MAX_QUOTE_LINES = 200;

/** The buyer is reminded this long before a quote runs out. */
export const QUOTE_REMINDER_MS = 2 * 24 * 60 * 60 * 1000;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A quote given "until" a day holds to the last millisecond of that day (UTC). */
export function endOfUtcDay(millis: number): number {
  return Math.floor(millis / DAY_MS) * DAY_MS + DAY_MS - 1;
}

/** Whether a quote valid until `validUntil` has run out at `now`; one without a date has not been quoted and cannot be accepted. */
export function quoteExpired(validUntil: number | null, now: number): boolean {
  return validUntil === null || now > validUntil;
}

/** Why a validity date cannot be given now, or null. */
export function validUntilProblem(validUntil: number, now: number): string | null {
  return validUntil <= now ? 'The quote must be valid until a day in the future.' : null;
}

/** One line of a quote; the product's name, SKU, unit and image are frozen when the line is written. */
export interface QuoteLine {
  productId: string;
  sku: string;
  name: string;
  unit: string;
  imageUrl: string;
  quantity: number;
  /** Cents; null until the shop has quoted the line. */
  unitPrice: number | null;
  lineTotal: number;
}

export type QuoteCreator = 'buyer' | 'staff';

export interface Quote extends OrderTotals {
  id: string;
  number: string;
  companyId: string;
  companyName: string;
  requestedBy: string;
  requestedByName: string;
  requestedByEmail: string;
  createdBy: QuoteCreator;
  requestId: string;
  status: QuoteStatus;
  version: number;
  note: string;
  lines: QuoteLine[];
  taxRateBasisPoints: number;
  /** Milliseconds; null until quoted. */
  validUntil: number | null;
  lastMessage: string;
  orderId: string | null;
  /** Asked for the lines of the requester's cart: accepting takes the quoted units out of that cart. */
  fromCart: boolean;
  /** What accepting took out of the requester's cart. */
  takenFromCart: CartUnitsTaken[];
  createdAt: number;
  updatedAt: number;
  quotedAt: number | null;
  expiryReminderSentAt: number | null;
}

export const QUOTE_MESSAGE_KINDS = ['message', 'request', 'quote', 'ask-changes', 'decline', 'reject', 'withdraw', 'accept'] as const;
export type QuoteMessageKind = (typeof QUOTE_MESSAGE_KINDS)[number];

export interface QuoteMessage {
  id: string;
  side: 'buyer' | 'staff';
  by: string;
  byName: string;
  text: string;
  /** Milliseconds. */
  at: number;
  /** The quote's version when it was written. */
  version: number;
  kind: QuoteMessageKind;
}

/** Priced lines and totals of a quote, by the order rules (shipping, tax of `taxRateBasisPoints`). */
export function quoteTotals(lines: readonly Pick<QuoteLine, 'quantity' | 'unitPrice'>[], taxRateBasisPoints: number): OrderTotals {
  return orderTotals(lines.reduce((sum, line) => sum + (line.unitPrice ?? 0) * line.quantity, 0), taxRateBasisPoints);
}

/** What accepting a quote answers: its order, and the units it took out of the requester's cart. */
export interface AcceptQuoteResult extends PlaceOrderResult {
  takenFromCart: CartUnitsTaken[];
}

/** A line as a callable names it: a product, a quantity and, once quoted, a unit price. */
export interface QuoteLineRequest {
  productId: string;
  quantity: number;
  unitPrice?: number;
}

/**
 * The quote's lines from the catalog as it is now: name, SKU, unit and image frozen, the quantity
 * checked against the product's minimum and pack size (stock is judged when the quote is
 * accepted). A product missing or no longer sold is named by its id only, which the caller gave.
 */
export function quoteLinesFor(requested: readonly QuoteLineRequest[], products: ReadonlyMap<string, Orderable>): { lines: QuoteLine[]; problems: string[] } {
  const lines: QuoteLine[] = [];
  const problems: string[] = [];
  for (const { productId, quantity, unitPrice = null } of requested) {
    const product = products.get(productId);
    if (!product?.active) {
      problems.push(`Product ${productId} is not available.`);
      continue;
    }
    const problem = quantityProblem(quantity, { minOrderQty: product.minOrderQty, packSize: product.packSize });
    if (problem) problems.push(lineProblemMessage(problem, product));
    lines.push({ productId, sku: product.sku, name: product.name, unit: product.unit, imageUrl: product.imageUrl, quantity, unitPrice, lineTotal: (unitPrice ?? 0) * quantity });
  }
  return { lines, problems };
}

/** Where a quote is priced to: the company's first shipping address, else its billing address. */
export function quoteAddress(company: Pick<Company, 'shippingAddresses' | 'billingAddress'>): ShippingAddress {
  return company.shippingAddresses[0] ?? company.billingAddress;
}

/** Whether the buyer should now be reminded that a quote runs out: quoted, within two days of its end, not yet reminded. */
export function quoteReminderDue(quote: Pick<Quote, 'status' | 'validUntil' | 'expiryReminderSentAt'>, now: number): boolean {
  return quote.status === 'quoted' && quote.validUntil !== null && quote.expiryReminderSentAt === null && now <= quote.validUntil && quote.validUntil - now <= QUOTE_REMINDER_MS;
}

const millisOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : millisOf(value) || null);

function quoteLineFromData(data: StoredData): QuoteLine {
  const unitPrice = typeof data.unitPrice === 'number' && Number.isInteger(data.unitPrice) && data.unitPrice >= 0 ? data.unitPrice : null;
  return {
    productId: storedText(data.productId),
    sku: storedText(data.sku),
    name: storedText(data.name),
    unit: storedText(data.unit),
    imageUrl: storedText(data.imageUrl),
    quantity: storedNumber(data.quantity),
    unitPrice,
    lineTotal: storedNumber(data.lineTotal),
  };
}

/** A stored `quotes/{id}`; anything missing reads as blank, an unknown status as requested (never acceptable). */
export function quoteFromData(id: string, data: StoredData): Quote {
  const orderId = storedText(data.orderId);
  return {
    id,
    number: storedText(data.number),
    companyId: storedText(data.companyId),
    companyName: storedText(data.companyName),
    requestedBy: storedText(data.requestedBy),
    requestedByName: storedText(data.requestedByName),
    requestedByEmail: storedText(data.requestedByEmail),
    createdBy: data.createdBy === 'staff' ? 'staff' : 'buyer',
    requestId: storedText(data.requestId),
    status: storedChoice(QUOTE_STATUSES, data.status, 'requested'),
    version: storedNumber(data.version, 1),
    note: storedText(data.note),
    lines: storedRecords(data.lines).map(quoteLineFromData),
    subtotal: storedNumber(data.subtotal),
    shipping: storedNumber(data.shipping),
    tax: storedNumber(data.tax),
    taxRateBasisPoints: storedNumber(data.taxRateBasisPoints),
    total: storedNumber(data.total),
    validUntil: millisOrNull(data.validUntil),
    lastMessage: storedText(data.lastMessage),
    orderId: orderId || null,
    fromCart: data.fromCart === true,
    takenFromCart: storedRecords(data.takenFromCart).map((taken) => ({ productId: storedText(taken.productId), name: storedText(taken.name), quantity: storedNumber(taken.quantity) })),
    createdAt: millisOf(data.createdAt),
    updatedAt: millisOf(data.updatedAt),
    quotedAt: millisOrNull(data.quotedAt),
    expiryReminderSentAt: millisOrNull(data.expiryReminderSentAt),
  };
}

/** A stored `quotes/{id}/messages/{messageId}`. */
export function quoteMessageFromData(id: string, data: StoredData): QuoteMessage {
  return {
    id,
    side: data.side === 'staff' ? 'staff' : 'buyer',
    by: storedText(data.by),
    byName: storedText(data.byName),
    text: storedText(data.text),
    at: millisOf(data.at),
    version: storedNumber(data.version, 1),
    kind: storedChoice(QUOTE_MESSAGE_KINDS, data.kind, 'message'),
  };
}
