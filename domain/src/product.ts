import type { PriceTier } from './pricing';
import { isRecord, storedNumber, storedText } from './storedFields';

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
  /** Ordered above its stock, the rest waits on backorder (admin's choice; false by default). */
  backorderable: boolean;
  /** When more stock is expected, YYYY-MM-DD, shown to buyers; '' when not known. */
  restockDate: string;
  /** Units owed to open orders (kept by the functions): stock on hand goes to them first. */
  backordered: number;
  active: boolean;
  /** Volume pricing: a lower unit price from a quantity on. */
  tiers: PriceTier[];
  imageUrl: string;
  /** Cloud Storage path of an uploaded image; empty for a URL or a bundled asset. */
  imagePath: string;
  searchTokens: string[];
}

function priceTiers(value: unknown): PriceTier[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((tier: unknown) => {
    if (!isRecord(tier)) return [];
    const { minQty, price } = tier;
    return typeof minQty === 'number' && typeof price === 'number' ? [{ minQty, price }] : [];
  });
}

/** A stored product document as the app works with it; missing or mistyped fields get safe defaults. */
export function productFromData(id: string, data: Record<string, unknown>): Product {
  return {
    id,
    name: storedText(data.name),
    sku: storedText(data.sku),
    brand: storedText(data.brand),
    description: storedText(data.description),
    category: storedText(data.category),
    price: storedNumber(data.price, 0),
    currency: storedText(data.currency) || 'USD',
    unit: storedText(data.unit),
    packSize: Math.max(1, storedNumber(data.packSize, 1)),
    minOrderQty: Math.max(1, storedNumber(data.minOrderQty, 1)),
    stock: storedNumber(data.stock, 0),
    backorderable: data.backorderable === true,
    restockDate: storedText(data.restockDate),
    backordered: storedNumber(data.backordered, 0),
    active: data.active === true,
    tiers: priceTiers(data.tiers),
    imageUrl: storedText(data.imageUrl),
    imagePath: storedText(data.imagePath),
    searchTokens: Array.isArray(data.searchTokens) ? data.searchTokens.filter((token): token is string => typeof token === 'string') : [],
  };
}
