import { HttpsError, onCall } from 'firebase-functions/v2/https';
import { type Statement, decidesApprovals, getOrderDocumentInputSchema, invoiceable, invoiceContent, isStaffRole, orderFromData, packingSlipContent, staffMay, quoteContent, type OrderDocumentFile, type OrderDocumentKind, type Quote } from '@harbor/domain';
import { db } from './admin';
import { callableOptions, parseInput, requireUser } from './callable';
import { renderPdf } from './pdf';

export interface RenderedDocument {
  fileName: string;
  pdf: Uint8Array;
}

/** The order's invoice (numbered first, if it is not yet) or packing slip, as a PDF. */
export async function orderDocumentPdf(orderId: string, kind: OrderDocumentKind): Promise<RenderedDocument> {
  const snapshot = await db.doc(`orders/${orderId}`).get();
  if (!snapshot.exists) throw new HttpsError('not-found', `There is no order ${orderId}.`);
  const data = snapshot.data()!;
  const order = orderFromData(snapshot.id, data);
  if (kind === 'invoice' && order.invoiceNumber === undefined) throw new HttpsError('failed-precondition', `Order ${orderId} has no invoice yet: it is issued when the order ships.`);
  const content = kind === 'invoice' ? invoiceContent(order, order.invoiceNumber!, order.invoicedAt ?? 0) : packingSlipContent(order);
  return { fileName: content.fileName, pdf: await renderPdf(content) };
}

/** A quote as a PDF: for the buyer's download and the e-mail that sends it. */
export async function quotePdf(quote: Quote): Promise<RenderedDocument> {
  const content = quoteContent(quote);
  return { fileName: content.fileName, pdf: await renderPdf(content) };
}

/**
 * An order's invoice or packing slip, to its buyer, the owner and approvers of the buyer's company and the staff
 * whose role reads that document (invoices: admin, finance, and sales for the companies assigned to
 * it; packing slips: admin, warehouse). Anyone else is told the order does not exist, exactly as for
 * a missing one, so the answer reveals nothing.
 */
export const getOrderDocument = onCall(callableOptions({ timeoutSeconds: 120 }), async (request): Promise<OrderDocumentFile> => {
  const uid = requireUser(request);
  const { orderId, kind } = parseInput(getOrderDocumentInputSchema, request.data);
  const [order, profile] = await db.getAll(db.doc(`orders/${orderId}`), db.doc(`users/${uid}`));
  const companyId: unknown = order!.exists ? order!.get('companyId') : undefined;
  const company = async () => (typeof companyId === 'string' && companyId !== '' ? await db.doc(`companies/${companyId}`).get() : null);
  const role: unknown = profile!.get('role');
  const staffRole = isStaffRole(role) ? role : null;
  const mayRead = async (): Promise<boolean> => {
    if (order!.get('userId') === uid) return true;
    if (staffMay(staffRole, kind === 'invoice' ? 'documents.invoice' : 'documents.packingSlip')) {
      // A role that reads only its assigned companies reads only their documents.
      if (staffMay(staffRole, 'orders.read') || staffMay(staffRole, 'companies.read')) return true;
      return (await company())?.get('salesRepUid') === uid;
    }
    return decidesApprovals((await company())?.get(`members.${uid}`));
  };
  if (!order!.exists || !(await mayRead())) throw new HttpsError('not-found', `There is no order ${orderId} on your account.`);
  // An order its company has not approved takes no number of the invoice sequence.
  const held = orderFromData(order!.id, order!.data()!);
  if (kind === 'invoice' && !invoiceable(held)) {
    throw new HttpsError(
      'failed-precondition',
      held.status === 'awaiting-approval' ? `Order ${orderId} awaits the approval of the buyer's company: its invoice is issued once it is approved.` : `Order ${orderId} was not approved by the buyer's company and has no invoice.`,
    );
  }
  const { fileName, pdf } = await orderDocumentPdf(orderId, kind);
  return { fileName, pdf: Buffer.from(pdf).toString('base64') };
});

/** The statement of account as a PDF. */
export async function statementPdf(statement: Statement): Promise<RenderedDocument> {
  const content = { title: 'Statement of account', fileName: `statement-${statement.companyId}.pdf`, blocks: [{ kind: 'paragraph' as const, title: statement.name, lines: statement.invoices.map((invoice) => `${invoice.number} ${invoice.open}`) }] };
  return { fileName: content.fileName, pdf: await renderPdf(content) };
}
