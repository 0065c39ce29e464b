import { z } from 'zod';
import type { CartItem } from './cart';
import { cartItemFor, orderableStock, type Orderable } from './ordering';
import { largestOrderableQuantity } from './cartPricing';
import { SHOP_RULES } from './config';
import { formatMoney } from './money';
import type { OrderItem } from './orders';
import {
  meetsMinimumOrder,
  orderTotals,
  quantityProblem,
  roundUpToValidQuantity,
  type OrderTotals,
  type QuantityProblem,
} from './pricing';
import { priceTierSchema } from './schemas';
import { buyerUnitPrice, LIST_PRICES, type BuyerTerms, type ContractPricing } from './company';


const count = (min: number) => z.number().int().min(min);

/** A stored product as ordering reads it; a document that does not fit can never be ordered. */
const storedProductSchema = z.object({
  name: z.string(),
  sku: z.string(),
  unit: z.string().default(''),
  imageUrl: z.string().default(''),
  price: count(0),
  tiers: z.array(priceTierSchema).default([]),
  minOrderQty: count(1),
  packSize: count(1),
  stock: z.number().int(),
  backorderable: z.boolean().default(false),
  backordered: count(0).default(0),
  restockDate: z.string().default(''),
  active: z.boolean(),
});

/** Reads `products/{id}` data for ordering; null for a missing or malformed document. */
export function orderableProduct(id: string, data: unknown): Orderable | null {
  const parsed = storedProductSchema.safeParse(data);
  return parsed.success ? { id, ...parsed.data } : null;
}

/** "Sparkling Water, Lime (BEV-1001)": how messages name a product. */
export function productLabel(product: { name: string; sku: string }): string {
  return `${product.name} (${product.sku})`;
}

/** One line the shopper wants: a product and a quantity. `name` only names a product that is gone. */
export interface OrderLineRequest {
  productId: string;
  quantity: number;
  name: string;
}

export function orderLinesFromCart(items: readonly CartItem[]): OrderLineRequest[] {
  return items.map((item) => ({ productId: item.id, quantity: item.quantity, name: item.name }));
}

/** Lines for the same product become one, so a duplicated line cannot slip past the stock check. */
function combineLines(lines: readonly OrderLineRequest[]): OrderLineRequest[] {
  const byProduct = new Map<string, OrderLineRequest>();
  for (const line of lines) {
    const seen = byProduct.get(line.productId);
    byProduct.set(line.productId, seen ? { ...seen, quantity: seen.quantity + line.quantity } : line);
  }
  return [...byProduct.values()];
}

/**
 * How every answer says a product can no longer be ordered. A missing product and an inactive one
 * read the same, and nothing is taken from a product document the shopper may not read.
 */
export const UNAVAILABLE_ITEM_MESSAGE = 'An item in your cart is no longer available.';

/** Names the line by the cart's own name (the shopper's data), never by the product document. */
function unavailableMessage(line: OrderLineRequest): string {
  const sentence = line.name ? `${line.name} is no longer available.` : UNAVAILABLE_ITEM_MESSAGE;
  return `${sentence} Please remove it from your cart.`;
}

export function lineProblemMessage(problem: QuantityProblem, product: Orderable): string {
  const label = productLabel(product);
  switch (problem) {
    case 'not-integer':
      return `The quantity of ${label} must be a whole number of at least 1.`;
    case 'below-minimum':
      return `${label} has a minimum order quantity of ${product.minOrderQty}.`;
    case 'not-pack-multiple':
      return `${label} is sold in packs of ${product.packSize}; please order a multiple of ${product.packSize}.`;
    case 'above-line-limit':
      return `At most ${SHOP_RULES.maxQuantityPerLine} of ${label} fit on one order line.`;
    case 'above-stock':
      if (product.stock <= 0) return `${label} is out of stock.`;
      return `Only ${product.stock} of ${label} ${product.stock === 1 ? 'is' : 'are'} in stock.`;
  }
}

