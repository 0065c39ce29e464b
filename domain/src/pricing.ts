import { SHOP_RULES } from './config';
import { applyBasisPoints } from './money';

export interface PriceTier {
  /** Smallest quantity at which this unit price applies. */
  minQty: number;
  /** Unit price in cents. */
  price: number;
}

export interface Priced {
  /** Base unit price in cents. */
  price: number;
  tiers?: readonly PriceTier[];
}

/** The unit price reached by a quantity: the cheapest tier whose minQty the quantity meets. */
export function unitPriceFor(product: Priced, quantity: number): number {
  let best = product.price;
  for (const tier of product.tiers ?? []) {
    if (quantity >= tier.minQty && tier.price < best) best = tier.price;
  }
  return best;
}

/** Lowest unit price any quantity can reach ("from" price). */
export function lowestUnitPrice(product: Priced): number {
  return Math.min(product.price, ...(product.tiers ?? []).map((tier) => tier.price));
}

export interface QuantityRules {
  minOrderQty: number;
  packSize: number;
  /** Units available; undefined when unknown. */
  stock?: number;
}

export type QuantityProblem = 'not-integer' | 'below-minimum' | 'not-pack-multiple' | 'above-stock' | 'above-line-limit';

/** Why a quantity cannot be ordered, or null when it can. */
export function quantityProblem(quantity: number, rules: QuantityRules): QuantityProblem | null {
  if (!Number.isInteger(quantity) || quantity < 1) return 'not-integer';
  if (quantity < rules.minOrderQty) return 'below-minimum';
  if (quantity % rules.packSize !== 0) return 'not-pack-multiple';
  if (quantity > SHOP_RULES.maxQuantityPerLine) return 'above-line-limit';
  if (rules.stock !== undefined && quantity > rules.stock) return 'above-stock';
  return null;
}

export function describeQuantityProblem(problem: QuantityProblem, rules: QuantityRules): string {
  switch (problem) {
    case 'not-integer':
      return 'Quantity must be a whole number of at least 1.';
    case 'below-minimum':
      return `The minimum order quantity is ${rules.minOrderQty}.`;
    case 'not-pack-multiple':
      return `Quantity must be a multiple of the pack size (${rules.packSize}).`;
    case 'above-stock':
      return `Only ${rules.stock ?? 0} in stock.`;
    case 'above-line-limit':
      return `At most ${SHOP_RULES.maxQuantityPerLine} per line.`;
  }
}

/** The smallest orderable quantity: the minimum rounded up to a whole number of packs. */
export function smallestValidQuantity(rules: QuantityRules): number {
  return Math.ceil(Math.max(rules.minOrderQty, 1) / rules.packSize) * rules.packSize;
}

/** Rounds a wanted quantity up to the next valid one (minimum and pack size respected). */
export function roundUpToValidQuantity(quantity: number, rules: QuantityRules): number {
  const floor = smallestValidQuantity(rules);
  if (!(quantity > floor)) return floor;
  return Math.ceil(quantity / rules.packSize) * rules.packSize;
}

export interface OrderTotals {
  subtotal: number;
  shipping: number;
  tax: number;
  total: number;
}

/** Shipping, tax and total for a subtotal, by the shop's rules and the tax rate of the ship-to state (basis points). */
export function orderTotals(subtotal: number, taxRateBasisPoints: number = SHOP_RULES.taxRateBasisPoints): OrderTotals {
  const shipping = subtotal === 0 || subtotal >= SHOP_RULES.freeShippingFromCents ? 0 : SHOP_RULES.shippingFlatCents;
  const tax = applyBasisPoints(subtotal, taxRateBasisPoints);
  return { subtotal, shipping, tax, total: subtotal + shipping + tax };
}

export function meetsMinimumOrder(subtotal: number): boolean {
  return subtotal >= SHOP_RULES.minimumOrderCents;
}
