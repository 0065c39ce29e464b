import { isRecord, storedText } from './storedFields';

/** Where an order ships; every field is text (blank when unknown). */
export interface ShippingAddress {
  line1: string;
  line2: string;
  city: string;
  region: string;
  postalCode: string;
  country: string;
}

/**
 * A blank shipping address. Kept apart from the zod schemas so that code needing only this value
 * does not pull zod into the web app's initial bundle.
 */
export const emptyAddress: ShippingAddress = { line1: '', line2: '', city: '', region: '', postalCode: '', country: '' };

/** A stored address; missing or mistyped fields read as blank. */
export function addressFromData(value: unknown): ShippingAddress {
  const data = isRecord(value) ? value : {};
  return {
    line1: storedText(data.line1),
    line2: storedText(data.line2),
    city: storedText(data.city),
    region: storedText(data.region),
    postalCode: storedText(data.postalCode),
    country: storedText(data.country),
  };
}
