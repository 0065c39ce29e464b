import { httpsCallable } from 'firebase/functions';
import type { PlaceOrderInput, PlaceOrderResult } from '@harbor/domain';
import { api } from '../../app/api';
import { callableErrorMessage } from '../../app/callableError';
import { functions } from '../../app/functions';

// placeOrder may retry for up to two minutes when many shoppers buy the same product at once.
const placeOrderCallable = httpsCallable<PlaceOrderInput, PlaceOrderResult>(functions, 'placeOrder', { timeout: 130_000 });

export const checkoutApi = api.injectEndpoints({
  endpoints: (build) => ({
    placeOrder: build.mutation<PlaceOrderResult, PlaceOrderInput>({
      async queryFn(input) {
        try {
          return { data: (await placeOrderCallable(input)).data };
        } catch (error) {
          console.error('Placing the order failed.', error);
          return { error: { message: callableErrorMessage(error, 'Your order could not be placed. Please check your connection and try again.') } };
        }
      },
      // The new order joins the history; stock changed.
      invalidatesTags: ['Order', 'Product'],
    }),
  }),
});

export const { usePlaceOrderMutation } = checkoutApi;
