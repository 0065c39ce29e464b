import type { Orderable } from '@harbor/domain';
import { api, queryResult } from '../../lib/api';
import { fetchOrderables } from '../../lib/cart/productQueries';
import { db } from '../../lib/firebase';

export const listProductsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Today's active products among the ids of the buyer's lists (batches of 30), by id. */
    getListProducts: build.query<Record<string, Orderable>, string[]>({
      queryFn: (ids) => queryResult(async () => (await fetchOrderables(db, ids)).products, 'The products of your lists could not be loaded. Please try again.'),
      providesTags: ['Product'],
    }),
  }),
});

export const { useGetListProductsQuery } = listProductsApi;
