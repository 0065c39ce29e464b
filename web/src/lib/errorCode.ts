/**
 * The `code` of a Firebase error ("permission-denied", "auth/wrong-password", "functions/aborted"),
 * or '' for anything else. Codes are compared rather than error classes: an SDK may be loaded
 * twice (as under vitest), and then its classes differ.
 */
export function errorCode(error: unknown): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  return typeof code === 'string' ? code : '';
}
