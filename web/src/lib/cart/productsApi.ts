import type { Orderable, Product } from '@harbor/domain';
import { api, queryResult } from '../api';
import { publicDb } from '../publicDb';

/**
 * The reads and the product schemas they check documents with (zod, 90 KB of script) load on the
 * first read rather than with the page: the cart asks for its prices only once its lines are on
 * screen, so they no longer delay its first paint.
 */
const productQueries = () => import('./productQueries');

/** Product reads for whatever fills a cart: its lines, an order to repeat, a quick order. */
export const cartProductsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The catalog's current terms for these products; ones no longer sold are absent. */
    getOrderables: build.query<Record<string, Orderable>, string[]>({
      queryFn: (ids) => queryResult(async () => (await (await productQueries()).fetchOrderables(publicDb, ids)).products, 'Current prices and stock could not be loaded. Please try again.'),
      providesTags: ['Product'],
    }),
    getProductsBySku: build.query<Product[], string[]>({
      queryFn: (skus) => queryResult(async () => (await (await productQueries()).fetchProductsBySku(publicDb, skus)).products, 'The products could not be looked up. Please try again.'),
      providesTags: ['Product'],
    }),
  }),
});

export const { useGetOrderablesQuery, useLazyGetOrderablesQuery, useLazyGetProductsBySkuQuery } = cartProductsApi;
