/**
 * Confirmed orders: what the buyer confirmed on the checkout screen against what the server
 * would charge now. placeOrder creates an order only when they match; otherwise it answers with
 * the list of changes, which the checkout shows before the buyer confirms again.
 */
import { productLabel, UNAVAILABLE_ITEM_MESSAGE, type PricedOrder } from './checkout';
import { formatMoney } from './money';
import type { ExpectedOrder } from './callableSchemas';
import { isRecord } from './storedFields';

/**
 * One difference between the confirmed order and the server's. Amounts are integer cents.
 * `unavailable` and `removed` carry no product name: the server must not name a product the buyer
 * may no longer read, so the web names those lines from its own cart.
 */
export type OrderChange =
  | { kind: 'price'; productId: string; name: string; from: number; to: number; message: string }
  | { kind: 'quantity'; productId: string; name: string; from: number; to: number; message: string }
  | { kind: 'unavailable'; productId: string; message: string }
  | { kind: 'added'; productId: string; name: string; quantity: number; message: string }
  | { kind: 'removed'; productId: string; quantity: number; message: string }
  | { kind: 'total'; from: number; to: number; message: string };

/** The `details` of placeOrder's failed-precondition answer when the order changed. */
export interface OrderChangedDetails {
  changes: OrderChange[];
}

/** The order as the buyer confirms it: the lines and total the checkout summary shows. */
export function expectedOrder(priced: Pick<PricedOrder, 'items' | 'total'>): ExpectedOrder {
  return {
    lines: priced.items.map(({ productId, quantity, unitPrice }) => ({ productId, quantity, unitPrice })),
    total: priced.total,
  };
}

function unavailableChange(productId: string): OrderChange {
  return { kind: 'unavailable', productId, message: UNAVAILABLE_ITEM_MESSAGE };
}

/**
 * Every difference between what the buyer confirmed and the server's re-priced cart, in the
 * order of the confirmed lines, then lines new to the buyer, then the total; empty when they match.
 * A line whose product is gone reads the same whether it is missing or inactive.
 */
export function orderChanges(expected: ExpectedOrder, priced: Pick<PricedOrder, 'items' | 'unavailable' | 'total'>): OrderChange[] {
  const changes: OrderChange[] = [];
  const charged = new Map(priced.items.map((item) => [item.productId, item]));
  const unavailable = new Set(priced.unavailable);
  const confirmed = new Set(expected.lines.map((line) => line.productId));

  for (const line of expected.lines) {
    const item = charged.get(line.productId);
    if (unavailable.has(line.productId)) {
      changes.push(unavailableChange(line.productId));
    } else if (!item) {
      changes.push({ kind: 'removed', productId: line.productId, quantity: line.quantity, message: `An item you confirmed (quantity ${line.quantity}) is no longer in your cart.` });
    } else {
      const label = productLabel(item);
      if (item.quantity !== line.quantity) {
        const message = `The quantity of ${label} in your cart changed from ${line.quantity} to ${item.quantity}.`;
        changes.push({ kind: 'quantity', productId: item.productId, name: item.name, from: line.quantity, to: item.quantity, message });
      }
      if (item.unitPrice !== line.unitPrice) {
        const message = `The price of ${label} changed from ${formatMoney(line.unitPrice)} to ${formatMoney(item.unitPrice)}.`;
        changes.push({ kind: 'price', productId: item.productId, name: item.name, from: line.unitPrice, to: item.unitPrice, message });
      }
    }
  }
  for (const productId of priced.unavailable) {
    if (!confirmed.has(productId)) changes.push(unavailableChange(productId));
  }
  for (const item of priced.items) {
    if (confirmed.has(item.productId)) continue;
    const message = `Your cart now also holds ${item.quantity} of ${productLabel(item)}.`;
    changes.push({ kind: 'added', productId: item.productId, name: item.name, quantity: item.quantity, message });
  }
  if (expected.total !== priced.total) {
    changes.push({ kind: 'total', from: expected.total, to: priced.total, message: `The order total changed from ${formatMoney(expected.total)} to ${formatMoney(priced.total)}.` });
  }
  return changes;
}

/** Sentences a refusal lists before summing up the rest, so a toast stays readable. */
const LISTED_CHANGES = 4;

/** The refusal's message: what changed, in sentences (the same sentence once), and what to do. */
export function orderChangedMessage(changes: readonly OrderChange[]): string {
  const sentences = [...new Set(changes.map((change) => change.message))];
  const listed = sentences.slice(0, LISTED_CHANGES);
  const more = sentences.length - listed.length;
  if (more > 0) listed.push(`And ${more} more ${more === 1 ? 'change' : 'changes'}.`);
  return ['Your order changed since you confirmed it.', ...listed, 'Please review your order and confirm it again.'].join(' ');
}

const CHANGE_KINDS = new Set<OrderChange['kind']>(['price', 'quantity', 'unavailable', 'added', 'removed', 'total']);

/** The changes in a refusal's `details`, or null when it holds none (another refusal, an older server). */
export function orderChangesIn(details: unknown): OrderChange[] | null {
  const changes = isRecord(details) ? details.changes : undefined;
  if (!Array.isArray(changes) || changes.length === 0) return null;
  const valid = changes.filter(
    (change): change is OrderChange => isRecord(change) && CHANGE_KINDS.has(change.kind as OrderChange['kind']) && typeof change.message === 'string',
  );
  return valid.length > 0 ? valid : null;
}
