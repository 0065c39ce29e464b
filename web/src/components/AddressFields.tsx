import type { FieldErrors, UseFormRegisterReturn } from 'react-hook-form';
import type { ShippingAddress } from '@harbor/domain';
import { FormField } from './FormField';

interface AddressFieldsProps {
  /** Registers one address field with the surrounding form, e.g. `(field) => register(\`shippingAddress.${field}\`)`. */
  register: (field: keyof ShippingAddress) => UseFormRegisterReturn;
  errors?: FieldErrors<ShippingAddress>;
}

/** The six shipping-address fields of a .form-grid, with the browser's address autofill hints. */
export function AddressFields({ register, errors }: AddressFieldsProps) {
  return (
    <>
      <FormField label="Address line 1" className="span-2" autoComplete="address-line1" registration={register('line1')} error={errors?.line1} />
      <FormField label="Address line 2 (optional)" className="span-2" autoComplete="address-line2" registration={register('line2')} error={errors?.line2} />
      <FormField label="City" autoComplete="address-level2" registration={register('city')} error={errors?.city} />
      <FormField label="State / region" autoComplete="address-level1" registration={register('region')} error={errors?.region} />
      <FormField label="Postal code" autoComplete="postal-code" registration={register('postalCode')} error={errors?.postalCode} />
      <FormField label="Country" autoComplete="country-name" registration={register('country')} error={errors?.country} />
    </>
  );
}
