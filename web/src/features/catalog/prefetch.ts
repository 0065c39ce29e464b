import { patterns } from '../../config/paths';
import type { AppDispatch } from '../../lib/hooks';
import { catalogApi } from './api';
import { readCatalogParams } from './catalogParams';

/**
 * Starts reading the catalog page a visit opens on (`/` with its search, category, sort and
 * page), so the products download beside the page's code instead of after it. The page's own
 * query then finds the request under way and reads nothing more.
 */
export function prefetchLandingCatalog(dispatch: AppDispatch, location: Pick<Location, 'pathname' | 'search'>): void {
  if (location.pathname !== patterns.home) return;
  void dispatch(catalogApi.util.prefetch('getCatalogPage', readCatalogParams(new URLSearchParams(location.search)), {}));
}
