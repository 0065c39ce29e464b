/**
 * The catalog's state lives in the URL (search, category, sort, page cursor), so reload,
 * back/forward and shared links show the same page. This module reads and writes those
 * parameters; it is pure, so the emulator tests run the same queries the shop runs.
 */
import { boundedSearch, PRICE_RANGES, PRODUCT_CATEGORIES, type FacetFilters, type PriceRangeKey } from '@harbor/domain';
import { paths } from '../../config';
import { FIRST_PAGE, readPagePosition, withPagePosition, type PagePosition } from '../../lib/pagination';
import { DEFAULT_PRODUCT_SORT, PRODUCT_SORTS, readProductSort, STOREFRONT_SORT_KEYS, type StorefrontSort } from '../../lib/sorts';

export const CATALOG_PAGE_SIZE = 24;

export interface CatalogParams extends PagePosition {
  /** The trimmed search text, at most MAX_SEARCH_LENGTH characters; empty for none. */
  search: string;
  /** The URL's search was longer than the shop takes and was cut. */
  searchShortened?: boolean;
  category: string | null;
  sort: StorefrontSort;
  /** Filters answered from the search index; present only when set, so plain views keep their shape. */
  brand?: string;
  inStock?: true;
  price?: PriceRangeKey;
}

/** A view narrowed by brand, stock or price: answered from the search index, paged by number. */
export function isFaceted(params: Pick<CatalogParams, 'brand' | 'inStock' | 'price'>): boolean {
  return Boolean(params.brand || params.inStock || params.price);
}

/**
 * A view the search index answers, paged by number: a faceted view, or a search. A search whose
 * URL holds a cursor is the token search's paging, which the shop falls back to when the index
 * is unavailable.
 */
export function isIndexed(params: Pick<CatalogParams, 'brand' | 'inStock' | 'price' | 'search' | 'cursor'>): boolean {
  return isFaceted(params) || (params.search !== '' && params.cursor === null);
}

export function facetFilters(params: CatalogParams): FacetFilters {
  return { category: params.category, brand: params.brand ?? null, inStock: params.inStock ?? false, price: params.price ?? null };
}

const MAX_BRAND_LENGTH = 100;

function facetsOf(searchParams: URLSearchParams): Pick<CatalogParams, 'brand' | 'inStock' | 'price'> {
  const brand = searchParams.get('brand')?.trim().slice(0, MAX_BRAND_LENGTH);
  const price = PRICE_RANGES.find((range) => range.key === searchParams.get('price'))?.key;
  return { ...(brand ? { brand } : {}), ...(searchParams.get('inStock') === '1' ? { inStock: true as const } : {}), ...(price ? { price } : {}) };
}

/** The page number of a view the index answers (it has no cursor). */
function numberedPage(searchParams: URLSearchParams): number {
  const page = Number(searchParams.get('page'));
  return Number.isInteger(page) && page > 1 && page <= 10_000 ? page : 1;
}

/** The catalog parameters in a URL; anything unknown or malformed (an edited cursor too) falls back to the default. */
function searchOf(text: string): Pick<CatalogParams, 'search' | 'searchShortened'> {
  const { search, shortened } = boundedSearch(text);
  return shortened ? { search, searchShortened: true } : { search };
}

export function readCatalogParams(searchParams: URLSearchParams): CatalogParams {
  const category = searchParams.get('category');
  const sort = readProductSort(searchParams.get('sort'), STOREFRONT_SORT_KEYS);
  const facets = facetsOf(searchParams);
  const search = searchOf(searchParams.get('search') ?? '');
  const position = readPagePosition(searchParams, PRODUCT_SORTS[sort].kind);
  return {
    ...search,
    category: category !== null && (PRODUCT_CATEGORIES as readonly string[]).includes(category) ? category : null,
    sort,
    ...facets,
    ...(isIndexed({ ...facets, search: search.search, cursor: position.cursor }) ? { ...FIRST_PAGE, page: numberedPage(searchParams) } : position),
  };
}

/** The URL of a catalog view; default values are left out so links stay short. */
export function catalogHref({ search = '', category = null, sort = DEFAULT_PRODUCT_SORT, brand, inStock, price, ...position }: Partial<CatalogParams>): string {
  const searchParams = new URLSearchParams();
  if (search) searchParams.set('search', search);
  if (category) searchParams.set('category', category);
  if (brand) searchParams.set('brand', brand);
  if (inStock) searchParams.set('inStock', '1');
  if (price) searchParams.set('price', price);
  if (sort !== DEFAULT_PRODUCT_SORT) searchParams.set('sort', sort);
  const paged = withPagePosition(searchParams, { ...FIRST_PAGE, ...position });
  // A view the index answers is paged by number alone.
  if (isIndexed({ brand, inStock, price, search, cursor: position.cursor ?? null }) && (position.page ?? 1) > 1) paged.set('page', String(position.page));
  const query = paged.toString();
  return query ? `${paths.home}?${query}` : paths.home;
}

/** The view of `params` without its page: what links to another category, sort or filter keep. */
export function viewOf({ search, category, sort, brand, inStock, price }: CatalogParams): Partial<CatalogParams> {
  return { search, category, sort, brand, inStock, price };
}
