import { errorCode } from './errorCode';

/** What a failed callable tells the user: the HttpsError's message and its code (without "functions/"). */
export interface CallableFailure {
  message: string;
  code?: string;
  /** The HttpsError's details, when the server sent any (e.g. placeOrder's list of changes). */
  details?: unknown;
}

/** Codes whose message is the platform's, not a sentence our server wrote for people. */
const UNWORDED_CODES = new Set(['internal', 'unavailable']);

/**
 * The web SDK appends the HTTP status to the server's message ("... [409]"); the user sees the
 * server's sentence only. Errors the server did not word itself (code "internal", network
 * failures, anything that is not a callable error) get the fallback sentence.
 */
export function callableFailure(error: unknown, fallback: string): CallableFailure {
  const code = errorCode(error);
  if (!code.startsWith('functions/')) return { message: fallback };
  const { message } = error as { message?: unknown };
  const text = typeof message === 'string' ? message.replace(/\s*\[\d{3}\]$/, '').trim() : '';
  const shortCode = code.slice('functions/'.length);
  const { details } = error as { details?: unknown };
  return { message: text && !UNWORDED_CODES.has(shortCode) ? text : fallback, code: shortCode, ...(details === undefined ? {} : { details }) };
}
