import { doc, getDoc, getDocs, limit, orderBy, query, where } from 'firebase/firestore/lite';
import {
  purchaseSummaryFromData,
  type DecideApprovalInput,
  type Order,
  type OrderStatus,
  type PurchaseSummary,
} from '@harbor/domain';
import { api, queryResult } from '../../lib/api';
import { callFunction } from '../../lib/callable';
import { orderCollection } from '../../lib/converters/orderConverter';
import { readDocument } from '../../lib/documents';
import { db } from '../../lib/firebase';
import type { Page, PageCursor } from '../../lib/pagination';
import { readOrderHistory, type OrderHistoryFilters, type OrderHistoryScope } from './orderHistoryQuery';

const ORDER_HISTORY_PAGE_SIZE = 10;
/** Orders awaiting approval are few (each expires within APPROVAL_DAYS); the oldest beyond this wait for the next. */
const APPROVAL_QUEUE_SIZE = 50;

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

    /** The company's orders that wait for an owner or approver, oldest first (the first to expire). */
    getOrdersAwaitingApproval: build.query<Order[], string>({
      queryFn: (companyId) =>
        queryResult(async () => {
          const awaiting = query(orderCollection(db), where('companyId', '==', companyId), where('status', '==', 'awaiting-approval'), orderBy('createdAt', 'asc'), limit(APPROVAL_QUEUE_SIZE));
          return (await getDocs(awaiting)).docs.map((order) => order.data());
        }, 'The orders awaiting your approval could not be loaded. Please try again.'),
      providesTags: [{ type: 'Order', id: 'APPROVALS' }],
    }),

    decideApproval: build.mutation<{ orderId: string; status: OrderStatus }, DecideApprovalInput>({
      queryFn: (input) =>
        queryResult(() => callFunction<DecideApprovalInput, { orderId: string; status: OrderStatus }>('decideApproval', input), 'Your decision could not be saved. Please try again.'),
      // Whatever the answer (an order decided elsewhere, or expired), the order and the queue are read again.
      invalidatesTags: (_result, _error, input) => [{ type: 'Order', id: input.orderId }, { type: 'Order', id: 'APPROVALS' }, { type: 'Order', id: 'HISTORY' }],
    }),

    /** The company's owner or an approver cancels what is not shipped of an order. */
  }),
});

export const { useGetOrderQuery, useGetOrderHistoryInfiniteQuery, useGetPurchaseSummaryQuery, useGetOrdersAwaitingApprovalQuery, useDecideApprovalMutation } = ordersApi;
