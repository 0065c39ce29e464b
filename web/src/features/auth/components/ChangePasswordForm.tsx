import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormField } from '../../../components/FormField';
import { toast } from '../../../lib/toast';
import { changePassword } from '../api';
import { NewPasswordFields } from './NewPasswordFields';
import { authErrorMessage } from '../authErrors';
import { changePasswordSchema, type ChangePasswordValues } from '../authSchemas';

/** Changes the signed-in user's password: the current one is checked first. */
export function ChangePasswordForm() {
  const [serverError, setServerError] = useState('');
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordValues>({ resolver: zodResolver(changePasswordSchema) });

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    setServerError('');
    try {
      await changePassword(currentPassword, newPassword);
      reset({ currentPassword: '', newPassword: '', confirmPassword: '' });
      toast.success('Your password is changed.');
    } catch (error) {
      setServerError(authErrorMessage(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="card form-grid" aria-label="Change password">
      <h2 className="span-2">Change password</h2>
      {serverError && (
        <p className="form-error span-2" role="alert">
          {serverError}
        </p>
      )}
      <FormField label="Current password" type="password" autoComplete="current-password" className="span-2" registration={register('currentPassword')} error={errors.currentPassword} />
      <NewPasswordFields
        labels={{ password: 'New password', confirm: 'Repeat new password' }}
        password={{ registration: register('newPassword'), error: errors.newPassword }}
        confirm={{ registration: register('confirmPassword'), error: errors.confirmPassword }}
      />
      <button type="submit" className="button span-2" disabled={isSubmitting}>
        {isSubmitting ? 'Changing…' : 'Change password'}
      </button>
    </form>
  );
}
