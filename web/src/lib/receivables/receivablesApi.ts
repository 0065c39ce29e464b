import { getDocs, orderBy, query, where } from 'firebase/firestore/lite';
import type { CreditNote, Invoice, StartPaymentInput, StartPaymentResult } from '@harbor/domain';
import { api, queryResult } from '../api';
import { callFunction } from '../callable';
import { creditNoteCollection, invoiceCollection } from '../converters/receivablesCollections';
import { readDocument } from '../documents';
import { db } from '../firebase';

/** Stored statuses of an invoice with something still to pay. */
const OPEN_STATUSES = ['open', 'partially-paid', 'overdue'];

/**
 * Invoices and credit notes as buyers and staff read them (the rules let a buyer see its own
 * orders' ones, the company's owner and approvers and the staff who read the company all of them): the order pages, the buyer's statement and the
 * customer page share these reads. Payments and credit notes invalidate 'Receivables'.
 */
export const receivablesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** An invoice by its number ("INV-000042"); null when there is none the reader may see. */
    getInvoice: build.query<Invoice | null, string>({
      queryFn: (number) => queryResult(() => readDocument(invoiceCollection(db), number), 'The invoice could not be loaded. Please try again.'),
      providesTags: ['Receivables'],
    }),
    /** Invoices by their numbers (an order's), each the reader may see; the others are left out. */
    getInvoices: build.query<Invoice[], string[]>({
      queryFn: (numbers) =>
        queryResult(async () => {
          const invoices = await Promise.all(numbers.map((number) => readDocument(invoiceCollection(db), number)));
          return invoices.filter((invoice): invoice is Invoice => invoice !== null);
        }, 'The invoices could not be loaded. Please try again.'),
      providesTags: ['Receivables'],
    }),
    /** A company's invoices with something still to pay, oldest first. */
    getOpenInvoices: build.query<Invoice[], string>({
      queryFn: (companyId) =>
        queryResult(async () => {
          const open = query(invoiceCollection(db), where('companyId', '==', companyId), where('status', 'in', OPEN_STATUSES), orderBy('sequence', 'asc'));
          return (await getDocs(open)).docs.map((invoice) => invoice.data());
        }, 'The open invoices could not be loaded. Please try again.'),
      providesTags: ['Receivables'],
    }),
    /**
     * The credit notes issued against an order's invoice, in the order they were issued. The query
     * names the order's buyer (every credit note of the order carries it), so the rules can let the
     * buyer read its own as they let the company's owner and approvers read every one.
     */
    getOrderCreditNotes: build.query<CreditNote[], { companyId: string; orderId: string; userId: string }>({
      queryFn: ({ companyId, orderId, userId }) =>
        queryResult(async () => {
          const notes = await getDocs(query(creditNoteCollection(db), where('companyId', '==', companyId), where('orderId', '==', orderId), where('userId', '==', userId)));
          return notes.docs.map((note) => note.data()).sort((a, b) => a.sequence - b.sequence);
        }, 'The credit notes could not be loaded. Please try again.'),
      providesTags: ['Receivables'],
    }),
    /**
     * A buyer starts paying invoices or a prepaid order online: the server creates the Stripe
     * PaymentIntent for what is open (or the lower amount) and answers its client secret. Nothing
     * is paid yet, so nothing is read again; Stripe's webhook records the payment.
     */
    startPayment: build.mutation<StartPaymentResult, StartPaymentInput>({
      queryFn: (input) => queryResult(() => callFunction<StartPaymentInput, StartPaymentResult>('startPayment', input), 'The payment could not be started. Please try again.'),
    }),
  }),
});

export const { useGetInvoiceQuery, useGetInvoicesQuery, useGetOpenInvoicesQuery, useGetOrderCreditNotesQuery, useStartPaymentMutation } = receivablesApi;
