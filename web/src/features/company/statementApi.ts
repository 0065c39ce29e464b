import { getDocs, limit, orderBy, query, Timestamp, where } from 'firebase/firestore/lite';
import { accountActivity, periodBounds, type AccountActivity, type StatementPeriod } from '@harbor/domain';
import { api, queryResult } from '../../lib/api';
import { ledgerCollection } from '../../lib/converters/receivablesCollections';
import { db } from '../../lib/firebase';

/**
 * The statement's account activity, read with the statement (a lazy part of /profile): the
 * period's ledger entries and the last one before them, whose running balance opens the period,
 * as the statement's PDF reads them (functions/src/statements.ts). Payments and credit notes
 * invalidate 'Receivables'.
 */
const statementApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAccountActivity: build.query<AccountActivity, { companyId: string; period: StatementPeriod }>({
      queryFn: ({ companyId, period }) =>
        queryResult(async () => {
          const { start, end } = periodBounds(period);
          const ledger = ledgerCollection(db, companyId);
          const [before, during] = await Promise.all([
            getDocs(query(ledger, where('at', '<', Timestamp.fromMillis(start)), orderBy('at', 'desc'), limit(1))),
            getDocs(query(ledger, where('at', '>=', Timestamp.fromMillis(start)), where('at', '<', Timestamp.fromMillis(end)), orderBy('at'))),
          ]);
          return accountActivity([...before.docs, ...during.docs].map((entry) => entry.data()), period);
        }, 'The account activity could not be loaded. Please try again.'),
      providesTags: ['Receivables'],
    }),
  }),
});

export const { useGetAccountActivityQuery } = statementApi;
