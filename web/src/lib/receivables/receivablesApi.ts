import { getDocs, orderBy, query, where } from 'firebase/firestore/lite';
import type { CreditNote, Invoice } from '@harbor/domain';
import { api, queryResult } from '../api';
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
  }),
});

export const { useGetInvoiceQuery, useGetOpenInvoicesQuery, useGetOrderCreditNotesQuery } = receivablesApi;
