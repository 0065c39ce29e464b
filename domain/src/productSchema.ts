/**
 * What an admin may save as a product, validated by saveProduct and by the product form. Kept
 * apart from product.ts so the storefront, which never validates products, ships without zod.
 */
import { z } from 'zod';
import { formatMoney } from './money';
import { PRODUCT_CATEGORIES, type Product, type ProductCategory } from './product';
import { documentIdSchema } from './schemas';

const MAX_CENTS = 100_000_000;
const whole = (label: string, min: number, max: number) =>
  z.number(`${label} must be a number.`).int(`${label} must be a whole number.`).min(min, `${label} must be at least ${min}.`).max(max, `${label} may be at most ${max}.`);
/** An amount in integer cents; messages speak in money, as the admin form shows dollars. */
const cents = (label: string) =>
  z
    .number(`${label} must be an amount such as 18.99.`)
    .int(`${label} must be a whole number of cents.`)
    .min(1, `${label} must be at least ${formatMoney(1)}.`)
    .max(MAX_CENTS, `${label} may be at most ${formatMoney(MAX_CENTS)}.`);

/** What the Storage rules accept for a product image (storage.rules holds the same bounds). */
export const PRODUCT_IMAGE_RULES = {
  maxBytes: 5 * 1024 * 1024,
  contentTypes: ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif'],
} as const;

/** A bundled asset, an https URL, or (for the local emulators only) an http://localhost or 127.0.0.1 URL. */
function isAcceptedImageUrl(url: string): boolean {
  return url === '' || url.startsWith('/images/') || /^https:\/\/[^\s]+$/.test(url) || /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?\/[^\s]*$/.test(url);
}

/** A real calendar day written YYYY-MM-DD. */
function isDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

/** What an admin submits to saveProduct. No id means a new product. searchTokens are computed by the server. */
export const productInputSchema = z
  .strictObject({
    id: z.string().trim().min(1).max(128).regex(/^[a-z0-9-]+$/, 'Id may hold only lower-case letters, digits and "-".').optional(),
    name: z.string().trim().min(2, 'Name must be at least 2 characters.').max(200, 'Name is too long (at most 200 characters).'),
    sku: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9][A-Z0-9-]{1,31}$/, 'SKU must be 2 to 32 letters, digits or "-", starting with a letter or digit.'),
    brand: z.string().trim().max(100, 'Brand is too long (at most 100 characters).'),
    description: z.string().trim().max(4000, 'Description is too long (at most 4000 characters).'),
    category: z.enum(PRODUCT_CATEGORIES, 'Choose a category from the list.'),
    price: cents('Price'),
    unit: z.string().trim().min(1, 'Unit is required, e.g. "case of 24".').max(100, 'Unit is too long (at most 100 characters).'),
    packSize: whole('Pack size', 1, 10_000),
    minOrderQty: whole('Minimum order quantity', 1, 10_000),
    stock: whole('Stock', 0, 10_000_000),
    /**
     * On an update, the stock the editor started from. Orders and cancellations change stock while
     * an admin edits, so saveProduct applies the edit as the difference to this value instead of
     * overwriting their units.
     */
    expectedStock: whole('Expected stock', 0, 10_000_000).optional(),
    active: z.boolean('Active must be true or false.'),
    backorderable: z.boolean('Backorderable must be true or false.').default(false),
    restockDate: z
      .string('Restock date must be a date such as 2026-12-09.')
      .trim()
      .refine((date) => date === '' || isDay(date), 'Restock date must be a date such as 2026-12-09 (or empty).')
      .default(''),
    tiers: z
      .array(z.strictObject({ minQty: whole('Tier quantity', 2, 100_000), price: cents('Tier price') }), 'Tiers must be a list.')
      .max(10, 'At most 10 volume tiers.'),
    imageUrl: z
      .string()
      .trim()
      .max(2048, 'The image URL is too long (at most 2048 characters).')
      .refine(isAcceptedImageUrl, 'Image URL must start with https:// (or be empty).'),
    imagePath: z
      .string()
      .max(300)
      .refine((path) => path === '' || /^products\/[A-Za-z0-9._-]+$/.test(path), 'Image path must be a file under products/.'),
  })
  .superRefine((product, context) => {
    if (product.minOrderQty % product.packSize !== 0) {
      context.addIssue({ code: 'custom', path: ['minOrderQty'], message: `Minimum order quantity must be a multiple of the pack size (${product.packSize}).` });
    }
    product.tiers.forEach((tier, index) => {
      const previous = index === 0 ? { minQty: product.minOrderQty, price: product.price } : product.tiers[index - 1]!;
      if (tier.minQty <= previous.minQty) {
        context.addIssue({ code: 'custom', path: ['tiers', index, 'minQty'], message: `Tier ${index + 1} must start above ${previous.minQty} units.` });
      }
      if (tier.minQty % product.packSize !== 0) {
        context.addIssue({ code: 'custom', path: ['tiers', index, 'minQty'], message: `Tier ${index + 1} quantity must be a multiple of the pack size (${product.packSize}).` });
      }
      if (tier.price >= previous.price) {
        context.addIssue({ code: 'custom', path: ['tiers', index, 'price'], message: `Tier ${index + 1} price must be lower than the price before it.` });
      }
    });
  });
export type ProductInput = z.input<typeof productInputSchema>;

export const deleteProductInputSchema = z.strictObject({
  id: documentIdSchema('Product id'),
});
export type ValidProduct = z.output<typeof productInputSchema>;

/** The saveProduct payload that rewrites a product as it is (e.g. to flip `active`). */
export function productInputOf(product: Product): ProductInput {
  const { currency: _currency, searchTokens: _searchTokens, backordered: _backordered, ...input } = product;
  return { ...input, expectedStock: input.stock, category: input.category as ProductCategory, tiers: input.tiers.map((tier) => ({ ...tier })) };
}
