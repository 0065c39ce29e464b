import { patterns } from '../../config/paths';
import type { AppDispatch } from '../../lib/hooks';
import { catalogApi } from './api';
import { isIndexed, readCatalogParams } from './catalogParams';

/**
 * Starts reading the catalog page a visit opens on (`/` with its search, category, sort and
 * page; a search or filters from the search index), so the products download beside the page's
 * code instead of after it. The page's own
 * query then finds the request under way and reads nothing more.
 */
export function prefetchLandingCatalog(dispatch: AppDispatch, location: Pick<Location, 'pathname' | 'search'>): void {
  if (location.pathname !== patterns.home) return;
  const params = readCatalogParams(new URLSearchParams(location.search));
  // A search or a filtered view is the search index's to answer; its token query would be read for nothing.
  void dispatch(catalogApi.util.prefetch(isIndexed(params) ? 'getIndexedPage' : 'getCatalogPage', params, {}));
}
