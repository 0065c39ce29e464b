import { matchPath } from 'react-router-dom';
import { patterns } from '../../config/paths';
import type { AppDispatch } from '../../lib/hooks';
import type { PageHead } from '../../lib/pageHead';
import { catalogApi } from './api';
import { isIndexed, readCatalogParams, viewOf } from './catalogParams';
import { catalogHead, notFoundHead, PRODUCT_NOT_FOUND_TITLE, productHead } from './pageHeads';

/** What the server renders a catalog page from, read into its store through the page's own endpoints. */
export interface CatalogRoute {
  /** False for a product that does not exist or is not sold (answered 404). */
  found: boolean;
  /** A read failed: the page shows the error, and is not kept by the CDN. */
  failed: boolean;
  head: PageHead;
}

/**
 * A path as the router matches it: each segment decoded (an encoded "/" kept encoded), as React
 * Router decodes the location, so a parameter is the one the page reads with useParams.
 */
function decodedPath(pathname: string): string {
  return pathname
    .split('/')
    .map((segment) => {
      try {
        return decodeURIComponent(segment).replace(/\//g, '%2F');
      } catch {
        return segment;
      }
    })
    .join('/');
}

/**
 * Reads what the catalog page at `url` shows, as the page's queries will ask for it (the same
 * endpoints and arguments, so they find it cached when the page renders, and again in the
 * browser after hydration); null when `url` is no catalog page.
 */
export async function readCatalogRoute(dispatch: AppDispatch, url: URL, origin: string): Promise<CatalogRoute | null> {
  if (url.pathname === patterns.home) {
    const params = readCatalogParams(url.searchParams);
    const indexed = isIndexed(params);
    const page = indexed ? dispatch(catalogApi.endpoints.getIndexedPage.initiate(params)) : dispatch(catalogApi.endpoints.getCatalogPage.initiate(params));
    const { isError } = await page;
    page.unsubscribe();
    // A view Firestore pages shows its filter counts too (found cached when the server's search page answered its first page).
    if (!indexed && !isError) {
      const counts = dispatch(catalogApi.endpoints.getFacetCounts.initiate(viewOf(params)));
      await counts;
      counts.unsubscribe();
    }
    return { found: true, failed: isError, head: catalogHead(params) };
  }
  const id = matchPath(patterns.product, decodedPath(url.pathname))?.params.id;
  if (id === undefined) return null;
  const read = dispatch(catalogApi.endpoints.getProduct.initiate(id));
  const { data: product, isError } = await read;
  read.unsubscribe();
  return { found: isError || Boolean(product), failed: isError, head: product ? productHead(product, origin) : notFoundHead(url.pathname, PRODUCT_NOT_FOUND_TITLE) };
}
