import type { ProductReturn } from '@harbor/domain';
import { api, queryResult } from '../../lib/api';
import { db } from '../../lib/firebase';
import type { Page, PageCursor } from '../../lib/pagination';
import { readReturnsPage, type ReturnsScope } from './returnsQuery';

const RETURNS_PAGE_SIZE = 10;

const buyerReturnsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The buyer's (or, for a company's owner or approver, the company's) returns, newest first, one page per "Show more". */
    getReturns: build.infiniteQuery<Page<ProductReturn>, ReturnsScope, PageCursor | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.next,
      },
      queryFn: ({ queryArg, pageParam }) => queryResult(() => readReturnsPage(db, queryArg, pageParam, RETURNS_PAGE_SIZE), 'Your returns could not be loaded. Please try again.'),
      providesTags: [{ type: 'Return', id: 'LIST' }],
    }),
  }),
});

export const { useGetReturnsInfiniteQuery } = buyerReturnsApi;
