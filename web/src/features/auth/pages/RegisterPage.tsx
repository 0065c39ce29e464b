import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { useAppDispatch } from '../../../lib/hooks';
import { FormField } from '../../../components/FormField';
import { api } from '../../../lib/api';
import { register as registerAccount } from '../api';
import { authErrorMessage } from '../authErrors';
import { registerSchema, type RegisterInput, type RegisterValues } from '../authSchemas';
import { AddressFields } from '../../../components/AddressFields';
import { NewPasswordFields } from '../components/NewPasswordFields';
import { emptyAddress } from '@harbor/domain';
import { useAuth } from '../../../lib/session';
import { redirectTarget } from './LoginPage';

export default function RegisterPage() {
  const { status } = useAuth();
  const dispatch = useAppDispatch();
  const location = useLocation();
  const [serverError, setServerError] = useState('');
  const [registering, setRegistering] = useState(false);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<RegisterInput, unknown, RegisterValues>({
    resolver: zodResolver(registerSchema),
    defaultValues: { shippingAddress: { ...emptyAddress, country: 'United States' }, billingAddress: emptyAddress, billToShipping: true, taxId: '', phone: '' },
  });
  const billToShipping = useWatch({ control, name: 'billToShipping' });

  // Stay on the form until the profile document is written, then leave.
  if (status === 'signedIn' && !registering) return <Navigate to={redirectTarget(location.state)} replace />;

  const onSubmit = handleSubmit(async ({ name, company, email, password, taxId, phone, shippingAddress, billingAddress, billToShipping: sameAddress }) => {
    setServerError('');
    setRegistering(true);
    try {
      const application = { name: company, taxId, phone, shippingAddress, billingAddress: sameAddress ? shippingAddress : billingAddress };
      const uid = await registerAccount({ name, company, email, password, application });
      // A profile read that raced the write found nothing: read it again.
      dispatch(api.util.invalidateTags([{ type: 'Profile', id: uid }]));
    } catch (error) {
      setServerError(authErrorMessage(error));
    } finally {
      setRegistering(false);
    }
  });

  return (
    <section className="auth-card wide">
      <h1>Create your business account</h1>
      <p className="muted">Wholesale prices, volume tiers and invoicing for approved businesses. We review every application, usually within one business day.</p>
      <form onSubmit={onSubmit} noValidate className="form-grid">
        {serverError && (
          <p className="form-error span-2" role="alert">
            {serverError}
          </p>
        )}
        <FormField label="Full name" autoComplete="name" registration={register('name')} error={errors.name} />
        <FormField label="Company" autoComplete="organization" registration={register('company')} error={errors.company} />
        <FormField label="Tax id (optional)" registration={register('taxId')} error={errors.taxId} />
        <FormField label="Phone" type="tel" autoComplete="tel" registration={register('phone')} error={errors.phone} />
        <fieldset className="span-2 form-grid plain-fieldset">
          <legend>Shipping address</legend>
          <AddressFields register={(field) => register(`shippingAddress.${field}`)} errors={errors.shippingAddress} />
          <label className="checkbox span-2">
            <input type="checkbox" {...register('billToShipping')} />
            Send invoices to this address
          </label>
        </fieldset>
        {!billToShipping && (
          <fieldset className="span-2 form-grid plain-fieldset">
            <legend>Billing address</legend>
            <AddressFields register={(field) => register(`billingAddress.${field}`)} errors={errors.billingAddress} />
          </fieldset>
        )}
        <FormField
          label="E-mail"
          type="email"
          autoComplete="email"
          className="span-2"
          registration={register('email')}
          error={errors.email}
        />
        <NewPasswordFields
          labels={{ password: 'Password', confirm: 'Confirm password' }}
          password={{ registration: register('password'), error: errors.password }}
          confirm={{ registration: register('confirmPassword'), error: errors.confirmPassword }}
        />
        <button type="submit" className="button block span-2" disabled={registering}>
          {registering ? 'Creating your account…' : 'Create account'}
        </button>
      </form>
      <p className="muted center">
        Already have an account?{' '}
        <Link to="/login" state={location.state}>
          Log in
        </Link>
      </p>
    </section>
  );
}
