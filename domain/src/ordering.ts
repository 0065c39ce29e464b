/**
 * Putting catalog products into a cart: the cart line for a product, whether an addition is
 * allowed (wholesale quantity rules against stock, counting what the cart already holds), and
 * quick order (pasted "SKU quantity" lines).
 */
import { addItem, type CartItem } from './cart';
import { SHOP_RULES } from './config';
import { describeQuantityProblem, quantityProblem, smallestValidQuantity } from './pricing';
import type { Product } from './product';
import { buyerUnitPrice, contractUnitPrice, type ContractPricing } from './company';
import { availableToOrder, backorderSplitText } from './fulfilment';

/** What putting a product in the cart needs to know about it. */
export type Orderable = Pick<Product, 'id' | 'name' | 'sku' | 'price' | 'tiers' | 'imageUrl' | 'unit' | 'minOrderQty' | 'packSize' | 'stock' | 'active'> &
  Partial<Pick<Product, 'backorderable' | 'backordered' | 'restockDate'>>;

/**
 * The stock a quantity is checked against: what new orders may take from the shelf, or none at all
 * for a product that is backordered above it (undefined: no stock limit).
 */
export function orderableStock(product: Orderable): number | undefined {
  return product.backorderable ? undefined : availableToOrder({ stock: product.stock, backordered: product.backordered ?? 0 });
}

/** The most units of a product one line may hold: its orderable stock, within the line limit. */
export function lineLimit(product: Orderable): number {
  return Math.min(orderableStock(product) ?? SHOP_RULES.maxQuantityPerLine, SHOP_RULES.maxQuantityPerLine);
}

/** Whether the shelf, less what it owes to backorders, covers the smallest quantity a new order may take. */
export function inStockNow(product: Pick<Orderable, 'stock' | 'backordered' | 'minOrderQty' | 'packSize'>): boolean {
  return availableToOrder({ stock: product.stock, backordered: product.backordered ?? 0 }) >= smallestValidQuantity(product);
}

/** Whether not even the smallest quantity of a product can be ordered (never, for a backorderable one). */
export const isSoldOut = (product: Pick<Orderable, 'stock' | 'backordered' | 'backorderable' | 'minOrderQty' | 'packSize'>): boolean => !product.backorderable && !inStockNow(product);

/**
 * What an order of `quantity` would ship now and what would wait ("25 ship now, 15 on backorder,
 * expected Dec 9"), as the buyer is told before confirming; null when it all ships now.
 */
export function orderSplitText(quantity: number, product: Orderable): string | null {
  return backorderSplitText(quantity, { stock: product.stock, backordered: product.backordered ?? 0, backorderable: product.backorderable === true, restockDate: product.restockDate ?? '' });
}

/**
 * The cart line for `quantity` units at what the buyer pays (its company's contract price when
 * lower than the tier); it carries the base price, tiers and contract price so the cart reprices
 * by tier at the buyer's own price.
 */
export function cartItemFor(product: Orderable, quantity: number, contract: ContractPricing | null = null): CartItem {
  return {
    id: product.id,
    price: buyerUnitPrice(product, quantity, contract),
    quantity,
    name: product.name,
    sku: product.sku,
    imageUrl: product.imageUrl,
    unit: product.unit,
    minOrderQty: product.minOrderQty,
    packSize: product.packSize,
    basePrice: product.price,
    tiers: product.tiers,
    ...(contract ? { contractPrice: contractUnitPrice(product, contract) } : {}),
  };
}

/** Why `quantity` more units of a product cannot go into the cart, or null when they can. */
export function addToCartProblem(product: Orderable, quantity: number, cart: readonly CartItem[]): string | null {
  if (!product.active) return `${product.name} is no longer sold.`;
  const stock = orderableStock(product);
  if (stock !== undefined && stock <= 0) return `${product.name} is out of stock.`;
  const rules = { minOrderQty: product.minOrderQty, packSize: product.packSize };
  const ownProblem = quantityProblem(quantity, rules);
  if (ownProblem) return describeQuantityProblem(ownProblem, rules);
  const inCart = cart.find((line) => line.id === product.id)?.quantity ?? 0;
  if (inCart === 0 && cart.length >= SHOP_RULES.maxCartLines) return `Your cart is full (at most ${SHOP_RULES.maxCartLines} different products).`;
  const stockRules = { ...rules, stock };
  const totalProblem = quantityProblem(inCart + quantity, stockRules);
  if (!totalProblem) return null;
  const already = inCart > 0 ? ` Your cart already holds ${inCart}.` : '';
  return `${describeQuantityProblem(totalProblem, stockRules)}${already}`;
}

export interface QuickOrderLine {
  /** 1-based line number in the pasted text. */
  line: number;
  text: string;
  sku: string;
  quantity: number;
}

export interface QuickOrderProblem {
  line: number;
  text: string;
  message: string;
}

/** Separators buyers paste between SKU and quantity: spaces, tabs (spreadsheets), commas, semicolons. */
const LINE_PATTERN = /^([A-Za-z0-9][A-Za-z0-9-]*)\s*(?:[\s,;])\s*(\S+)$/;

/** Reads pasted "SKU quantity" or "SKU,quantity" lines; blank lines are skipped. */
export function parseQuickOrder(text: string): { lines: QuickOrderLine[]; problems: QuickOrderProblem[] } {
  const lines: QuickOrderLine[] = [];
  const problems: QuickOrderProblem[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const trimmed = raw.trim();
    if (!trimmed) return;
    const line = index + 1;
    if (lines.length + problems.length >= SHOP_RULES.maxCartLines) {
      problems.push({ line, text: trimmed, message: `Add at most ${SHOP_RULES.maxCartLines} lines at once.` });
      return;
    }
    const match = LINE_PATTERN.exec(trimmed);
    if (!match) {
      problems.push({ line, text: trimmed, message: 'Write a SKU and a quantity, e.g. "BEV-1001 12".' });
      return;
    }
    const [, sku = '', quantityText = ''] = match;
    if (!/^\d+$/.test(quantityText) || Number(quantityText) < 1) {
      problems.push({ line, text: trimmed, message: `"${quantityText}" is not a quantity: write a whole number of at least 1.` });
      return;
    }
    lines.push({ line, text: trimmed, sku: sku.toUpperCase(), quantity: Number(quantityText) });
  });
  return { lines, problems };
}

export interface QuickOrderResult<P extends Orderable> {
  additions: { product: P; quantity: number }[];
  problems: QuickOrderProblem[];
}

/**
 * Checks each parsed line against the products found by SKU (active ones only) and the cart,
 * as if the lines before it had been added: a SKU pasted twice counts both quantities.
 */
export function resolveQuickOrder<P extends Orderable>(lines: readonly QuickOrderLine[], products: readonly P[], cart: readonly CartItem[]): QuickOrderResult<P> {
  const bySku = new Map(products.map((product) => [product.sku.toUpperCase(), product]));
  const additions: QuickOrderResult<P>['additions'] = [];
  const problems: QuickOrderProblem[] = [];
  let planned: CartItem[] = [...cart];
  for (const line of lines) {
    const product = bySku.get(line.sku);
    const problem = product ? addToCartProblem(product, line.quantity, planned) : `No product with SKU ${line.sku} is sold.`;
    if (product && problem === null) {
      additions.push({ product, quantity: line.quantity });
      planned = addItem(planned, cartItemFor(product, line.quantity));
    } else if (problem !== null) {
      problems.push({ line: line.line, text: line.text, message: problem });
    }
  }
  return { additions, problems };
}
