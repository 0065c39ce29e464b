import { doc, getDoc } from 'firebase/firestore/lite';
import { spendingDocId, storedNumber, type PlaceOrderInput, type PlaceOrderResult } from '@harbor/domain';
import { api, queryResult } from '../../lib/api';
import { db } from '../../lib/firebase';
import { callFunction } from '../../lib/callable';

/** placeOrder may take its full two minutes when many orders contend for one product. */
const PLACE_ORDER_TIMEOUT_MS = 130_000;

export const checkoutApi = api.injectEndpoints({
  endpoints: (build) => ({
    placeOrder: build.mutation<PlaceOrderResult, PlaceOrderInput>({
      queryFn: (input) =>
        queryResult(
          () => callFunction<PlaceOrderInput, PlaceOrderResult>('placeOrder', input, { timeout: PLACE_ORDER_TIMEOUT_MS }),
          'Your order could not be placed. Please check your connection and try again.',
        ),
      // The new order joins the history; stock changed; the address may have gone to the profile.
      invalidatesTags: (_result, _error, input) => ['Order', 'Product', ...(input.saveToProfile ? (['Profile'] as const) : [])],
    }),
    /** What the buyer has ordered this month (orders not cancelled or rejected), as placeOrder counts it for the monthly limit. */
    getMonthSpending: build.query<number, { companyId: string; uid: string; month: string }>({
      queryFn: ({ companyId, uid, month }) =>
        queryResult(async () => storedNumber((await getDoc(doc(db, 'companies', companyId, 'spending', spendingDocId(uid, month)))).get('total')), 'Your orders this month could not be read. Please try again.'),
      providesTags: ['Order'],
    }),
  }),
});

export const { useGetMonthSpendingQuery, usePlaceOrderMutation } = checkoutApi;
