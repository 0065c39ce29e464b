/**
 * The catalog's state lives in the URL (search, category, sort, page cursor), so reload,
 * back/forward and shared links show the same page. This module reads and writes those
 * parameters; it is pure, so the emulator tests run the same queries the shop runs.
 */
import { boundedSearch, PRODUCT_CATEGORIES } from '@harbor/domain';
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
}

/** The catalog parameters in a URL; anything unknown or malformed (an edited cursor too) falls back to the default. */
function searchOf(text: string): Pick<CatalogParams, 'search' | 'searchShortened'> {
  const { search, shortened } = boundedSearch(text);
  return shortened ? { search, searchShortened: true } : { search };
}

export function readCatalogParams(searchParams: URLSearchParams): CatalogParams {
  const category = searchParams.get('category');
  const sort = readProductSort(searchParams.get('sort'), STOREFRONT_SORT_KEYS);
  return {
    ...searchOf(searchParams.get('search') ?? ''),
    category: category !== null && (PRODUCT_CATEGORIES as readonly string[]).includes(category) ? category : null,
    sort,
    ...readPagePosition(searchParams, PRODUCT_SORTS[sort].kind),
  };
}

/** The URL of a catalog view; default values are left out so links stay short. */
export function catalogHref({ search = '', category = null, sort = DEFAULT_PRODUCT_SORT, ...position }: Partial<CatalogParams>): string {
  const searchParams = new URLSearchParams();
  if (search) searchParams.set('search', search);
  if (category) searchParams.set('category', category);
  if (sort !== DEFAULT_PRODUCT_SORT) searchParams.set('sort', sort);
  const query = withPagePosition(searchParams, { ...FIRST_PAGE, ...position }).toString();
  return query ? `${paths.home}?${query}` : paths.home;
}
