import { z } from 'zod';
import type { ShippingAddress } from './address';
import type { CartItem } from './cart';
import type { CartOperation } from './cartOperations';
import { SHOP_RULES } from './config';
import { isDocumentId, MAX_DOCUMENT_ID_LENGTH } from './documentId';

/** A Firestore document id (isDocumentId), trimmed. */
export function documentIdSchema(label: string) {
  return z
    .string()
    .trim()
    .min(1, `${label} is required.`)
    .max(MAX_DOCUMENT_ID_LENGTH, `${label} is too long.`)
    .regex(/^[^/]+$/, `${label} may not contain "/".`)
    .refine(isDocumentId, `${label} is not a valid id.`);
}

/** A caller's id for one attempt at a write, so a retry of it writes nothing new. */
export const requestIdSchema = z.string('A request id is required.').regex(/^[A-Za-z0-9_-]{8,64}$/, 'The request id must be 8 to 64 letters, digits, "-" or "_".');

/** Refines a list of lines so each product appears on one line only (a duplicate could slip past a stock check or a price). */
export function eachProductOnce(lines: readonly { productId: string }[], context: z.RefinementCtx): void {
  const seen = new Set<string>();
  lines.forEach((line, index) => {
    if (seen.has(line.productId)) context.addIssue({ code: 'custom', path: [index, 'productId'], message: 'Each product may appear on one line only.' });
    seen.add(line.productId);
  });
}

/** A day as "YYYY-MM-DD" or milliseconds, read as midnight UTC of that day; `message` says which day to give. */
export function utcDaySchema(message: string) {
  return z.union([z.string(), z.number()], message).transform((value, context) => {
    const millis = typeof value === 'number' ? value : /^\d{4}-\d{2}-\d{2}$/.test(value.trim()) ? Date.parse(`${value.trim()}T00:00:00Z`) : NaN;
    if (!Number.isFinite(millis) || millis < Date.UTC(2000, 0, 1) || millis > Date.UTC(2100, 0, 1)) {
      context.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    const day = new Date(millis);
    return Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate());
  });
}

const id = documentIdSchema('Id');
/** A unit price or amount in integer cents, as carts and confirmed orders carry them. */
export const centsSchema = z.number().int('Must be whole cents.').min(0, 'Must not be negative.').max(100_000_000, 'Amount is too large.');
const positiveCount = (label: string) =>
  z.number().int(`${label} must be a whole number.`).min(1, `${label} must be at least 1.`).max(100_000, `${label} is too large.`);

/** The quantity of one cart or order line. */
export const lineQuantitySchema = z
  .number()
  .int('Quantity must be a whole number.')
  .min(1, 'Quantity must be at least 1.')
  .max(SHOP_RULES.maxQuantityPerLine, `Quantity may be at most ${SHOP_RULES.maxQuantityPerLine}.`);

export const priceTierSchema = z.strictObject({
  minQty: positiveCount('Tier quantity'),
  price: centsSchema,
});

export const cartItemSchema = z.strictObject({
  id,
  price: centsSchema,
  quantity: lineQuantitySchema,
  name: z.string().max(200, 'The name is too long (at most 200 characters).'),
  sku: z.string().max(64, 'The SKU is too long (at most 64 characters).'),
  imageUrl: z.string().max(2048, 'The image URL is too long (at most 2048 characters).'),
  unit: z.string().max(100, 'The unit is too long (at most 100 characters).'),
  minOrderQty: positiveCount('Minimum order quantity'),
  packSize: positiveCount('Pack size'),
  basePrice: centsSchema.optional(),
  tiers: z.array(priceTierSchema).max(10, 'At most 10 price tiers.').optional(),
  contractPrice: centsSchema.optional(),
});

export const cartItemsSchema = z
  .array(cartItemSchema)
  .max(SHOP_RULES.maxCartLines, `A cart holds at most ${SHOP_RULES.maxCartLines} lines.`);

/**
 * The lines of a stored cart (`carts/{uid}.items`). Lines that no longer validate (an older shape,
 * a hand edit) are dropped, not trusted; anything but a list reads as an empty cart.
 */
export function storedCartLines(raw: unknown): CartItem[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((line: unknown) => {
    const parsed = cartItemSchema.safeParse(line);
    return parsed.success ? [parsed.data] : [];
  });
}

export const mergeCartInputSchema = z.strictObject({
  guestItems: cartItemsSchema,
});
export type MergeCartInput = z.infer<typeof mergeCartInputSchema>;

/**
 * One change to a cart (`CartOperation`) as a browser keeps it while the server has not yet
 * applied it. A quantity of 0 or less removes the line, as in the cart itself.
 */
export const cartOperationSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('add'), item: cartItemSchema }),
  z.strictObject({ kind: z.literal('remove'), id }),
  z.strictObject({ kind: z.literal('setQuantity'), id, quantity: z.number().int().max(SHOP_RULES.maxQuantityPerLine) }),
  z.strictObject({ kind: z.literal('clear') }),
]) satisfies z.ZodType<CartOperation>;

const optionalText = (max: number, label: string) => z.string().trim().max(max, `${label} is too long (at most ${max} characters).`);

export const shippingAddressSchema = z.strictObject({
  line1: optionalText(200, 'Address line'),
  line2: optionalText(200, 'Address line 2'),
  city: optionalText(100, 'City'),
  region: optionalText(100, 'State or region'),
  postalCode: optionalText(20, 'Postal code'),
  country: optionalText(100, 'Country'),
}) satisfies z.ZodType<ShippingAddress>;

/** The fields a user may edit on its own profile. `role` is deliberately absent. */
export const profileSchema = z.strictObject({
  name: z.string().trim().min(1, 'Please enter your name.').max(100, 'Name is too long (at most 100 characters).'),
  company: optionalText(150, 'Company'),
  phone: z
    .string()
    .trim()
    .max(40, 'The phone number is too long (at most 40 characters).')
    .regex(/^[+()\d\s.-]*$/, 'Phone number may contain only digits, spaces and + ( ) . -'),
  shippingAddress: shippingAddressSchema,
});
export type ProfileInput = z.infer<typeof profileSchema>;

function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

const ARTICLE: Record<string, string> = { array: 'a list', object: 'an object', int: 'a whole number', number: 'a number', string: 'text', boolean: 'true or false' };

/**
 * Plain-language messages for the issues our schemas leave to zod's defaults (wrong types,
 * missing and unknown fields). Pass as `{ error: readableIssue }` to `safeParse`; messages
 * written into a schema take precedence.
 */
export const readableIssue: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === 'invalid_type') {
    if (issue.input === undefined) return 'is required.';
    return `must be ${ARTICLE[issue.expected] ?? issue.expected}, not ${describeType(issue.input)}.`;
  }
  if (issue.code === 'unrecognized_keys') return `has unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}.`;
  return undefined;
};

/** First readable message of a failed parse, for an HttpsError or a toast: "guestItems[0].price: must be a number, not text." */
export function firstIssueMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'The request is not valid.';
  const path = issue.path.map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index ? '.' : ''}${String(key)}`)).join('');
  if (!path && issue.message === 'is required.') return 'The request is empty.';
  if (/^(is required|must be|has unknown)/.test(issue.message)) return `${path || 'The request'} ${issue.message}`;
  return path ? `${path}: ${issue.message}` : issue.message;
}
