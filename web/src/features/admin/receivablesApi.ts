import { getDocs, limit, orderBy, query, where } from 'firebase/firestore/lite';
import type { IssueCreditNoteInput, LedgerEntry, MarkOrderPaidInput, Payment, PaymentAllocation, ReceivablesReport, RecordPaymentInput, ReversePaymentInput } from '@harbor/domain';
import { api, queryResult } from '../../lib/api';
import { callFunction } from '../../lib/callable';
import { ledgerCollection, paymentCollection } from '../../lib/converters/receivablesCollections';
import { db } from '../../lib/firebase';
import { readPage, type ListOrder, type Page, type PagePosition } from '../../lib/pagination';

const PAYMENTS_SHOWN = 20;
const LEDGER_PAGE_SIZE = 15;
/** The ledger newest first. */
const LEDGER_ORDER: ListOrder = { field: 'at', direction: 'desc', kind: 'timestamp' };

export interface RecordPaymentResult {
  paymentId: string;
  allocations: PaymentAllocation[];
  unallocated: number;
  creditApplied: number;
}

/** Payments, reversals and credit notes change invoices, the ledger, the company's balance and its orders. */
const MONEY_MOVED = ['Receivables', 'Company', 'Order', 'Audit'] as const;

/** The back office's receivables: a company's payments and ledger, the callables that move money, and the report. */
const receivablesAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A company's latest payments, newest first. */
    getCompanyPayments: build.query<Payment[], string>({
      queryFn: (companyId) =>
        queryResult(async () => {
          const latest = query(paymentCollection(db), where('companyId', '==', companyId), orderBy('recordedAt', 'desc'), limit(PAYMENTS_SHOWN));
          return (await getDocs(latest)).docs.map((payment) => payment.data());
        }, 'The payments could not be loaded. Please try again.'),
      providesTags: ['Receivables'],
    }),
    /** One page of a company's ledger, newest entry first. */
    getLedgerPage: build.query<Page<LedgerEntry>, { companyId: string; position: PagePosition }>({
      queryFn: ({ companyId, position }) =>
        queryResult(
          () => readPage(ledgerCollection(db, companyId), { order: LEDGER_ORDER, cursor: position.cursor, direction: position.direction, pageSize: LEDGER_PAGE_SIZE }),
          'The account history could not be loaded. Please try again.',
        ),
      providesTags: ['Receivables'],
    }),
    getReceivablesReport: build.query<ReceivablesReport, void>({
      queryFn: () => queryResult(() => callFunction<Record<string, never>, ReceivablesReport>('receivablesReport', {}), 'The receivables could not be loaded. Please try again.'),
      providesTags: ['Receivables'],
    }),
    recordPayment: build.mutation<RecordPaymentResult, RecordPaymentInput>({
      queryFn: (input) => queryResult(() => callFunction<RecordPaymentInput, RecordPaymentResult>('recordPayment', input), 'The payment could not be recorded. Please try again.'),
      invalidatesTags: [...MONEY_MOVED],
    }),
    reversePayment: build.mutation<{ paymentId: string }, ReversePaymentInput>({
      queryFn: (input) => queryResult(() => callFunction<ReversePaymentInput, { paymentId: string }>('reversePayment', input), 'The payment could not be reversed. Please try again.'),
      invalidatesTags: [...MONEY_MOVED],
    }),
    markOrderPaid: build.mutation<{ paymentStatus: 'paid' | 'unpaid'; invoiceNumbers: string[] }, MarkOrderPaidInput>({
      queryFn: (input) => queryResult(() => callFunction<MarkOrderPaidInput, { paymentStatus: 'paid' | 'unpaid'; invoiceNumbers: string[] }>('markOrderPaid', input), 'The invoice could not be marked paid. Please try again.'),
      invalidatesTags: [...MONEY_MOVED],
    }),
    issueCreditNote: build.mutation<{ number: string; amount: number }, IssueCreditNoteInput>({
      queryFn: (input) => queryResult(() => callFunction<IssueCreditNoteInput, { number: string; amount: number }>('issueCreditNote', input), 'The credit note could not be issued. Please try again.'),
      // Returned goods may go back into stock.
      invalidatesTags: [...MONEY_MOVED, 'Product'],
    }),
  }),
});

export const { useGetCompanyPaymentsQuery, useGetLedgerPageQuery, useGetReceivablesReportQuery, useRecordPaymentMutation, useReversePaymentMutation, useMarkOrderPaidMutation, useIssueCreditNoteMutation } = receivablesAdminApi;
