/**
 * The shop's brand and business constants, in one place so a customer can rebrand or
 * change a rule without hunting through the code. Money is integer cents.
 */
export const BRAND = {
  name: 'Harbor Wholesale',
  fullName: 'Harbor Wholesale by Harbor Group',
} as const;

export const SHOP_RULES = {
  currency: 'USD',
  locale: 'en-US',
  /** Orders below this subtotal are refused. */
  minimumOrderCents: 10_000,
  /** Flat shipping below the free-shipping threshold. */
  shippingFlatCents: 2_500,
  freeShippingFromCents: 50_000,
  /** Sales tax in basis points (1/100 of a percent) applied to subtotal. */
  taxRateBasisPoints: 800,
  /** Largest quantity one cart line may hold. */
  maxQuantityPerLine: 9_999,
  /** Largest number of distinct lines in a cart. */
  maxCartLines: 200,
} as const;

/** Back-office thresholds. */
export const ADMIN_RULES = {
  /** Active products at or below this stock are listed as low on the dashboard. */
  lowStockUnits: 25,
} as const;
