/**
 * The message of a failed callable as a person should read it: the server's HttpsError message,
 * without the HTTP status the web SDK appends (" [400]"). Errors the server did not word itself
 * (code "internal", network failures) get the fallback sentence.
 */
export function callableErrorMessage(error: unknown, fallback: string): string {
  if (typeof error !== 'object' || error === null) return fallback;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof message !== 'string' || code === 'functions/internal' || code === 'functions/unavailable') return fallback;
  return message.replace(/ \[\d{3}\]$/, '') || fallback;
}
