import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { FormField } from '../../../components/FormField';
import { login, sendPasswordReset } from '../api';
import { authErrorMessage } from '../authErrors';
import { loginSchema, type LoginValues } from '../authSchemas';
import { useAuth } from '../../../lib/session';

/** Where to go after signing in: the page the guard sent us from, else home. Only local paths. */
export function redirectTarget(state: unknown): string {
  const from = typeof state === 'object' && state !== null && 'from' in state ? state.from : null;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : '/';
}

export default function LoginPage() {
  const { status } = useAuth();
  const location = useLocation();
  const [serverError, setServerError] = useState('');
  const [resetNote, setResetNote] = useState('');
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({ resolver: zodResolver(loginSchema) });

  async function forgotPassword() {
    setServerError('');
    setResetNote('');
    const email = getValues('email').trim();
    if (!email) {
      setServerError('Enter your e-mail address above, then choose “Forgot password?”.');
      return;
    }
    try {
      await sendPasswordReset(email);
      setResetNote(`If an account uses ${email}, we have sent it a link to choose a new password.`);
    } catch (error) {
      setServerError(authErrorMessage(error));
    }
  }

  if (status === 'signedIn') return <Navigate to={redirectTarget(location.state)} replace />;

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setServerError('');
    try {
      await login(email, password);
    } catch (error) {
      setServerError(authErrorMessage(error));
    }
  });

  return (
    <section className="auth-card">
      <h1>Log in</h1>
      <p className="muted">Welcome back. Sign in to check out and see your orders.</p>
      <form onSubmit={onSubmit} noValidate>
        {serverError && (
          <p className="form-error" role="alert">
            {serverError}
          </p>
        )}
        <FormField label="E-mail" type="email" autoComplete="email" registration={register('email')} error={errors.email} />
        <FormField
          label="Password"
          type="password"
          autoComplete="current-password"
          registration={register('password')}
          error={errors.password}
        />
        <button type="submit" className="button block" disabled={isSubmitting}>
          {isSubmitting ? 'Signing in…' : 'Log in'}
        </button>
        <button type="button" className="link-button" onClick={forgotPassword}>
          Forgot password?
        </button>
        {resetNote && (
          <p className="notice" role="status">
            {resetNote}
          </p>
        )}
      </form>
      <p className="muted center">
        New to Harbor Wholesale?{' '}
        <Link to="/register" state={location.state}>
          Create an account
        </Link>
      </p>
    </section>
  );
}
