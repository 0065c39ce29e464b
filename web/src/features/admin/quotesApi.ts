import { getDocs, limit, orderBy, query, where, type QueryFieldFilterConstraint } from 'firebase/firestore/lite';
import type { CreateQuoteInput, Quote, QuoteStatus, RespondToQuoteInput } from '@harbor/domain';
import { api, queryResult } from '../../lib/api';
import { callFunction } from '../../lib/callable';
import { quoteCollection } from '../../lib/converters/quoteConverter';
import { db } from '../../lib/firebase';
import { assignedCompanyGroups } from './assignedCompanies';

/** The back office lists the latest quotes; search looks through these. */
export const ADMIN_QUOTES_LIMIT = 200;

interface AdminQuotesArgs {
  status: QuoteStatus | '';
  /** A sales rep's uid: only the quotes of the companies assigned to it now (the rules let it list no others). */
  assignedTo: string | null;
}

/** A quote matches a search by its number or its company's name, in any case. */
export function quoteMatches(quote: Pick<Quote, 'number' | 'companyName'>, search: string): boolean {
  const text = search.trim().toLowerCase();
  return !text || quote.number.toLowerCase().includes(text) || quote.companyName.toLowerCase().includes(text);
}

/**
 * The latest quotes (of a status, or all), the last changed first. A sales rep's are asked by the
 * companies assigned to it now, since a company handed to another rep takes its quotes along.
 */
async function latestQuotes({ status, assignedTo }: AdminQuotesArgs): Promise<Quote[]> {
  const latest = async (...filters: QueryFieldFilterConstraint[]) => {
    const page = await getDocs(query(quoteCollection(db), ...filters, ...(status ? [where('status', '==', status)] : []), orderBy('updatedAt', 'desc'), limit(ADMIN_QUOTES_LIMIT)));
    return page.docs.map((quote) => quote.data());
  };
  if (!assignedTo) return latest();
  const pages = await Promise.all((await assignedCompanyGroups(db, assignedTo)).map((companyIds) => latest(where('companyId', 'in', companyIds))));
  return pages
    .flat()
    .sort((a, b) => b.updatedAt - a.updatedAt)
    .slice(0, ADMIN_QUOTES_LIMIT);
}

const adminQuotesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The latest quotes (of a status, or all), the last changed first. */
    getAdminQuotes: build.query<Quote[], AdminQuotesArgs>({
      queryFn: (args) => queryResult(() => latestQuotes(args), 'The quotes could not be loaded. Please try again.'),
      providesTags: [{ type: 'Quote', id: 'LIST' }],
    }),
    respondToQuote: build.mutation<{ quoteId: string; version: number }, RespondToQuoteInput>({
      queryFn: (input) =>
        queryResult(() => callFunction<RespondToQuoteInput, { quoteId: string; version: number }>('respondToQuote', input, { timeout: 60_000 }), 'The quote could not be sent. Please try again.'),
      invalidatesTags: (_result, _error, input) => [{ type: 'Quote', id: input.quoteId }, { type: 'Quote', id: 'LIST' }],
    }),
    createQuote: build.mutation<{ quoteId: string; number: string }, CreateQuoteInput>({
      queryFn: (input) =>
        queryResult(() => callFunction<CreateQuoteInput, { quoteId: string; number: string }>('createQuote', input, { timeout: 60_000 }), 'The quote could not be created. Please try again.'),
      invalidatesTags: [{ type: 'Quote', id: 'LIST' }],
    }),
  }),
});

export const { useGetAdminQuotesQuery, useRespondToQuoteMutation, useCreateQuoteMutation } = adminQuotesApi;
