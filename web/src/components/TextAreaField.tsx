import type { TextareaHTMLAttributes } from 'react';
import { FieldShell } from './FieldShell';

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange' | 'id'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Why the text cannot be sent, announced beside the field. */
  problem?: string | null;
  className?: string;
}

/** A labelled textarea held in a component's own state, with its problem announced to screen readers. */
export function TextAreaField({ label, value, onChange, problem, className, ...textareaProps }: TextAreaFieldProps) {
  return (
    <FieldShell label={label} className={className} error={problem ? { type: 'validate', message: problem } : undefined}>
      {(control) => <textarea {...control} {...textareaProps} value={value} onChange={(event) => onChange(event.target.value)} />}
    </FieldShell>
  );
}
