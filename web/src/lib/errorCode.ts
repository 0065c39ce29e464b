/**
 * The `code` of a Firebase error ("permission-denied", "auth/wrong-password", "functions/aborted"),
 * or '' for anything else. Codes are compared rather than error classes: an SDK may be loaded
 * twice (as under vitest), and then its classes differ.
 */
export function errorCode(error: unknown): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  return typeof code === 'string' ? code : '';
}

/**
 * The rules refuse a document the reader may not see whether or not it exists (another buyer's
 * order, a product not on sale), and an id that is no document id is refused as an argument: to
 * the reader, all of these are "no such document".
 */
export const NO_SUCH_DOCUMENT: ReadonlySet<string> = new Set(['permission-denied', 'invalid-argument', 'not-found']);
