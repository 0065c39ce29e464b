import { useId } from 'react';
import type { ShippingAddress } from '@harbor/domain';

interface CompanyAddressSelectProps {
  addresses: readonly ShippingAddress[];
  /** The address chosen (the form then fills its fields with it). */
  onChoose: (address: ShippingAddress) => void;
}

/** "Company addresses": fills the shipping address with one the company keeps (the first is its default). */
export function CompanyAddressSelect({ addresses, onChoose }: CompanyAddressSelectProps) {
  const id = useId();
  if (addresses.length === 0) return null;
  return (
    <div className="field span-2">
      <label htmlFor={id}>Company addresses</label>
      <select
        id={id}
        className="company-address-select"
        defaultValue=""
        onChange={(event) => {
          const address = addresses[Number(event.target.value)];
          if (address) onChoose(address);
        }}
      >
        <option value="" disabled>
          Choose a saved address…
        </option>
        {addresses.map((address, index) => (
          <option key={index} value={index}>
            {[address.line1, address.city, address.region].filter(Boolean).join(', ')}
            {index === 0 ? ' (default)' : ''}
          </option>
        ))}
      </select>
    </div>
  );
}
