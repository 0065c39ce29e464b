/** The message a failed query or mutation carries, or the fallback. */
export function failureMessage(error: unknown, fallback: string): string {
  const message = typeof error === 'object' && error !== null && 'message' in error ? error.message : undefined;
  return typeof message === 'string' && message ? message : fallback;
}

interface LoadErrorProps {
  /** The failed query's error; its message is shown when it has one. */
  error: unknown;
  fallback: string;
  onRetry: () => void;
}

/** A failed read, said in words, with a way to try again. */
export function LoadError({ error, fallback, onRetry }: LoadErrorProps) {
  return (
    <div className="notice error load-error" role="alert">
      <span>{failureMessage(error, fallback)}</span>
      <button type="button" className="button secondary small" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
