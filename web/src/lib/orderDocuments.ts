import type { GetOrderDocumentInput } from '@harbor/domain';
import { downloadPdf } from './pdfDownload';

/**
 * Asks the server for one of an order's documents (getOrderDocument: the confirmation, the
 * invoice, the packing slip, or a credit note by its number) and saves it as a download.
 * Resolves with null, or with the sentence to show when it failed.
 */
export function downloadOrderDocument(input: GetOrderDocumentInput): Promise<string | null> {
  return downloadPdf('getOrderDocument', input);
}
