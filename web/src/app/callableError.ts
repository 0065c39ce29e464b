/** What a failed callable tells the user: the HttpsError's message and its code (without "functions/"). */
export interface CallableFailure {
  message: string;
  code?: string;
}

/**
 * The web SDK appends the HTTP status to the server's message ("... [409]"); the user sees the
 * server's sentence only. Anything that is not a callable error gets the fallback message.
 */
export function callableFailure(error: unknown, fallback: string): CallableFailure {
  if (typeof error !== 'object' || error === null) return { message: fallback };
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code !== 'string' || !code.startsWith('functions/')) return { message: fallback };
  const text = typeof message === 'string' ? message.replace(/\s*\[\d{3}\]$/, '').trim() : '';
  const shortCode = code.slice('functions/'.length);
  // "internal" carries no server sentence worth showing.
  return { message: text && shortCode !== 'internal' ? text : fallback, code: shortCode };
}
