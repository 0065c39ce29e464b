import {
  collection,
  doc,
  documentId,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  startAfter,
  Timestamp,
  where,
  type DocumentSnapshot,
} from 'firebase/firestore/lite';
import { orderFromData, type Order } from '@harbor/domain';
import { api, queryResult } from '../../lib/api';
import { errorCode } from '../../lib/errorCode';
import { db } from '../../lib/firebase';

export const ORDER_HISTORY_PAGE_SIZE = 10;

/** Where the next history page starts: after this order, in newest-first order. */
export interface OrderHistoryCursor {
  seconds: number;
  nanoseconds: number;
  id: string;
}

export interface OrderHistoryPage {
  orders: Order[];
  next: OrderHistoryCursor | null;
}

function toOrder(snapshot: DocumentSnapshot): Order {
  return orderFromData(snapshot.id, snapshot.data() ?? {});
}

/** Rules deny reading a document that is not the caller's (or is not there); both mean "no such order". */
function isUnreadable(error: unknown): boolean {
  const code = errorCode(error);
  return code === 'permission-denied' || code === 'invalid-argument';
}

const notFound = { code: 'not-found', message: 'We could not find that order.' };

export const ordersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOrder: build.query<Order, string>({
      async queryFn(orderId) {
        if (!orderId || orderId.includes('/')) return { error: notFound };
        try {
          const snapshot = await getDoc(doc(db, 'orders', orderId));
          return snapshot.exists() ? { data: toOrder(snapshot) } : { error: notFound };
        } catch (error) {
          if (isUnreadable(error)) return { error: notFound };
          console.error('Loading the order failed.', error);
          return { error: { message: 'The order could not be loaded. Please try again.' } };
        }
      },
      providesTags: (_result, _error, orderId) => [{ type: 'Order', id: orderId }],
    }),

    /** The shopper's orders, newest first, one page per "Show more". */
    getOrderHistory: build.infiniteQuery<OrderHistoryPage, string, OrderHistoryCursor | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.next,
      },
      queryFn: ({ queryArg: uid, pageParam }) =>
        queryResult(async () => {
          const constraints = [where('userId', '==', uid), orderBy('createdAt', 'desc'), orderBy(documentId(), 'desc')];
          const after = pageParam ? [startAfter(new Timestamp(pageParam.seconds, pageParam.nanoseconds), pageParam.id)] : [];
          // One extra order tells whether another page follows.
          const snapshot = await getDocs(query(collection(db, 'orders'), ...constraints, ...after, limit(ORDER_HISTORY_PAGE_SIZE + 1)));
          const docs = snapshot.docs.slice(0, ORDER_HISTORY_PAGE_SIZE);
          const last = docs.at(-1);
          const lastCreated = last?.get('createdAt');
          const next =
            snapshot.docs.length > ORDER_HISTORY_PAGE_SIZE && last && lastCreated instanceof Timestamp
              ? { seconds: lastCreated.seconds, nanoseconds: lastCreated.nanoseconds, id: last.id }
              : null;
          return { orders: docs.map(toOrder), next };
        }, 'Your orders could not be loaded. Please try again.'),
      providesTags: [{ type: 'Order', id: 'HISTORY' }],
    }),
  }),
});

export const { useGetOrderQuery, useGetOrderHistoryInfiniteQuery } = ordersApi;
