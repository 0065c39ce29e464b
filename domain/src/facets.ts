/**
 * The catalog's filters (category, brand, in stock, price range) and the count of products each
 * value gives, computed over the search index's records. Kept apart from searchIndex.ts (and its
 * MiniSearch), as the catalog's first page reads these names.
 */
import type { SearchRecord } from './searchIndex';

/** The price ranges the catalog filters by (list price, cents; `max` included). */
export const PRICE_RANGES = [
  { key: 'under-10', label: 'Under $10', min: 0, max: 999 },
  { key: '10-25', label: '$10 to $25', min: 1000, max: 2499 },
  { key: '25-50', label: '$25 to $50', min: 2500, max: 4999 },
  { key: '50-100', label: '$50 to $100', min: 5000, max: 9999 },
  { key: '100-up', label: '$100 and up', min: 10000, max: Number.MAX_SAFE_INTEGER },
] as const;
export type PriceRangeKey = (typeof PRICE_RANGES)[number]['key'];

/** The catalog's filters besides the search: each null (or false) for "any". */
export interface FacetFilters {
  category: string | null;
  brand: string | null;
  inStock: boolean;
  price: PriceRangeKey | null;
}

type Facet = keyof FacetFilters;

/** Whether a product can be ordered today: its stock covers the smallest quantity. */
export const inStock = (record: SearchRecord): boolean => record.inStock;

/** Whether a record passes the filters, leaving out the facet `except` (to count that facet's values). */
export function matchesFacets(record: SearchRecord, filters: FacetFilters, except?: Facet): boolean {
  if (except !== 'category' && filters.category && record.category !== filters.category) return false;
  if (except !== 'brand' && filters.brand && record.brand !== filters.brand) return false;
  if (except !== 'inStock' && filters.inStock && !inStock(record)) return false;
  if (except !== 'price' && filters.price) {
    const range = PRICE_RANGES.find((entry) => entry.key === filters.price);
    if (range && (record.price < range.min || record.price > range.max)) return false;
  }
  return true;
}

export interface FacetCounts {
  category: Record<string, number>;
  brand: Record<string, number>;
  inStock: number;
  price: Record<string, number>;
}

function countBy(records: SearchRecord[], key: (record: SearchRecord) => string | null): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const record of records) {
    const value = key(record);
    if (value) counts[value] = (counts[value] ?? 0) + 1;
  }
  return counts;
}

/**
 * How many products each filter value would show, with the other filters applied (so a value's
 * count is what choosing it gives, and the values of the chosen facet stay offered).
 */
export function facetCounts(records: SearchRecord[], filters: FacetFilters): FacetCounts {
  const without = (facet: Facet) => records.filter((record) => matchesFacets(record, filters, facet));
  return {
    category: countBy(without('category'), (record) => record.category),
    brand: countBy(without('brand'), (record) => record.brand || null),
    inStock: without('inStock').filter(inStock).length,
    price: countBy(without('price'), (record) => PRICE_RANGES.find((range) => record.price >= range.min && record.price <= range.max)?.key ?? null),
  };
}
