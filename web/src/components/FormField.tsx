import type { InputHTMLAttributes, ReactNode } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { FieldShell } from './FieldShell';

interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name'> {
  label: string;
  registration?: UseFormRegisterReturn;
  error?: FieldError | undefined;
  hint?: ReactNode;
}

/** A labelled input with its validation message announced to screen readers. */
export function FormField({ label, registration, error, hint, className, ...inputProps }: FormFieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint} className={className}>
      {(control) => <input {...control} {...inputProps} {...registration} />}
    </FieldShell>
  );
}
