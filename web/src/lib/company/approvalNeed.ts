/**
 * Whether the signed-in buyer's order needs its company's approval, as placeOrder and acceptQuote
 * judge it (domain/src/approvals.ts), for checkout and a quote's acceptance to say before the
 * buyer orders. Imported by path: only those lazy pages need it.
 */
import { useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { approvalNeeded, limitsOf, limitsText, spendingDocId, spendingMonth, storedNumber, type ApprovalNeed, type Company } from '@harbor/domain';
import { api, queryResult } from '../api';
import { loadFirestore } from '../firestoreLoader';

const spendingApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** What the buyer has ordered this month (orders not cancelled or rejected), as placeOrder counts it for the monthly limit. */
    getMonthSpending: build.query<number, { companyId: string; uid: string; month: string }>({
      queryFn: ({ companyId, uid, month }) =>
        queryResult(async () => {
          const { db, doc, getDoc } = await loadFirestore();
          return storedNumber((await getDoc(doc(db, 'companies', companyId, 'spending', spendingDocId(uid, month)))).get('total'));
        }, 'Your orders this month could not be read. Please try again.'),
      providesTags: ['Order'],
    }),
  }),
});

/** A buyer's limits in words (null for none), and whether an order of `total` is over them (null while unpriced or within them). */
export interface ApprovalOutlook {
  limits: string | null;
  need: ApprovalNeed | null;
}

/** The buyer's limits and whether an order of `total` (null while unknown) is over them; the month is read when there is a monthly limit. */
export function useApprovalNeed(company: Company, uid: string, total: number | null): ApprovalOutlook {
  const limits = limitsOf(company, uid);
  // The month as placeOrder takes it, in the company's time zone, fixed for the visit.
  const [month] = useState(() => spendingMonth(Date.now(), company.timeZone));
  const { data: spent = 0 } = spendingApi.useGetMonthSpendingQuery(limits.monthlyLimit !== null ? { companyId: company.id, uid, month } : skipToken);
  return { limits: limitsText(limits), need: total === null ? null : approvalNeeded(limits, total, spent) };
}
