/**
 * Finance's view of online payments: the latest `onlinePayments` followed live (each Stripe
 * webhook changes one), the names of their companies, and the daily reconciliation's last report.
 */
import { collection, getDocs, limit, orderBy, query } from 'firebase/firestore/lite';
import { isRecord, onlinePaymentFromData, storedNumber, storedText, type OnlinePayment, type StoredData } from '@harbor/domain';
import { api, queryResult } from '../../lib/api';
import { companyCollection } from '../../lib/converters/companyCollection';
import { readDocument } from '../../lib/documents';
import { db } from '../../lib/firebase';
import { followLive } from '../../lib/followLive';

export const ONLINE_PAYMENTS_PAGE = 20;

/** `paymentReconciliations/{day}`: what the daily check compared and what the webhook had missed. */
export interface PaymentReconciliation {
  day: string;
  checkedAt: number;
  checked: number;
  missed: { paymentIntentId: string; companyId: string; amount: number }[];
}

function reconciliationFromData(data: StoredData): PaymentReconciliation {
  const checkedAt = data.checkedAt;
  return {
    day: storedText(data.day),
    checkedAt: isRecord(checkedAt) && typeof checkedAt.toMillis === 'function' ? (checkedAt.toMillis as () => number)() : 0,
    checked: storedNumber(data.checked),
    missed: (Array.isArray(data.missed) ? data.missed.filter(isRecord) : []).map((each) => ({ paymentIntentId: storedText(each.paymentIntentId), companyId: storedText(each.companyId), amount: storedNumber(each.amount) })),
  };
}

const onlinePaymentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The `shown` latest online payments, newest change first, kept up to date while the page is open. */
    getOnlinePayments: build.query<OnlinePayment[], number>({
      queryFn: (shown) =>
        queryResult(async () => {
          const latest = await getDocs(query(collection(db, 'onlinePayments'), orderBy('updatedAt', 'desc'), limit(shown)));
          return latest.docs.map((payment) => onlinePaymentFromData(payment.id, payment.data()));
        }, 'The online payments could not be loaded. Please try again.'),
      onCacheEntryAdded: (shown, lifecycle) =>
        followLive<OnlinePayment[]>(
          lifecycle,
          (live, onData, onError) =>
            live.onSnapshot(
              live.query(live.collection(live.liveDb, 'onlinePayments'), live.orderBy('updatedAt', 'desc'), live.limit(shown)),
              (snapshot) => onData(snapshot.docs.map((payment) => onlinePaymentFromData(payment.id, payment.data()))),
              onError,
            ),
          'The online payments stopped updating.',
        ),
      providesTags: ['Receivables'],
    }),
    /** The names of these companies, by id (a company the reader cannot see is left out). */
    getCompanyNames: build.query<Record<string, string>, string[]>({
      queryFn: (ids) =>
        queryResult(async () => {
          const companies = await Promise.all(ids.map((id) => readDocument(companyCollection(db), id)));
          return Object.fromEntries(companies.flatMap((company) => (company ? [[company.id, company.name]] : [])));
        }, 'The companies could not be loaded. Please try again.'),
      providesTags: ['Company'],
    }),
    /** The last day's reconciliation of Stripe's payments with the ledger; null before the first. */
    getLatestReconciliation: build.query<PaymentReconciliation | null, void>({
      queryFn: () =>
        queryResult(async () => {
          const latest = await getDocs(query(collection(db, 'paymentReconciliations'), orderBy('day', 'desc'), limit(1)));
          const report = latest.docs[0];
          return report ? reconciliationFromData(report.data()) : null;
        }, 'The last reconciliation could not be loaded. Please try again.'),
      providesTags: ['Receivables'],
    }),
  }),
});

export const { useGetOnlinePaymentsQuery, useGetCompanyNamesQuery, useGetLatestReconciliationQuery } = onlinePaymentsApi;
