import type { PriceTier } from './pricing';
import { unitPriceFor } from './pricing';

/**
 * A cart line: the product id, the unit price the buyer was shown for the line's quantity, the
 * quantity, and product fields copied in so the cart renders without reading products.
 * `basePrice`, `tiers` and `contractPrice` (the buyer's contract price before tiers, when it was
 * known) are the prices when the line was added: the unit price follows the volume tier the
 * quantity reaches, never above the contract price.
 */
export interface CartItem {
  id: string;
  price: number;
  quantity: number;
  name: string;
  sku: string;
  imageUrl: string;
  unit: string;
  minOrderQty: number;
  packSize: number;
  basePrice?: number;
  tiers?: PriceTier[];
  contractPrice?: number;
}

/** The unit price the line's recorded prices give for `quantity`; a line without them keeps its price. */
export function recordedUnitPrice(item: CartItem, quantity = item.quantity): number {
  if (item.basePrice === undefined) return item.price;
  return Math.min(unitPriceFor({ price: item.basePrice, tiers: item.tiers }, quantity), item.contractPrice ?? Number.POSITIVE_INFINITY);
}

/** The unit price follows the tier reached by the quantity, when the line carries tiers. */
function repriced(item: CartItem): CartItem {
  const price = recordedUnitPrice(item);
  return price === item.price ? item : { ...item, price };
}

/** The line with the prices of a new addition of its product: the ones the buyer has just been shown. */
function withPricesOf(line: CartItem, addition: CartItem): CartItem {
  const { contractPrice: _before, ...kept } = line;
  const { price, basePrice, tiers, contractPrice } = addition;
  return { ...kept, price, ...(basePrice === undefined ? {} : { basePrice, tiers: tiers ?? [] }), ...(contractPrice === undefined ? {} : { contractPrice }) };
}

/** Adds `item.quantity` units: increases an existing line, or appends a new one. */
export function addItem(items: readonly CartItem[], item: CartItem): CartItem[] {
  if (item.quantity <= 0) return [...items];
  const existing = items.find((line) => line.id === item.id);
  if (!existing) return [...items, repriced(item)];
  return items.map((line) => (line.id === item.id ? repriced({ ...withPricesOf(line, item), quantity: line.quantity + item.quantity }) : line));
}

export function removeItem(items: readonly CartItem[], id: string): CartItem[] {
  return items.filter((line) => line.id !== id);
}

/** Sets a line's quantity; 0 or less removes the line. Unknown ids leave the cart unchanged. */
export function updateQuantity(items: readonly CartItem[], id: string, quantity: number): CartItem[] {
  if (quantity <= 0) return removeItem(items, id);
  return items.map((line) => (line.id === id ? repriced({ ...line, quantity }) : line));
}

/** Units of a product taken out of a cart. */
export interface CartUnitsTaken {
  productId: string;
  name: string;
  quantity: number;
}

/**
 * The cart without the quantities of `lines` (an accepted quote's, when it was asked from this
 * cart, so its goods are not ordered twice): a line of one of their products loses at most that
 * many units and goes when none is left; every other line stays as it is.
 */
export function withoutUnits(items: readonly CartItem[], lines: readonly { productId: string; quantity: number }[]): { items: CartItem[]; taken: CartUnitsTaken[] } {
  let left = [...items];
  const taken: CartUnitsTaken[] = [];
  for (const { productId, quantity } of lines) {
    const line = left.find((item) => item.id === productId);
    if (!line) continue;
    const units = Math.min(quantity, line.quantity);
    taken.push({ productId, name: line.name, quantity: units });
    left = updateQuantity(left, productId, line.quantity - units);
  }
  return { items: left, taken };
}

export function clearCart(): CartItem[] {
  return [];
}

/** Sum of price x quantity, in cents. */
export function cartTotal(items: readonly CartItem[]): number {
  return items.reduce((sum, line) => sum + line.price * line.quantity, 0);
}

/** Sum of quantities. */
export function cartCount(items: readonly CartItem[]): number {
  return items.reduce((sum, line) => sum + line.quantity, 0);
}

/** Server lines first and unchanged; guest lines whose id the server lacks are appended. */
export function mergeCarts(serverItems: readonly CartItem[], guestItems: readonly CartItem[]): CartItem[] {
  const serverIds = new Set(serverItems.map((line) => line.id));
  const merged = [...serverItems];
  for (const line of guestItems) {
    if (!serverIds.has(line.id)) {
      merged.push(line);
      serverIds.add(line.id);
    }
  }
  return merged;
}
