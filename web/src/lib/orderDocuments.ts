import type { GetOrderDocumentInput, OrderDocumentFile } from '@harbor/domain';
import { callFunction } from './callable';
import { callableFailure } from './callableError';
import { saveFile } from './download';

/** Bytes of a base64 string, as the callable sends the PDF. */
function bytesOf(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/**
 * Calls `name` for a PDF (`{ fileName, pdf }`, the PDF in base64) and saves it as a download.
 * Resolves with null, or with the sentence to show when it failed.
 */
export async function downloadPdf<Input>(name: string, input: Input): Promise<string | null> {
  try {
    const { fileName, pdf } = await callFunction<Input, OrderDocumentFile>(name, input, { timeout: 60_000 });
    saveFile(new Blob([bytesOf(pdf)], { type: 'application/pdf' }), fileName);
    return null;
  } catch (error) {
    return callableFailure(error, 'The document could not be downloaded. Please try again.').message;
  }
}

/**
 * Asks the server for one of an order's documents (getOrderDocument: the confirmation, the
 * invoice, the packing slip, or a credit note by its number) and saves it as a download.
 */
export function downloadOrderDocument(input: GetOrderDocumentInput): Promise<string | null> {
  return downloadPdf('getOrderDocument', input);
}
