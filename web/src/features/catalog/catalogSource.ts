import type { SearchPageAnswer } from '@harbor/domain';
import type { RestDatabase } from '../../lib/firestoreRest';
import { publicDb } from '../../lib/publicDb';
import type { ShopSearchIndex } from '../../lib/search/searchIndex';
import { fetchSearchPage } from '../../lib/search/searchPageReader';

/**
 * Where the catalog's endpoints read. In the browser: Firestore over REST as a visitor, and the
 * server's search page over HTTP. The server renderer (functions/src/renderPage.ts) gives its
 * own: the same search page computed in the function, and Firestore with the function's
 * credentials. So a page rendered on the server is read by the very endpoints that read it in
 * the browser.
 */
export interface CatalogSource {
  db: RestDatabase;
  /** The search page at `url` (SEARCH_PAGE_PATH with a catalog URL's query string); null when there is no usable index. */
  searchPage(url: string): Promise<SearchPageAnswer | null>;
  /** The search index itself, for when the search page cannot be reached: the browser downloads it; the server has none other. */
  searchIndex(): Promise<ShopSearchIndex | null>;
}

export const browserCatalog: CatalogSource = {
  db: publicDb,
  searchPage: fetchSearchPage,
  searchIndex: () => import('../../lib/search/searchIndex').then(({ loadSearchIndex }) => loadSearchIndex()),
};

/** The source a store was made with (its thunks' extra argument: app/store.ts), else the browser's. */
export function catalogSourceOf(extra: unknown): CatalogSource {
  return (extra as { catalog?: CatalogSource } | undefined)?.catalog ?? browserCatalog;
}
