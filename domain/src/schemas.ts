import { z } from 'zod';
import { SHOP_RULES } from './config';

const id = z.string().trim().min(1, 'Id is required.').max(128, 'Id is too long.').regex(/^[^/]+$/, 'Id may not contain "/".');
const cents = z.number().int('Must be whole cents.').min(0, 'Must not be negative.').max(100_000_000, 'Amount is too large.');
const positiveCount = (label: string) =>
  z.number().int(`${label} must be a whole number.`).min(1, `${label} must be at least 1.`).max(100_000, `${label} is too large.`);

export const priceTierSchema = z.strictObject({
  minQty: positiveCount('Tier quantity'),
  price: cents,
});

export const cartItemSchema = z.strictObject({
  id,
  price: cents,
  quantity: z
    .number()
    .int('Quantity must be a whole number.')
    .min(1, 'Quantity must be at least 1.')
    .max(SHOP_RULES.maxQuantityPerLine, `Quantity may be at most ${SHOP_RULES.maxQuantityPerLine}.`),
  name: z.string().max(200, 'Name is too long.'),
  sku: z.string().max(64, 'SKU is too long.'),
  imageUrl: z.string().max(2048, 'Image URL is too long.'),
  unit: z.string().max(100, 'Unit is too long.'),
  minOrderQty: positiveCount('Minimum order quantity'),
  packSize: positiveCount('Pack size'),
  basePrice: cents.optional(),
  tiers: z.array(priceTierSchema).max(10, 'At most 10 price tiers.').optional(),
});

export const cartItemsSchema = z
  .array(cartItemSchema)
  .max(SHOP_RULES.maxCartLines, `A cart holds at most ${SHOP_RULES.maxCartLines} lines.`);

export const mergeCartInputSchema = z.strictObject({
  guestItems: cartItemsSchema,
});
export type MergeCartInput = z.infer<typeof mergeCartInputSchema>;

const optionalText = (max: number, label: string) => z.string().trim().max(max, `${label} is too long (at most ${max} characters).`);

export const shippingAddressSchema = z.strictObject({
  line1: optionalText(200, 'Address line'),
  line2: optionalText(200, 'Address line 2'),
  city: optionalText(100, 'City'),
  region: optionalText(100, 'State or region'),
  postalCode: optionalText(20, 'Postal code'),
  country: optionalText(100, 'Country'),
});
export type ShippingAddress = z.infer<typeof shippingAddressSchema>;

export { emptyAddress } from './address';

/** The fields a user may edit on its own profile. `role` is deliberately absent. */
export const profileSchema = z.strictObject({
  name: z.string().trim().min(1, 'Please enter your name.').max(100, 'Name is too long (at most 100 characters).'),
  company: optionalText(150, 'Company'),
  phone: z
    .string()
    .trim()
    .max(40, 'Phone number is too long.')
    .regex(/^[+()\d\s.-]*$/, 'Phone number may contain only digits, spaces and + ( ) . -'),
  shippingAddress: shippingAddressSchema,
});
export type ProfileInput = z.infer<typeof profileSchema>;

/** First readable message of a failed parse, for an HttpsError or a toast. */
export function firstIssueMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid input.';
  const path = issue.path.length ? `${issue.path.join('.')}: ` : '';
  return `${path}${issue.message}`;
}
