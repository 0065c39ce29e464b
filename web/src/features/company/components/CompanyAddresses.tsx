import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { deliveryAddressSchema, emptyAddress, type ShippingAddress } from '@harbor/domain';
import { AddressFields } from '../../../components/AddressFields';
import { toast } from '../../../lib/toast';
import { useSaveCompanyAddressesMutation } from '../api';

const oneLine = (address: ShippingAddress) => [address.line1, address.line2, address.city, address.region, address.postalCode, address.country].filter(Boolean).join(', ');

/** The owner's shipping addresses for the company: the first is the default at checkout. */
export function CompanyAddresses({ addresses }: { addresses: ShippingAddress[] }) {
  const [saveAddresses, { isLoading: saving }] = useSaveCompanyAddressesMutation();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ShippingAddress>({ resolver: zodResolver(deliveryAddressSchema), defaultValues: { ...emptyAddress, country: 'United States' } });

  async function save(next: ShippingAddress[], done: string): Promise<boolean> {
    const result = await saveAddresses({ addresses: next });
    if (result.error) toast.error(result.error.message ?? 'The addresses could not be saved. Please try again.');
    else toast.success(done);
    return !result.error;
  }

  const add = handleSubmit(async (address) => {
    if (await save([...addresses, address], 'Address added.')) reset();
  });

  return (
    <>
      <h3>Shipping addresses</h3>
      <ul className="plain-list">
        {addresses.map((address, index) => (
          <li key={oneLine(address)}>
            {oneLine(address)} {index === 0 && <strong className="small">(default)</strong>}{' '}
            {index > 0 && (
              <>
                <button type="button" className="link-button" disabled={saving} onClick={() => save([address, ...addresses.filter((_, other) => other !== index)], 'Default address changed.')}>
                  Make default <span className="visually-hidden">{oneLine(address)}</span>
                </button>{' '}
                <button type="button" className="link-button danger" disabled={saving} onClick={() => save(addresses.filter((_, other) => other !== index), 'Address removed.')}>
                  Remove <span className="visually-hidden">{oneLine(address)}</span>
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
      <details className="add-address">
        <summary>Add a shipping address</summary>
        <form className="form-grid" onSubmit={add} noValidate aria-label="Add a shipping address">
          <AddressFields register={(field) => register(field)} errors={errors} />
          <button type="submit" className="button small span-2" disabled={saving}>
            Add address
          </button>
        </form>
      </details>
    </>
  );
}
