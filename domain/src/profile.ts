import { addressFromData, type ShippingAddress } from './address';
import { isStaffRole, type StaffRole } from './staff';
import { storedText, type StoredData } from './storedFields';

/** `users/{uid}` as the shop reads it. `role` is set only by an administrator, never by the client. */
export interface Profile {
  name: string;
  email: string;
  company: string;
  phone: string;
  shippingAddress: ShippingAddress;
  /** A member of the seller's staff; a customer has none. */
  role?: StaffRole;
  /** The user's company, set only by the company callables; blank when it has none. */
  companyId: string;
}

export const emptyProfile: Profile = { name: '', email: '', company: '', phone: '', shippingAddress: addressFromData({}), companyId: '' };

/** A stored profile; missing or mistyped fields read as blank, any role but a staff role as none. */
export function profileFromData(data: StoredData): Profile {
  return {
    name: storedText(data.name),
    email: storedText(data.email),
    company: storedText(data.company),
    phone: storedText(data.phone),
    shippingAddress: addressFromData(data.shippingAddress),
    companyId: storedText(data.companyId),
    ...(isStaffRole(data.role) ? { role: data.role } : {}),
  };
}
