import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '../../../components/FormField';

interface NewPasswordFieldsProps {
  labels: { password: string; confirm: string };
  password: { registration: UseFormRegisterReturn; error?: FieldError };
  confirm: { registration: UseFormRegisterReturn; error?: FieldError };
}

/** A new password and its repetition, with the password rules as the hint (registration, change of password). */
export function NewPasswordFields({ labels, password, confirm }: NewPasswordFieldsProps) {
  return (
    <>
      <FormField
        label={labels.password}
        type="password"
        autoComplete="new-password"
        registration={password.registration}
        error={password.error}
        hint="At least 8 characters, with a letter and a number."
      />
      <FormField label={labels.confirm} type="password" autoComplete="new-password" registration={confirm.registration} error={confirm.error} />
    </>
  );
}
