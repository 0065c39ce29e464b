import { HttpsError, onCall } from 'firebase-functions/v2/https';
import {
  creditNoteContent,
  creditNoteFromData,
  formatInvoiceNumber,
  getOrderDocumentInputSchema,
  invoiceable,
  invoiceContent,
  invoiceFromData,
  isStaffRole,
  maySeeCompanyDocument,
  orderConfirmationContent,
  orderFromData,
  packingSlipContent,
  quoteContent,
  staffMay,
  statementContent,
  type CreditNote,
  type Invoice,
  type Order,
  type OrderDocumentContent,
  type OrderDocumentFile,
  type OrderDocumentKind,
  type Quote,
  type ShippingAddress,
  type Statement,
} from '@harbor/domain';
import { db } from './admin';
import { callableOptions, parseInput, requireUser } from './callable';
import { renderPdf } from './pdf';

export interface RenderedDocument {
  fileName: string;
  pdf: Uint8Array;
}

export async function documentPdf(content: OrderDocumentContent): Promise<RenderedDocument> {
  return { fileName: content.fileName, pdf: await renderPdf(content) };
}

/** A quote as a PDF: for the buyer's download and the e-mail that sends it. */
export async function quotePdf(quote: Quote): Promise<RenderedDocument> {
  return documentPdf(quoteContent(quote));
}

/** `invoices/{number}` ("INV-000042"), or null when there is none. */
export async function readInvoice(number: string): Promise<Invoice | null> {
  const snapshot = await db.doc(`invoices/${number}`).get();
  return snapshot.exists ? invoiceFromData(snapshot.id, snapshot.data()!) : null;
}

/** `creditNotes/{number}` ("CN-000007"), or null when there is none. */
export async function readCreditNote(number: string): Promise<CreditNote | null> {
  const snapshot = await db.doc(`creditNotes/${number}`).get();
  return snapshot.exists ? creditNoteFromData(snapshot.id, snapshot.data()!) : null;
}

/** The statement of account as a PDF (statementContent drawn). */
export async function statementPdf(statement: Statement, buyer: { name: string; email: string; billingAddress: ShippingAddress | null }): Promise<RenderedDocument> {
  return documentPdf(statementContent(statement, buyer));
}

/** What the order's document of `kind` says; refused when the order has no such document (yet). */
async function orderDocumentContent(order: Order, kind: OrderDocumentKind, creditNoteNumber?: string): Promise<OrderDocumentContent> {
  // An order its company has not approved is neither confirmed nor invoiced.
  if ((kind === 'confirmation' || kind === 'invoice') && !invoiceable(order)) {
    throw new HttpsError(
      'failed-precondition',
      order.status === 'awaiting-approval'
        ? `Order ${order.id} awaits the approval of the buyer's company: its confirmation is issued once it is approved.`
        : `Order ${order.id} was not approved by the buyer's company: it has no confirmation or invoice.`,
    );
  }
  switch (kind) {
    case 'confirmation':
      return orderConfirmationContent(order);
    case 'packingSlip':
      return packingSlipContent(order);
    case 'invoice': {
      const invoice = order.invoiceNumber === undefined ? null : await readInvoice(formatInvoiceNumber(order.invoiceNumber));
      if (!invoice || invoice.orderId !== order.id) {
        throw new HttpsError('failed-precondition', `Order ${order.id} has no invoice yet: it is issued when the order ships. Download the order confirmation.`);
      }
      return invoiceContent(invoice);
    }
    case 'creditNote': {
      if (!creditNoteNumber) throw new HttpsError('invalid-argument', 'Say which credit note to download, such as CN-000001.');
      const note = await readCreditNote(creditNoteNumber);
      if (!note || note.orderId !== order.id) throw new HttpsError('not-found', `Order ${order.id} has no credit note ${creditNoteNumber}.`);
      return creditNoteContent(note);
    }
  }
}

/** The order's confirmation, invoice, packing slip or one of its credit notes, as a PDF. */
export async function orderDocumentPdf(orderId: string, kind: OrderDocumentKind, creditNoteNumber?: string): Promise<RenderedDocument> {
  const snapshot = await db.doc(`orders/${orderId}`).get();
  if (!snapshot.exists) throw new HttpsError('not-found', `There is no order ${orderId}.`);
  return documentPdf(await orderDocumentContent(orderFromData(snapshot.id, snapshot.data()!), kind, creditNoteNumber));
}

/**
 * An order's document, to the staff whose role reads that document (confirmations, invoices and
 * credit notes: admin, finance, and sales for the companies assigned to it now; packing slips:
 * admin, warehouse) and to whom the company's visibility rule shows it (maySeeCompanyDocument: the
 * order's buyer, the owner and approvers of its company). Anyone else is told the order does not
 * exist, exactly as for a missing one, so the answer reveals nothing.
 */
export const getOrderDocument = onCall(callableOptions({ timeoutSeconds: 120 }), async (request): Promise<OrderDocumentFile> => {
  const uid = requireUser(request);
  const { orderId, kind, creditNoteNumber } = parseInput(getOrderDocumentInputSchema, request.data);
  const [order, profile] = await db.getAll(db.doc(`orders/${orderId}`), db.doc(`users/${uid}`));
  const companyId: unknown = order!.exists ? order!.get('companyId') : undefined;
  const company = async () => (typeof companyId === 'string' && companyId !== '' ? await db.doc(`companies/${companyId}`).get() : null);
  const role: unknown = profile!.get('role');
  const staffRole = isStaffRole(role) ? role : null;
  const mayRead = async (): Promise<boolean> => {
    if (staffMay(staffRole, kind === 'packingSlip' ? 'documents.packingSlip' : 'documents.invoice')) {
      // A role that reads only its assigned companies reads only their documents.
      if (staffMay(staffRole, 'orders.read') || staffMay(staffRole, 'companies.read')) return true;
      if ((await company())?.get('salesRepUid') === uid) return true;
    }
    return maySeeCompanyDocument((await company())?.get(`members.${uid}`), order!.get('userId') === uid);
  };
  if (!order!.exists || !(await mayRead())) throw new HttpsError('not-found', `There is no order ${orderId} on your account.`);
  const { fileName, pdf } = await documentPdf(await orderDocumentContent(orderFromData(order!.id, order!.data()!), kind, creditNoteNumber));
  return { fileName, pdf: Buffer.from(pdf).toString('base64') };
});
