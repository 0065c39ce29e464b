import { query, where } from 'firebase/firestore/lite';
import type { Order } from '@harbor/domain';
import { api, queryResult } from '../../lib/api';
import { orderCollection } from '../../lib/converters/orderConverter';
import { readDocument } from '../../lib/documents';
import { db } from '../../lib/firebase';
import { readPage, type Page, type PageCursor } from '../../lib/pagination';
import { NEWEST_ORDERS_FIRST } from '../../lib/sorts';

const ORDER_HISTORY_PAGE_SIZE = 10;

/** Whose orders a history lists: a buyer's own (userId), or every order of the company its owner runs (companyId). */
export interface OrderHistoryScope {
  field: 'userId' | 'companyId';
  value: string;
}

const ordersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** null when the shopper has no order with this number (the rules hide other buyers' orders). */
    getOrder: build.query<Order | null, string>({
      queryFn: (orderId) => queryResult(() => readDocument(orderCollection(db), orderId), 'The order could not be loaded. Please try again.'),
      providesTags: (_result, _error, orderId) => [{ type: 'Order', id: orderId }],
    }),

    /** The shopper's (or, for a company owner, the company's) orders, newest first, one page per "Show more". */
    getOrderHistory: build.infiniteQuery<Page<Order>, OrderHistoryScope, PageCursor | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.next,
      },
      queryFn: ({ queryArg: { field, value }, pageParam }) =>
        queryResult(
          () => readPage(query(orderCollection(db), where(field, '==', value)), { order: NEWEST_ORDERS_FIRST, cursor: pageParam, direction: 'after', pageSize: ORDER_HISTORY_PAGE_SIZE }),
          'Your orders could not be loaded. Please try again.',
        ),
      providesTags: [{ type: 'Order', id: 'HISTORY' }],
    }),
  }),
});

export const { useGetOrderQuery, useGetOrderHistoryInfiniteQuery } = ordersApi;
