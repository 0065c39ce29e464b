import type { FieldErrors, UseFormGetValues, UseFormRegister } from 'react-hook-form';
import { CARRIER_NAMES, CARRIERS, normalizeTrackingNumber, trackingNumberProblem, type Carrier } from '@harbor/domain';
import { FieldShell } from '../../../components/FieldShell';
import { FormField } from '../../../components/FormField';

/** What every shipment form asks: the carrier and its tracking number. */
export interface CarrierValues {
  carrier: Carrier | '';
  trackingNumber: string;
}

/** The carrier and a tracking number in that carrier's format, checked as the server checks it. */
export function CarrierFields<Values extends CarrierValues>({ register, getValues, errors }: { register: UseFormRegister<Values>; getValues: UseFormGetValues<Values>; errors: FieldErrors<Values> }) {
  // The form's own values are a superset of CarrierValues: its two fields are named alike.
  const fields = register as unknown as UseFormRegister<CarrierValues>;
  const carrierOf = () => (getValues as unknown as UseFormGetValues<CarrierValues>)('carrier');
  const { carrier, trackingNumber } = errors as FieldErrors<CarrierValues>;
  return (
    <>
      <FieldShell label="Carrier" error={carrier}>
        {(control) => (
          <select {...control} {...fields('carrier', { required: 'Choose the carrier of the shipment.' })}>
            <option value="">Choose…</option>
            {CARRIER_NAMES.map((name) => (
              <option key={name} value={name}>
                {CARRIERS[name].label}
              </option>
            ))}
          </select>
        )}
      </FieldShell>
      <FormField
        label="Tracking number"
        autoComplete="off"
        error={trackingNumber}
        registration={fields('trackingNumber', {
          validate: (value) => {
            const number = normalizeTrackingNumber(value);
            if (!number) return 'Enter the tracking number.';
            const chosen = carrierOf();
            return chosen ? (trackingNumberProblem(chosen, number) ?? true) : true;
          },
        })}
      />
    </>
  );
}
