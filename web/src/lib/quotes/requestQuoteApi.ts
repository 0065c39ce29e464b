import type { RequestQuoteInput } from '@harbor/domain';
import { api, queryResult } from '../api';
import { callFunction } from '../callable';

/** A buyer's request for a price on some lines (from the cart or a saved list). */
export const requestQuoteApi = api.injectEndpoints({
  endpoints: (build) => ({
    requestQuote: build.mutation<{ quoteId: string; number: string }, RequestQuoteInput>({
      queryFn: (input) =>
        queryResult(() => callFunction<RequestQuoteInput, { quoteId: string; number: string }>('requestQuote', input), 'Your quote request could not be sent. Please try again.'),
      invalidatesTags: [{ type: 'Quote', id: 'LIST' }],
    }),
  }),
});

export const { useRequestQuoteMutation } = requestQuoteApi;
