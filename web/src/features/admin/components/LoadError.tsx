import { RotateCw } from 'lucide-react';

/** The message carried by a failed query or mutation, or the fallback. */
export function failureMessage(error: unknown, fallback: string): string {
  const message = typeof error === 'object' && error !== null && 'message' in error ? error.message : undefined;
  return typeof message === 'string' && message ? message : fallback;
}

/** A failed read: the message and a retry. */
export function LoadError({ error, fallback, onRetry }: { error: unknown; fallback: string; onRetry: () => void }) {
  return (
    <div className="notice error admin-load-error" role="alert">
      <span>{failureMessage(error, fallback)}</span>
      <button type="button" className="button secondary small" onClick={onRetry}>
        <RotateCw size={16} aria-hidden="true" /> Retry
      </button>
    </div>
  );
}
