import { useId, type ReactNode } from 'react';
import type { FieldError } from 'react-hook-form';

interface ControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/** A message of a form that checks its own fields, as FieldShell takes it. */
export const fieldError = (message: string | undefined): FieldError | undefined => (message ? { type: 'validate', message } : undefined);

interface FieldShellProps {
  label: string;
  error?: FieldError | undefined;
  hint?: ReactNode;
  className?: string;
  /** The label is read by screen readers only (e.g. in a table of inputs with column headings). */
  hideLabel?: boolean;
  children: (control: ControlProps) => ReactNode;
}

/** Label, hint and error around any control (select, textarea, input), wired for screen readers. */
export function FieldShell({ label, error, hint, className = '', hideLabel = false, children }: FieldShellProps) {
  const id = useId();
  const describedBy = [error?.message ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field ${className}`}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : undefined}>
        {label}
      </label>
      {children({ id, ...(error ? { 'aria-invalid': true as const } : {}), ...(describedBy ? { 'aria-describedby': describedBy } : {}) })}
      {hint && (
        <small id={`${id}-hint`} className="hint">
          {hint}
        </small>
      )}
      {error?.message && (
        <small id={`${id}-error`} className="field-error" role="alert">
          {error.message}
        </small>
      )}
    </div>
  );
}
