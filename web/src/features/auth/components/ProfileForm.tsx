import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '../../../lib/toast';
import { profileSchema, type Profile, type ProfileInput } from '@harbor/domain';
import { FormField } from '../../../components/FormField';
import { Spinner } from '../../../components/Spinner';
import { useAuth } from '../../../lib/session';
import { useSaveProfileMutation } from '../api';

function ProfileFields({ uid, email, profile }: { uid: string; email: string; profile: Profile }) {
  const [saveProfile] = useSaveProfileMutation();
  const [serverError, setServerError] = useState('');
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting, isDirty },
    reset,
  } = useForm<ProfileInput>({
    resolver: zodResolver(profileSchema),
    defaultValues: { name: profile.name, company: profile.company, phone: profile.phone, shippingAddress: profile.shippingAddress },
  });

  const onSubmit = handleSubmit(async (values) => {
    setServerError('');
    const result = await saveProfile({ uid, email, input: values });
    if (result.error) {
      setServerError(result.error.message ?? 'Your profile could not be saved. Please try again.');
      return;
    }
    reset(values);
    toast.success('Profile saved.');
  });

  const addressErrors = errors.shippingAddress;
  return (
    <form onSubmit={onSubmit} noValidate className="card form-grid">
      <h2 className="span-2">Account details</h2>
      {serverError && (
        <p className="form-error span-2" role="alert">
          {serverError}
        </p>
      )}
      <FormField label="Full name" autoComplete="name" registration={register('name')} error={errors.name} />
      <FormField label="Company" autoComplete="organization" registration={register('company')} error={errors.company} />
      <FormField label="E-mail" type="email" value={email} readOnly hint="Your sign-in e-mail." />
      <FormField label="Phone" type="tel" autoComplete="tel" registration={register('phone')} error={errors.phone} />
      <h2 className="span-2">Shipping address</h2>
      <FormField
        label="Address line 1"
        className="span-2"
        autoComplete="address-line1"
        registration={register('shippingAddress.line1')}
        error={addressErrors?.line1}
      />
      <FormField
        label="Address line 2 (optional)"
        className="span-2"
        autoComplete="address-line2"
        registration={register('shippingAddress.line2')}
        error={addressErrors?.line2}
      />
      <FormField label="City" autoComplete="address-level2" registration={register('shippingAddress.city')} error={addressErrors?.city} />
      <FormField
        label="State / region"
        autoComplete="address-level1"
        registration={register('shippingAddress.region')}
        error={addressErrors?.region}
      />
      <FormField
        label="Postal code"
        autoComplete="postal-code"
        registration={register('shippingAddress.postalCode')}
        error={addressErrors?.postalCode}
      />
      <FormField
        label="Country"
        autoComplete="country-name"
        registration={register('shippingAddress.country')}
        error={addressErrors?.country}
      />
      <div className="span-2 form-actions">
        <button type="submit" className="button" disabled={isSubmitting || !isDirty}>
          {isSubmitting ? 'Saving…' : 'Save profile'}
        </button>
      </div>
    </form>
  );
}

/** The signed-in user's account details and shipping address, editable. */
export function ProfileForm() {
  const { user, profile } = useAuth();
  if (!user || !profile) return <Spinner label="Loading your profile…" />;
  return <ProfileFields uid={user.uid} email={user.email ?? ''} profile={profile} />;
}
