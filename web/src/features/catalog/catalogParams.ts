/**
 * The catalog's state lives in the URL (search, category, sort, page cursor), so reload,
 * back/forward and shared links show the same page. This module reads and writes those
 * parameters; it is pure, so the emulator tests run the same queries the shop runs.
 */
import { DEFAULT_CATALOG_SORT, isFaceted, readCatalogQuery, SEARCH_PAGE_COUNTS_ONLY, type CatalogQuery } from '@harbor/domain';
import { paths } from '../../config';
import { FIRST_PAGE, readPagePosition, withPagePosition, type PagePosition } from '../../lib/pagination';
import { searchPageUrl } from '../../lib/search/searchPageReader';
import { PRODUCT_SORTS } from '../../lib/sorts';

/** A catalog view: the query (domain/src/catalogQuery.ts) and, for a view Firestore answers, its cursor. */
export interface CatalogParams extends Omit<CatalogQuery, 'page'>, PagePosition {}

/**
 * A view the search index answers, paged by number: a faceted view, or a search. A search whose
 * URL holds a cursor is the token search's paging, which the shop falls back to when the index
 * is unavailable.
 */
export function isIndexed(params: Pick<CatalogParams, 'brand' | 'inStock' | 'price' | 'search' | 'cursor'>): boolean {
  return isFaceted(params) || (params.search !== '' && params.cursor === null);
}

/** The catalog parameters in a URL; anything unknown or malformed (an edited cursor too) falls back to the default. */
export function readCatalogParams(searchParams: URLSearchParams): CatalogParams {
  const { page, ...query } = readCatalogQuery(searchParams);
  const position = readPagePosition(searchParams, PRODUCT_SORTS[query.sort].kind);
  return { ...query, ...(isIndexed({ ...query, cursor: position.cursor }) ? { ...FIRST_PAGE, page } : position) };
}

/** The URL of a catalog view; default values are left out so links stay short. */
export function catalogHref({ search = '', category = null, sort = DEFAULT_CATALOG_SORT, brand, inStock, price, ...position }: Partial<CatalogParams>): string {
  const searchParams = new URLSearchParams();
  if (search) searchParams.set('search', search);
  if (category) searchParams.set('category', category);
  if (brand) searchParams.set('brand', brand);
  if (inStock) searchParams.set('inStock', '1');
  if (price) searchParams.set('price', price);
  if (sort !== DEFAULT_CATALOG_SORT) searchParams.set('sort', sort);
  const paged = withPagePosition(searchParams, { ...FIRST_PAGE, ...position });
  // A view the index answers is paged by number alone.
  if (isIndexed({ brand, inStock, price, search, cursor: position.cursor ?? null }) && (position.page ?? 1) > 1) paged.set('page', String(position.page));
  const query = paged.toString();
  return query ? `${paths.home}?${query}` : paths.home;
}

/** The query string of a view's URL ("?search=tea", or "" for the landing page), which the server's search page takes too. */
const queryOf = (params: Partial<CatalogParams>): string => catalogHref(params).slice(paths.home.length);

/** Where the server answers the page of a view the index answers (lib/search/searchPageReader). */
export function searchPageOf(params: Partial<CatalogParams>, origin = ''): string {
  return searchPageUrl(queryOf(params), origin);
}

/** Where the server answers the filter counts of a view (`viewOf` a view's params: no page). */
export function facetCountsOf(view: Partial<CatalogParams>): string {
  const query = new URLSearchParams(queryOf(view));
  query.set(...SEARCH_PAGE_COUNTS_ONLY);
  return searchPageUrl(`?${query.toString()}`);
}

/** The view of `params` without its page: what links to another category, sort or filter keep. */
export function viewOf({ search, category, sort, brand, inStock, price }: CatalogParams): Partial<CatalogParams> {
  return { search, category, sort, brand, inStock, price };
}
