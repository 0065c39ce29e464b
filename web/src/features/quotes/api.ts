import { getDocs, limit, orderBy, query, where } from 'firebase/firestore/lite';
import type { AcceptQuoteInput, AcceptQuoteResult, Quote } from '@harbor/domain';
import { api, queryResult } from '../../lib/api';
import { callFunction } from '../../lib/callable';
import { quoteCollection } from '../../lib/converters/quoteConverter';
import { db } from '../../lib/firebase';

/** A company keeps its latest quotes in view; older ones stay on the server. */
const COMPANY_QUOTES_LIMIT = 100;

/** Accepting places the order through the same transaction as placeOrder, which may take its full two minutes. */
const ACCEPT_TIMEOUT_MS = 130_000;

const buyerQuotesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The company's quotes, the last changed first. */
    getCompanyQuotes: build.query<Quote[], string>({
      queryFn: (companyId) =>
        queryResult(async () => {
          const latest = query(quoteCollection(db), where('companyId', '==', companyId), orderBy('updatedAt', 'desc'), limit(COMPANY_QUOTES_LIMIT));
          return (await getDocs(latest)).docs.map((quote) => quote.data());
        }, 'Your quotes could not be loaded. Please try again.'),
      providesTags: [{ type: 'Quote', id: 'LIST' }],
    }),
    acceptQuote: build.mutation<AcceptQuoteResult, AcceptQuoteInput>({
      queryFn: (input) =>
        queryResult(
          () => callFunction<AcceptQuoteInput, AcceptQuoteResult>('acceptQuote', input, { timeout: ACCEPT_TIMEOUT_MS }),
          'The quote could not be accepted. Please check your connection and try again.',
        ),
      // The quote is accepted, a new order joins the history, stock changed.
      invalidatesTags: (_result, _error, input) => [{ type: 'Quote', id: input.quoteId }, { type: 'Quote', id: 'LIST' }, 'Order', 'Product'],
    }),
  }),
});

export const { useGetCompanyQuotesQuery, useAcceptQuoteMutation } = buyerQuotesApi;
