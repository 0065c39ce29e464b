import type { PriceTier } from './pricing';

export const PRODUCT_CATEGORIES = [
  'Beverages',
  'Snacks',
  'Cleaning',
  'Paper Goods',
  'Packaging',
  'Office',
  'Personal Care',
  'Kitchen',
  'Pantry',
  'Safety',
] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

/** A product as stored in `products/{id}`. Money is integer cents. */
export interface Product {
  id: string;
  name: string;
  sku: string;
  brand: string;
  description: string;
  category: string;
  /** Base unit price in cents. */
  price: number;
  currency: string;
  /** What one unit is, e.g. "case of 24". */
  unit: string;
  /** Units must be ordered in multiples of this. */
  packSize: number;
  minOrderQty: number;
  stock: number;
  active: boolean;
  /** Volume pricing: a lower unit price from a quantity on. */
  tiers: PriceTier[];
  imageUrl: string;
  /** Cloud Storage path of an uploaded image; empty for a URL or a bundled asset. */
  imagePath: string;
  searchTokens: string[];
}
