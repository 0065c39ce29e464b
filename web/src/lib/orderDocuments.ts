import type { GetOrderDocumentInput } from '@harbor/domain';
import { downloadPdf } from './pdfDownload';

/**
 * Asks the server for an order's invoice or packing slip (getOrderDocument) and saves it as a
 * download. Resolves with null, or with the sentence to show when it failed.
 */
export function downloadOrderDocument(input: GetOrderDocumentInput): Promise<string | null> {
  return downloadPdf('getOrderDocument', input);
}
