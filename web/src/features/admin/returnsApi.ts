import type { ProductReturn } from '@harbor/domain';
import { api, queryResult } from '../../lib/api';
import { db } from '../../lib/firebase';
import type { Page, PagePosition } from '../../lib/pagination';
import { companyScope } from './assignedCompanies';
import { readReturns, type ReturnStatusFilter } from './returnQueries';

interface AdminReturnsArgs {
  status: ReturnStatusFilter;
  search: string;
  position: PagePosition;
  /** A sales rep's uid: only the returns of the companies assigned to it now (the rules let it read no others). */
  assignedTo: string | null;
}

const adminReturnsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A page of the returns in scope, newest first, or the matches of a search; every move on a return reads it again. */
    getAdminReturns: build.query<Page<ProductReturn>, AdminReturnsArgs>({
      queryFn: ({ status, search, position, assignedTo }) =>
        queryResult(async () => readReturns(db, await companyScope(db, assignedTo), status, search, position), 'The returns could not be loaded. Please try again.'),
      providesTags: [{ type: 'Return', id: 'LIST' }],
    }),
  }),
});

export const { useGetAdminReturnsQuery } = adminReturnsApi;
