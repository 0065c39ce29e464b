import { addressFromData, type ShippingAddress } from './address';
import { storedText, type StoredData } from './storedFields';

/** `users/{uid}` as the shop reads it. `role` is set only by an administrator, never by the client. */
export interface Profile {
  name: string;
  email: string;
  company: string;
  phone: string;
  shippingAddress: ShippingAddress;
  role?: 'admin';
  /** The user's company, set only by the company callables; blank when it has none. */
  companyId: string;
}

export const emptyProfile: Profile = { name: '', email: '', company: '', phone: '', shippingAddress: addressFromData({}), companyId: '' };

/** A stored profile; missing or mistyped fields read as blank, any role but `admin` as none. */
export function profileFromData(data: StoredData): Profile {
  return {
    name: storedText(data.name),
    email: storedText(data.email),
    company: storedText(data.company),
    phone: storedText(data.phone),
    shippingAddress: addressFromData(data.shippingAddress),
    companyId: storedText(data.companyId),
    ...(data.role === 'admin' ? { role: 'admin' as const } : {}),
  };
}
