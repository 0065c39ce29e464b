import { createHash } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions/logger';
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
  returnAuthorizationContent,
  returnFromData,
  RETURN_STATUS_LABELS,
  shipmentFromData,
  staffMay,
  statementContent,
  type AccountActivity,
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

/** How long a drawn PDF is kept (a TTL policy on `expiresAt`, firestore.indexes.json). */
const PDF_KEPT_MS = 30 * 24 * 60 * 60 * 1000;
/** Firestore keeps documents of up to 1 MiB: a larger PDF is drawn each time. */
const LARGEST_KEPT_PDF_BYTES = 900 * 1024;

/**
 * Where the PDF of `content` is kept: named by a hash of what it shows and of the code that draws
 * it (the build puts the hash of src/pdf.ts in HARBOR_PDF_DRAWING), so the same document drawn by
 * the same code has one file, and anything changed is another.
 */
function keptPdfRef(content: OrderDocumentContent) {
  const key = createHash('sha256').update(`${process.env.HARBOR_PDF_DRAWING ?? 'source'}\n${JSON.stringify(content)}`).digest('hex');
  return db.doc(`documentFiles/${key}`);
}

/**
 * The document drawn as a PDF, drawn once: a document unchanged since it was last drawn is read
 * back from `documentFiles/{hash}` (functions only; the rules refuse every client), so an invoice
 * or a credit note, which never change once issued, is drawn once for its e-mails and every
 * download, and a statement or a confirmation again only when what it shows has changed. Reading
 * back skips loading pdf-lib, the slowest part of a first download on a new instance.
 */
export async function documentPdf(content: OrderDocumentContent): Promise<RenderedDocument> {
  const ref = keptPdfRef(content);
  const kept: unknown = (await ref.get()).get('pdf');
  if (kept instanceof Uint8Array) return { fileName: content.fileName, pdf: kept };
  const pdf = await renderPdf(content);
  if (pdf.length <= LARGEST_KEPT_PDF_BYTES) {
    // A file that could not be kept is drawn again next time: the document itself is not held up.
    await ref.set({ pdf: Buffer.from(pdf), fileName: content.fileName, expiresAt: Timestamp.fromMillis(Date.now() + PDF_KEPT_MS) }).catch((error: unknown) => logger.warn(`The PDF ${content.fileName} could not be kept`, error));
  }
  return { fileName: content.fileName, pdf };
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
export async function statementPdf(statement: Statement, activity: AccountActivity, buyer: { name: string; email: string; billingAddress: ShippingAddress | null }): Promise<RenderedDocument> {
  return documentPdf(statementContent(statement, activity, buyer));
}

/** What the order's document of `kind` says; refused when the order has no such document (yet). */
/** Which of an order's documents of a kind: a credit note, an invoice (the latest when not named), a shipment's packing slip. */
export interface DocumentChoice {
  creditNoteNumber?: string | undefined;
  invoiceNumber?: string | undefined;
  shipment?: number | undefined;
  returnId?: string | undefined;
}

async function orderDocumentContent(order: Order, kind: OrderDocumentKind, { creditNoteNumber, invoiceNumber, shipment, returnId }: DocumentChoice = {}): Promise<OrderDocumentContent> {
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
    case 'packingSlip': {
      if (shipment === undefined) return packingSlipContent(order);
      const stored = await db.doc(`orders/${order.id}/shipments/${shipment}`).get();
      if (!stored.exists) throw new HttpsError('not-found', `Order ${order.id} has no shipment ${shipment}.`);
      return packingSlipContent(order, shipmentFromData(stored.data()!));
    }
    case 'invoice': {
      const latest = order.invoiceNumbers.at(-1);
      if (latest === undefined) {
        throw new HttpsError('failed-precondition', `Order ${order.id} has no invoice yet: it is issued when the order ships. Download the order confirmation.`);
      }
      const wanted = invoiceNumber ?? formatInvoiceNumber(latest);
      const invoice = order.invoiceNumbers.map(formatInvoiceNumber).includes(wanted) ? await readInvoice(wanted) : null;
      if (!invoice || invoice.orderId !== order.id) throw new HttpsError('not-found', `Order ${order.id} has no invoice ${wanted}.`);
      return invoiceContent(invoice);
    }
    case 'creditNote': {
      if (!creditNoteNumber) throw new HttpsError('invalid-argument', 'Say which credit note to download, such as CN-000001.');
      const note = await readCreditNote(creditNoteNumber);
      if (!note || note.orderId !== order.id) throw new HttpsError('not-found', `Order ${order.id} has no credit note ${creditNoteNumber}.`);
      return creditNoteContent(note);
    }
    case 'returnAuthorization': {
      const stored = returnId ? await db.doc(`returns/${returnId}`).get() : null;
      if (!stored?.exists || stored.get('orderId') !== order.id) throw new HttpsError('not-found', `Order ${order.id} has no such return.`);
      const approved = returnFromData(stored.id, stored.data()!);
      if (!approved.history.some((event) => event.status === 'approved')) {
        throw new HttpsError('failed-precondition', `Return ${approved.number} is ${RETURN_STATUS_LABELS[approved.status].toLowerCase()}: a return authorization is issued only once the shop approves it.`);
      }
      return returnAuthorizationContent(approved);
    }
  }
}

/** The order's confirmation, invoice, packing slip or one of its credit notes, as a PDF. */
export async function orderDocumentPdf(orderId: string, kind: OrderDocumentKind, choice: DocumentChoice = {}): Promise<RenderedDocument> {
  const snapshot = await db.doc(`orders/${orderId}`).get();
  if (!snapshot.exists) throw new HttpsError('not-found', `There is no order ${orderId}.`);
  return documentPdf(await orderDocumentContent(orderFromData(snapshot.id, snapshot.data()!), kind, choice));
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
  const { orderId, kind, ...choice } = parseInput(getOrderDocumentInputSchema, request.data);
  const [order, profile] = await db.getAll(db.doc(`orders/${orderId}`), db.doc(`users/${uid}`));
  const companyId: unknown = order!.exists ? order!.get('companyId') : undefined;
  const company = async () => (typeof companyId === 'string' && companyId !== '' ? await db.doc(`companies/${companyId}`).get() : null);
  const role: unknown = profile!.get('role');
  const staffRole = isStaffRole(role) ? role : null;
  const mayRead = async (): Promise<boolean> => {
    // The warehouse receives returns with their authorization; finance and sales credit them.
    const permissions = kind === 'packingSlip' ? ['documents.packingSlip' as const] : kind === 'returnAuthorization' ? (['documents.packingSlip', 'documents.invoice'] as const) : ['documents.invoice' as const];
    if (permissions.some((permission) => staffMay(staffRole, permission))) {
      // A role that reads only its assigned companies reads only their documents.
      if (staffMay(staffRole, 'orders.read') || staffMay(staffRole, 'companies.read')) return true;
      if ((await company())?.get('salesRepUid') === uid) return true;
    }
    return maySeeCompanyDocument((await company())?.get(`members.${uid}`), order!.get('userId') === uid);
  };
  if (!order!.exists || !(await mayRead())) throw new HttpsError('not-found', `There is no order ${orderId} on your account.`);
  const { fileName, pdf } = await documentPdf(await orderDocumentContent(orderFromData(order!.id, order!.data()!), kind, choice));
  return { fileName, pdf: Buffer.from(pdf).toString('base64') };
});
