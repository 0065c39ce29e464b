import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name'> {
  label: string;
  registration?: UseFormRegisterReturn;
  error?: FieldError | undefined;
  hint?: ReactNode;
}

/** A labelled input with its validation message announced to screen readers. */
export function FormField({ label, registration, error, hint, className, ...inputProps }: FormFieldProps) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...inputProps} {...registration} />
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
