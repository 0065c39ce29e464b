import { callFunction } from './callable';
import { callableFailure } from './callableError';
import { saveFile } from './download';

/** Bytes of a base64 string, as the callables send a PDF. */
function bytesOf(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/**
 * Asks a callable for a PDF the server makes (`{ fileName, pdf }`, base64) and saves it as a
 * download. Resolves with null, or with the sentence to show when it failed.
 */
export async function downloadPdf<Input>(callable: string, input: Input): Promise<string | null> {
  try {
    const { fileName, pdf } = await callFunction<Input, { fileName: string; pdf: string }>(callable, input, { timeout: 60_000 });
    saveFile(new Blob([bytesOf(pdf)], { type: 'application/pdf' }), fileName);
    return null;
  } catch (error) {
    return callableFailure(error, 'The document could not be downloaded. Please try again.').message;
  }
}
