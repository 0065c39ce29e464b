/**
 * A catalog view the search index answers (a search, or a view narrowed by brand, stock or price)
 * in the terms of the catalog's URL, and the page of it the index gives. The browser pages through
 * the index it has loaded with these; the shop's search page function (functions/src/searchPage.ts)
 * answers a visit's first view with the same, so both give the same products in the same order.
 */
import { facetCounts, matchesFacets, PRICE_RANGES, type FacetCounts, type FacetFilters, type PriceRangeKey } from './facets';
import { PRODUCT_CATEGORIES, productFromData, type Product } from './product';
import { boundedSearch } from './search';
import type { ProductSearch, SearchRecord } from './searchIndex';

export const CATALOG_PAGE_SIZE = 24;

/** The orders the catalog offers; the first is the default (and how the index orders a search's matches: best first). */
export const CATALOG_SORTS = ['name', 'price-asc', 'price-desc', 'newest'] as const;
export type CatalogSort = (typeof CATALOG_SORTS)[number];
export const DEFAULT_CATALOG_SORT: CatalogSort = 'name';

/** A catalog view as its URL gives it; the numbered page matters only to a view the index answers. */
export interface CatalogQuery {
  /** The trimmed search text, at most MAX_SEARCH_LENGTH characters; empty for none. */
  search: string;
  /** The URL's search was longer than the shop takes and was cut. */
  searchShortened?: boolean;
  category: string | null;
  sort: CatalogSort;
  /** Filters answered from the search index; present only when set, so plain views keep their shape. */
  brand?: string;
  inStock?: true;
  price?: PriceRangeKey;
  /** 1 for the first page. */
  page: number;
}

const MAX_BRAND_LENGTH = 100;
const MAX_PAGE = 10_000;

/** The catalog view in a URL's parameters; anything unknown or malformed falls back to the default. */
export function readCatalogQuery(searchParams: URLSearchParams): CatalogQuery {
  const { search, shortened } = boundedSearch(searchParams.get('search') ?? '');
  const category = searchParams.get('category');
  const sort = CATALOG_SORTS.find((key) => key === searchParams.get('sort')) ?? DEFAULT_CATALOG_SORT;
  const brand = searchParams.get('brand')?.trim().slice(0, MAX_BRAND_LENGTH);
  const price = PRICE_RANGES.find((range) => range.key === searchParams.get('price'))?.key;
  const page = Number(searchParams.get('page'));
  return {
    search,
    ...(shortened ? { searchShortened: true } : {}),
    category: category !== null && (PRODUCT_CATEGORIES as readonly string[]).includes(category) ? category : null,
    sort,
    ...(brand ? { brand } : {}),
    ...(searchParams.get('inStock') === '1' ? { inStock: true as const } : {}),
    ...(price ? { price } : {}),
    page: Number.isInteger(page) && page > 1 && page <= MAX_PAGE ? page : 1,
  };
}

/** A view narrowed by brand, stock or price: answered from the search index, paged by number. */
export function isFaceted(query: Pick<CatalogQuery, 'brand' | 'inStock' | 'price'>): boolean {
  return Boolean(query.brand || query.inStock || query.price);
}

export function facetFilters(query: Pick<CatalogQuery, 'category' | 'brand' | 'inStock' | 'price'>): FacetFilters {
  return { category: query.category, brand: query.brand ?? null, inStock: query.inStock ?? false, price: query.price ?? null };
}

const byName = (a: SearchRecord, b: SearchRecord) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : 1);
const RECORD_ORDER: Record<CatalogSort, (a: SearchRecord, b: SearchRecord) => number> = {
  name: byName,
  'price-asc': (a, b) => a.price - b.price || byName(a, b),
  'price-desc': (a, b) => b.price - a.price || byName(a, b),
  newest: (a, b) => b.createdAt - a.createdAt || byName(a, b),
};

/** The records of the index, and the search over them (built on first use). */
export interface SearchableIndex {
  records: SearchRecord[];
  search(): ProductSearch;
}

/** The records a view's search finds, best first; every record when it has none. */
const searched = (index: SearchableIndex, query: Pick<CatalogQuery, 'search'>): SearchRecord[] => (query.search ? index.search().search(query.search) : index.records);

/** How many products each filter value gives in a view (its search and its other filters applied). */
export function countsOfView(index: SearchableIndex, query: CatalogQuery): FacetCounts {
  return facetCounts(searched(index, query), facetFilters(query));
}

/** One numbered page of a view from the index: the ids of its products in order, out of `total`. */
export interface IndexedPage {
  ids: string[];
  total: number;
  pageCount: number;
}

/**
 * The page of a view the index gives: filtered, searched (best matches first unless a sort was
 * chosen) and sorted there. Only these products are then read.
 */
export function selectIndexedPage(index: SearchableIndex, query: CatalogQuery): IndexedPage {
  const filters = facetFilters(query);
  const matches = searched(index, query).filter((record) => matchesFacets(record, filters));
  if (!query.search || query.sort !== DEFAULT_CATALOG_SORT) matches.sort(RECORD_ORDER[query.sort]);
  const pageCount = Math.max(1, Math.ceil(matches.length / CATALOG_PAGE_SIZE));
  const start = (query.page - 1) * CATALOG_PAGE_SIZE;
  return { ids: matches.slice(start, start + CATALOG_PAGE_SIZE).map((record) => record.id), total: matches.length, pageCount };
}

/**
 * The server's answer for one page of a view the index answers (functions/src/searchPage.ts):
 * the products of the page, in order, and the numbers of the whole view.
 */
export interface SearchPageAnswer {
  total: number;
  pageCount: number;
  /** Empty when only the counts were asked for (SEARCH_PAGE_COUNTS_ONLY). */
  products: Product[];
  counts: FacetCounts;
}

/** The parameter (and value) that asks the search page for the view's counts alone, without its products. */
export const SEARCH_PAGE_COUNTS_ONLY = ['view', 'counts'] as const;

const isCountTable = (value: unknown): value is Record<string, number> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((count) => isCount(count));

function readCounts(value: unknown): FacetCounts | null {
  if (typeof value !== 'object' || value === null) return null;
  const { category, brand, inStock, price } = value as Record<string, unknown>;
  return isCountTable(category) && isCountTable(brand) && isCount(inStock) && isCountTable(price) ? { category, brand, inStock, price } : null;
}

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** A product in a server's answer, read as a stored one (safe defaults); null when it has no id. */
function readAnsweredProduct(value: unknown): Product | null {
  if (typeof value !== 'object' || value === null) return null;
  const { id } = value as { id?: unknown };
  return typeof id === 'string' && id ? productFromData(id, value as Record<string, unknown>) : null;
}

/** A search page answer as received; null when it is not one. */
export function readSearchPageAnswer(value: unknown): SearchPageAnswer | null {
  if (typeof value !== 'object' || value === null) return null;
  const { total, pageCount, products, counts: storedCounts } = value as Record<string, unknown>;
  const counts = readCounts(storedCounts);
  if (!isCount(total) || !isCount(pageCount) || !Array.isArray(products) || !counts) return null;
  const read = products.flatMap((product: unknown) => readAnsweredProduct(product) ?? []);
  return { total, pageCount, products: read, counts };
}
