import type { PriceTier } from './pricing';
import { unitPriceFor } from './pricing';

/**
 * A cart line: the product id, the unit price for the line's quantity, the quantity, and product
 * fields copied in so the cart renders without reading products. `basePrice` and `tiers` let the
 * unit price follow the volume tier the quantity reaches.
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
}

/** The unit price follows the tier reached by the quantity, when the line carries tiers. */
function repriced(item: CartItem): CartItem {
  if (item.basePrice === undefined) return item;
  const price = unitPriceFor({ price: item.basePrice, tiers: item.tiers }, item.quantity);
  return price === item.price ? item : { ...item, price };
}

/** Adds `item.quantity` units: increases an existing line, or appends a new one. */
export function addItem(items: readonly CartItem[], item: CartItem): CartItem[] {
  if (item.quantity <= 0) return [...items];
  const existing = items.find((line) => line.id === item.id);
  if (!existing) return [...items, repriced(item)];
  return items.map((line) => (line.id === item.id ? repriced({ ...line, quantity: line.quantity + item.quantity }) : line));
}

export function removeItem(items: readonly CartItem[], id: string): CartItem[] {
  return items.filter((line) => line.id !== id);
}

/** Sets a line's quantity; 0 or less removes the line. Unknown ids leave the cart unchanged. */
export function updateQuantity(items: readonly CartItem[], id: string, quantity: number): CartItem[] {
  if (quantity <= 0) return removeItem(items, id);
  return items.map((line) => (line.id === id ? repriced({ ...line, quantity }) : line));
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
