import { doc, getDoc } from 'firebase/firestore/lite';
import { purchaseSummaryFromData, type Order, type PurchaseSummary } from '@harbor/domain';
import { api, queryResult } from '../../lib/api';
import { orderCollection } from '../../lib/converters/orderConverter';
import { readDocument } from '../../lib/documents';
import { db } from '../../lib/firebase';
import type { Page, PageCursor } from '../../lib/pagination';
import { readOrderHistory, type OrderHistoryFilters, type OrderHistoryScope } from './orderHistoryQuery';

const ORDER_HISTORY_PAGE_SIZE = 10;

const ordersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** null when the shopper has no order with this number (the rules hide other buyers' orders). */
    getOrder: build.query<Order | null, string>({
      queryFn: (orderId) => queryResult(() => readDocument(orderCollection(db), orderId), 'The order could not be loaded. Please try again.'),
      providesTags: (_result, _error, orderId) => [{ type: 'Order', id: orderId }],
    }),

    /** What the buyer has ordered (one document kept by a trigger), most frequent first. */
    getPurchaseSummary: build.query<PurchaseSummary, string>({
      queryFn: (uid) => queryResult(async () => purchaseSummaryFromData((await getDoc(doc(db, 'purchaseSummaries', uid))).data()), 'What you ordered before could not be loaded. Please try again.'),
      providesTags: ['Order'],
    }),

    /** The shopper's (or, for a company owner, the company's) orders, newest first, one page per "Show more". */
    getOrderHistory: build.infiniteQuery<Page<Order>, { scope: OrderHistoryScope; filters: OrderHistoryFilters }, PageCursor | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.next,
      },
      queryFn: ({ queryArg: { scope, filters }, pageParam }) =>
        queryResult(
          () => readOrderHistory(db, scope, filters, pageParam, ORDER_HISTORY_PAGE_SIZE),
          'Your orders could not be loaded. Please try again.',
        ),
      providesTags: [{ type: 'Order', id: 'HISTORY' }],
    }),
  }),
});

export const { useGetOrderQuery, useGetOrderHistoryInfiniteQuery, useGetPurchaseSummaryQuery } = ordersApi;
