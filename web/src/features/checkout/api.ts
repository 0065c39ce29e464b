import type { PlaceOrderInput, PlaceOrderResult } from '@harbor/domain';
import { api, queryResult } from '../../lib/api';
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
  }),
});

export const { usePlaceOrderMutation } = checkoutApi;
