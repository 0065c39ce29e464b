import type { Product } from '@harbor/domain';
import { api, queryResult } from '../../lib/api';
import { publicDb } from '../../lib/publicDb';
import type { Page } from '../../lib/pagination';
import type { CatalogParams } from './catalogParams';
import { fetchCatalogPage, fetchProduct } from './catalogQueries';

/** Said when a catalog page cannot be read (no server sentence exists for a read). */
export const CATALOG_FAILURE = 'The catalog could not be loaded. Check your connection and try again.';

export const catalogApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCatalogPage: build.query<Page<Product>, CatalogParams>({
      queryFn: (params) => queryResult(() => fetchCatalogPage(publicDb, params), CATALOG_FAILURE),
      providesTags: ['Product'],
    }),
    /** null when no active product has this id. */
    getProduct: build.query<Product | null, string>({
      queryFn: (id) => queryResult(() => fetchProduct(publicDb, id), 'This product could not be loaded. Please try again.'),
      providesTags: (_result, _error, id) => [{ type: 'Product', id }],
    }),
  }),
});

export const { useGetCatalogPageQuery, useGetProductQuery } = catalogApi;
