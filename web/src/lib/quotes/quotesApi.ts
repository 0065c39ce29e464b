import { getDocs, limit, orderBy, query } from 'firebase/firestore/lite';
import type { AddQuoteMessageInput, Quote, QuoteActionInput, QuoteMessage, QuoteStatus } from '@harbor/domain';
import { api, queryResult } from '../api';
import { callFunction } from '../callable';
import { quoteCollection, quoteMessageCollection } from '../converters/quoteConverter';
import { readDocument } from '../documents';
import { db } from '../firebase';

/** A conversation longer than this shows its latest messages. */
const THREAD_SIZE = 200;

/**
 * A quote and its conversation, read the same by its company's members and by the staff who
 * handle it (the rules decide who may), and the moves both sides make on it.
 */
export const quotesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** null when there is no such quote the reader may see. */
    getQuote: build.query<Quote | null, string>({
      queryFn: (quoteId) => queryResult(() => readDocument(quoteCollection(db), quoteId), 'The quote could not be loaded. Please try again.'),
      providesTags: (_result, _error, quoteId) => [{ type: 'Quote', id: quoteId }],
    }),
    /** The conversation, oldest first. */
    getQuoteMessages: build.query<QuoteMessage[], string>({
      queryFn: (quoteId) =>
        queryResult(async () => {
          const latest = await getDocs(query(quoteMessageCollection(db, quoteId), orderBy('at', 'desc'), limit(THREAD_SIZE)));
          return latest.docs.map((message) => message.data()).reverse();
        }, 'The messages could not be loaded. Please try again.'),
      providesTags: (_result, _error, quoteId) => [{ type: 'Quote', id: quoteId }],
    }),
    addQuoteMessage: build.mutation<{ messageId: string }, AddQuoteMessageInput>({
      queryFn: (input) => queryResult(() => callFunction<AddQuoteMessageInput, { messageId: string }>('addQuoteMessage', input), 'Your message could not be sent. Please try again.'),
      invalidatesTags: (_result, _error, input) => [{ type: 'Quote', id: input.quoteId }],
    }),
    /** Ask for changes, decline, withdraw (the buyer) or reject (staff). Whatever the answer, the quote is read again. */
    quoteAction: build.mutation<{ quoteId: string; status: QuoteStatus }, QuoteActionInput>({
      queryFn: (input) =>
        queryResult(() => callFunction<QuoteActionInput, { quoteId: string; status: QuoteStatus }>('quoteAction', input), 'The quote could not be updated. Please try again.'),
      invalidatesTags: (_result, _error, input) => [{ type: 'Quote', id: input.quoteId }, { type: 'Quote', id: 'LIST' }],
    }),
  }),
});

export const { useGetQuoteQuery, useGetQuoteMessagesQuery, useAddQuoteMessageMutation, useQuoteActionMutation } = quotesApi;
