/**
 * Saved lists ("Weekly kitchen"): named lists of products and quantities a buyer keeps and puts
 * into the cart in one action. A list stores product ids and quantities only; names and prices
 * come from today's catalog when the list is shown or used.
 */
import type { CartItem } from './cart';
import type { ContractPricing } from './company';
import { formatCount } from './money';
import { addToCartProblem, cartItemFor, type Orderable } from './ordering';
import { isRecord, storedNumber, storedText } from './storedFields';

export const MAX_LIST_NAME_LENGTH = 80;
export const MAX_LIST_LINES = 200;
export const MAX_LIST_QUANTITY = 100_000;

export interface SavedListLine {
  productId: string;
  quantity: number;
}

/** A list as stored in `lists/{id}`. */
export interface SavedList {
  id: string;
  ownerId: string;
  /** The company whose members also read the list ('' for none). */
  companyId: string;
  name: string;
  lines: SavedListLine[];
  /** Milliseconds; 0 when unknown. */
  updatedAt: number;
}

const wholeQuantity = (value: number) => Math.min(MAX_LIST_QUANTITY, Math.max(1, Math.round(value)));

/** A stored list as the app works with it: malformed lines are left out, quantities kept in bounds. */
export function savedListFromData(id: string, data: Record<string, unknown>, updatedAt = 0): SavedList {
  const lines = Array.isArray(data.lines) ? data.lines : [];
  return {
    id,
    ownerId: storedText(data.ownerId),
    companyId: storedText(data.companyId),
    name: storedText(data.name),
    lines: lines.flatMap((line: unknown) => {
      if (!isRecord(line) || typeof line.productId !== 'string' || line.productId === '') return [];
      return [{ productId: line.productId, quantity: wholeQuantity(storedNumber(line.quantity, 1)) }];
    }),
    updatedAt,
  };
}

/** Why a list name cannot be used, or null. */
export function listNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return 'Give the list a name.';
  if (trimmed.length > MAX_LIST_NAME_LENGTH) return `A list name may be at most ${MAX_LIST_NAME_LENGTH} characters.`;
  return null;
}

/** Why a quantity typed for a list line cannot be kept, or null. */
export function listQuantityProblem(quantity: number): string | null {
  return Number.isInteger(quantity) && quantity >= 1 && quantity <= MAX_LIST_QUANTITY ? null : `Enter a whole number from 1 to ${formatCount(MAX_LIST_QUANTITY)}.`;
}

/** The lines with a product's quantity set to `quantity` (kept within the list's bounds). */
export function withListQuantity(lines: readonly SavedListLine[], productId: string, quantity: number): SavedListLine[] {
  return lines.map((line) => (line.productId === productId ? { ...line, quantity: wholeQuantity(quantity) } : line));
}

/** The lines with `quantity` more of a product (a new line when the list lacks it). */
export function withListLine(lines: readonly SavedListLine[], productId: string, quantity: number): SavedListLine[] {
  if (lines.some((line) => line.productId === productId)) {
    return lines.map((line) => (line.productId === productId ? { ...line, quantity: wholeQuantity(line.quantity + quantity) } : line));
  }
  if (lines.length >= MAX_LIST_LINES) throw new Error(`A list holds at most ${MAX_LIST_LINES} products.`);
  return [...lines, { productId, quantity: wholeQuantity(quantity) }];
}

export interface ListIntoCart {
  /** The cart lines to add, at the buyer's prices today (contract or tier). */
  items: CartItem[];
  /** Lines that cannot be added, each with the reason a buyer reads. */
  refused: { productId: string; reason: string }[];
}

/**
 * What putting a whole list into the cart adds, against today's catalog (`products`: the active
 * products by id) and the cart as it is: a line whose product is gone, inactive or short of stock,
 * or whose quantity breaks a rule, is reported, never silently dropped.
 */
export function listIntoCart(lines: readonly SavedListLine[], products: Readonly<Record<string, Orderable>>, cart: readonly CartItem[], contract: ContractPricing | null = null): ListIntoCart {
  const result: ListIntoCart = { items: [], refused: [] };
  let working = [...cart];
  for (const line of lines) {
    const product = products[line.productId];
    if (!product) {
      result.refused.push({ productId: line.productId, reason: 'This product is no longer available.' });
      continue;
    }
    const problem = addToCartProblem(product, line.quantity, working);
    if (problem) {
      result.refused.push({ productId: line.productId, reason: problem });
      continue;
    }
    const item = cartItemFor(product, line.quantity, contract);
    result.items.push(item);
    working = [...working.filter((entry) => entry.id !== item.id), { ...item, quantity: item.quantity + (working.find((entry) => entry.id === item.id)?.quantity ?? 0) }];
  }
  return result;
}
