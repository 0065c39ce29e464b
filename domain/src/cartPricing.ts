/**
 * A cart at today's catalog prices. The price stored in a cart line is only the price when it was
 * added: what the cart and checkout show, and what an order charges, comes from the product now
 * (its volume tier for the line's quantity). A line whose product is no longer sold, or whose
 * quantity no longer fits the product's rules or stock, says so and offers its fix.
 */
import { recordedUnitPrice, type CartItem } from './cart';
import { lineLimit, orderableStock, type Orderable } from './ordering';
import { describeQuantityProblem, orderTotals, quantityProblem, roundUpToValidQuantity, smallestValidQuantity, type OrderTotals } from './pricing';
import { buyerUnitPrice, contractUnitPrice, LIST_PRICES, type BuyerTerms, type ContractPricing } from './company';

export type CartLineState =
  | { kind: 'ok' }
  /** The product is no longer sold (or never was): the same for a missing and an inactive product. */
  | { kind: 'unavailable' }
  /** The quantity breaks a rule; `fix` is the nearest quantity that can be ordered, or 0 when none (out of stock). */
  | { kind: 'quantity'; message: string; fix: number };

export interface PricedCartLine {
  item: CartItem;
  /** Today's unit price for the line's quantity; null when the product is not sold. */
  unitPrice: number | null;
  /** What the buyer was shown when the line was added (for its quantity now), when today's price differs from it. */
  priceWhenAdded: number | null;
  lineTotal: number;
  state: CartLineState;
}

export interface PricedCart extends OrderTotals {
  lines: PricedCartLine[];
  /** True when every line can be ordered as it stands. */
  orderable: boolean;
}

/** The largest quantity of a product that can be ordered now (whole packs, stock unless backorderable, line limit); 0 when none. */
export function largestOrderableQuantity(product: Orderable): number {
  const largest = Math.floor(lineLimit(product) / product.packSize) * product.packSize;
  return largest >= smallestValidQuantity(product) ? largest : 0;
}

function lineState(item: CartItem, product: Orderable): CartLineState {
  // A backorderable product takes any quantity: what the shelf lacks waits on backorder.
  const rules = { minOrderQty: product.minOrderQty, packSize: product.packSize, stock: orderableStock(product) };
  const problem = quantityProblem(item.quantity, rules);
  if (!problem) return { kind: 'ok' };
  const largest = largestOrderableQuantity(product);
  const roundedUp = roundUpToValidQuantity(item.quantity, product);
  const fix = problem === 'above-stock' || problem === 'above-line-limit' || roundedUp > largest ? largest : roundedUp;
  const message = rules.stock !== undefined && rules.stock <= 0 ? 'Out of stock.' : describeQuantityProblem(problem, rules);
  return { kind: 'quantity', message, fix };
}

/**
 * What the buyer was shown for a line when adding it, at its quantity now (the line's price). A
 * line added before the buyer's contract was known (as a guest, or while it loaded) is taken at
 * today's contract price with the list price and tiers it recorded: signing in changes no price.
 */
function shownWhenAdded(item: CartItem, product: Orderable, contract: ContractPricing | null): number {
  if (item.contractPrice !== undefined || !contract) return item.price;
  return recordedUnitPrice({ ...item, contractPrice: contractUnitPrice(product, contract) });
}

/** Prices each cart line from `products` (today's catalog); products missing from it are not sold. */
export function priceCart(items: readonly CartItem[], products: ReadonlyMap<string, Orderable>, terms: BuyerTerms = LIST_PRICES): PricedCart {
  const lines = items.map((item): PricedCartLine => {
    const product = products.get(item.id);
    if (!product?.active) return { item, unitPrice: null, priceWhenAdded: null, lineTotal: 0, state: { kind: 'unavailable' } };
    const unitPrice = buyerUnitPrice(product, item.quantity, terms.contract);
    const before = shownWhenAdded(item, product, terms.contract);
    return {
      item,
      unitPrice,
      priceWhenAdded: unitPrice === before ? null : before,
      lineTotal: unitPrice * item.quantity,
      state: lineState(item, product),
    };
  });
  const subtotal = lines.reduce((sum, line) => sum + line.lineTotal, 0);
  return { lines, orderable: lines.length > 0 && lines.every((line) => line.state.kind === 'ok'), ...orderTotals(subtotal, terms.taxRateBasisPoints) };
}
