import type { ShippingAddress } from './schemas';

/**
 * A blank shipping address. Kept apart from the zod schemas so that code needing only this value
 * does not pull zod into the web app's initial bundle.
 */
export const emptyAddress: ShippingAddress = { line1: '', line2: '', city: '', region: '', postalCode: '', country: '' };