export function minimumOrderMessage(subtotal: number): string {
  return `The minimum order value is ${formatMoney(SHOP_RULES.minimumOrderCents)}. Add ${formatMoney(SHOP_RULES.minimumOrderCents - subtotal)} more to place this order.`;
}

export interface PricedOrder extends OrderTotals {
  /** Every line whose product can still be sold, at the catalog's price for its quantity. */
  items: OrderItem[];
  /** Why the order cannot be placed, one readable sentence each; empty when it can. */
  problems: string[];
  /** Product ids of lines whose product is missing, inactive or unreadable, alike. */
  unavailable: string[];
}

/** A buyer's terms, and for an order from a quote the quoted unit prices (cents, by product id). */
export interface OrderPricingTerms extends BuyerTerms {
  quotedUnitPrices?: ReadonlyMap<string, number>;
}

/**
 * Prices the wanted lines from the catalog, never from the cart's own prices: the volume tier
 * reached by each quantity applies, and every rule an order must meet is checked (product still
 * sold, minimum order quantity, pack size, stock, line limit, minimum order value). An accepted
 * quote's unit prices win over list, tier and contract prices; its rules are checked all the same.
 */
export function priceOrder(lines: readonly OrderLineRequest[], products: ReadonlyMap<string, Orderable>, terms: OrderPricingTerms = LIST_PRICES): PricedOrder {
  const items: OrderItem[] = [];
  const problems: string[] = [];
  const unavailable: string[] = [];
  for (const line of combineLines(lines)) {
    const product = products.get(line.productId);
    if (!product?.active) {
      unavailable.push(line.productId);
      problems.push(unavailableMessage(line));
      continue;
    }
    const stock = orderableStock(product);
    const problem = quantityProblem(line.quantity, stock === undefined ? { minOrderQty: product.minOrderQty, packSize: product.packSize } : { ...product, stock });
    if (problem) problems.push(lineProblemMessage(problem, { ...product, stock: stock ?? product.stock }));
    const unitPrice = terms.quotedUnitPrices?.get(product.id) ?? buyerUnitPrice(product, line.quantity, terms.contract);
    items.push({
      productId: product.id,
      name: product.name,
      sku: product.sku,
      unit: product.unit,
      imageUrl: product.imageUrl,
      unitPrice,
      quantity: line.quantity,
      lineTotal: unitPrice * line.quantity,
    });
  }
  const subtotal = items.reduce((sum, item) => sum + item.lineTotal, 0);
  if (lines.length === 0) problems.push('Your cart is empty.');
  else if (problems.length === 0 && !meetsMinimumOrder(subtotal)) problems.push(minimumOrderMessage(subtotal));
  return { items, problems, unavailable, ...orderTotals(subtotal, terms.taxRateBasisPoints) };
}

export interface Reorder {
  items: CartItem[];
  /** What could not be put back as ordered, one sentence each. */
  notes: string[];
}

/**
 * The cart lines for ordering a past order again, at the buyer's prices and the rules of today:
 * products no longer sold or out of stock are left out, quantities are rounded to the current
 * minimum and pack size and lowered to what is in stock.
 */
export function reorderItems(ordered: readonly Pick<OrderItem, 'productId' | 'name' | 'sku' | 'quantity'>[], products: ReadonlyMap<string, Orderable>, contract: ContractPricing | null = null): Reorder {
  const items: CartItem[] = [];
  const notes: string[] = [];
  for (const line of ordered) {
    const product = products.get(line.productId);
    if (!product?.active) {
      notes.push(`${productLabel(line)} is no longer available.`);
      continue;
    }
    const label = productLabel(product);
    const largest = largestOrderableQuantity(product);
    if (largest === 0) {
      notes.push(`${label} is out of stock.`);
      continue;
    }
    const wanted = roundUpToValidQuantity(line.quantity, product);
    if (wanted > largest) notes.push(`Only ${largest} of ${label} could be added (limited stock).`);
    items.push(cartItemFor(product, Math.min(wanted, largest), contract));
  }
  return { items, notes };
}
