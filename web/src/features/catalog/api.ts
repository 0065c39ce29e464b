import { isFaceted, type FacetCounts, type Product } from '@harbor/domain';
import { api, queryResult } from '../../lib/api';
import type { Page } from '../../lib/pagination';
import { facetCountsOf, searchPageOf, viewOf, type CatalogParams } from './catalogParams';
import { fetchCatalogPage, fetchProduct, firstPageFromIndex } from './catalogQueries';
import { catalogSourceOf } from './catalogSource';
import type { FacetedPage } from './facetedQueries';

/** A view the search index answers, or (a search while the index is unavailable) the token search's page. */
export type IndexedView = ({ source: 'index' } & FacetedPage) | { source: 'tokens'; page: Page<Product> };

/** Said when filters cannot be applied: they are answered from the search index. */
export const FILTERS_UNAVAILABLE = 'Filters are unavailable right now. Clear them to browse the catalog, or try again in a minute.';

/** Said when a catalog page cannot be read (no server sentence exists for a read). */
export const CATALOG_FAILURE = 'The catalog could not be loaded. Check your connection and try again.';

export const catalogApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCatalogPage: build.query<Page<Product>, CatalogParams>({
      queryFn: (params, { dispatch, extra }) =>
        queryResult(async () => {
          const source = catalogSourceOf(extra);
          const first = await firstPageFromIndex(params, source);
          if (!first) return fetchCatalogPage(source.db, params);
          // The server's first page holds its view's filter counts: kept as them, so they are not asked for again.
          dispatch(catalogApi.util.upsertQueryData('getFacetCounts', viewOf(params), first.counts));
          return first.page;
        }, CATALOG_FAILURE),
      providesTags: ['Product'],
    }),
    /**
     * A search or a view narrowed by brand, stock or price: numbered pages out of the search index.
     * The server answers each page (functions/src/searchPage.ts); when it cannot be reached, the
     * index is loaded into the browser and the page read from Firestore. When there is no index, a
     * search falls back to the token search (paged by cursor); filters cannot.
     */
    getIndexedPage: build.query<IndexedView, CatalogParams>({
      queryFn: (params, { extra }) =>
        queryResult(async () => {
          const source = catalogSourceOf(extra);
          const answer = await source.searchPage(searchPageOf(params)).catch(() => undefined);
          if (answer) return { source: 'index' as const, rows: answer.products, total: answer.total, pageCount: answer.pageCount, documentsRead: 0, counts: answer.counts };
          if (answer === undefined) {
            const [index, { fetchFacetedPage }] = await Promise.all([source.searchIndex(), import('./facetedQueries')]);
            if (index) return { source: 'index' as const, ...(await fetchFacetedPage(source.db, index, params)) };
          }
          if (isFaceted(params)) throw new Error(FILTERS_UNAVAILABLE);
          return { source: 'tokens' as const, page: await fetchCatalogPage(source.db, params) };
        }, isFaceted(params) ? FILTERS_UNAVAILABLE : CATALOG_FAILURE),
      providesTags: ['Product'],
    }),
    /**
     * The filter counts of a view Firestore pages (a view the index answers has them with its
     * page), from the server's search page; null when it has no index (no filter is offered then).
     */
    getFacetCounts: build.query<FacetCounts | null, Partial<CatalogParams>>({
      queryFn: (view, { extra }) => queryResult(async () => (await catalogSourceOf(extra).searchPage(facetCountsOf(view)))?.counts ?? null, FILTERS_UNAVAILABLE),
      providesTags: ['Product'],
    }),
    /** null when no active product has this id. */
    getProduct: build.query<Product | null, string>({
      queryFn: (id, { extra }) => queryResult(() => fetchProduct(catalogSourceOf(extra).db, id), 'This product could not be loaded. Please try again.'),
      providesTags: (_result, _error, id) => [{ type: 'Product', id }],
    }),
  }),
});

export const { useGetCatalogPageQuery, useGetFacetCountsQuery, useGetIndexedPageQuery, useGetProductQuery } = catalogApi;
