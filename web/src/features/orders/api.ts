import { doc, getDoc, query, where } from 'firebase/firestore/lite';
import { purchaseSummaryFromData, type Order, type PurchaseSummary } from '@harbor/domain';
import { api, queryResult } from '../../lib/api';
import { orderCollection } from '../../lib/converters/orderConverter';
import { readDocument } from '../../lib/documents';
import { db } from '../../lib/firebase';
import { readPage, type Page, type PageCursor } from '../../lib/pagination';
import { NEWEST_ORDERS_FIRST } from '../../lib/sorts';

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

    /** The shopper's orders, newest first, one page per "Show more". */
    getOrderHistory: build.infiniteQuery<Page<Order>, string, PageCursor | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.next,
      },
      queryFn: ({ queryArg: uid, pageParam }) =>
        queryResult(
          () => readPage(query(orderCollection(db), where('userId', '==', uid)), { order: NEWEST_ORDERS_FIRST, cursor: pageParam, direction: 'after', pageSize: ORDER_HISTORY_PAGE_SIZE }),
          'Your orders could not be loaded. Please try again.',
        ),
      providesTags: [{ type: 'Order', id: 'HISTORY' }],
    }),
  }),
});

export const { useGetOrderQuery, useGetOrderHistoryInfiniteQuery, useGetPurchaseSummaryQuery } = ordersApi;
