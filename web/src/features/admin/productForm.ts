import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { parseMoney, productInputSchema, type Product, type ProductInput, type ValidProduct } from '@harbor/domain';

/** The product form as typed: amounts in dollars and counts as text, checked by the shared schema. */
export interface ProductFormValues {
  name: string;
  sku: string;
  brand: string;
  description: string;
  category: string;
  price: string;
  unit: string;
  packSize: string;
  minOrderQty: string;
  stock: string;
  active: boolean;
  backorderable: boolean;
  /** YYYY-MM-DD from the date input, '' for none. */
  restockDate: string;
  tiers: Array<{ minQty: string; price: string }>;
  imageUrl: string;
  imagePath: string;
}

export const MAX_TIERS = 10;

/** Cents as the dollars a form field shows ("12.50"). */
export const dollars = (cents: number) => (cents / 100).toFixed(2);

export function formValuesOf(product: Product | null): ProductFormValues {
  if (!product) {
    return { name: '', sku: '', brand: '', description: '', category: '', price: '', unit: '', packSize: '1', minOrderQty: '1', stock: '0', active: true, backorderable: false, restockDate: '', tiers: [], imageUrl: '', imagePath: '' };
  }
  return {
    name: product.name,
    sku: product.sku,
    brand: product.brand,
    description: product.description,
    category: product.category,
    price: dollars(product.price),
    unit: product.unit,
    packSize: String(product.packSize),
    minOrderQty: String(product.minOrderQty),
    stock: String(product.stock),
    active: product.active,
    backorderable: product.backorderable,
    restockDate: product.restockDate,
    tiers: product.tiers.map((tier) => ({ minQty: String(tier.minQty), price: dollars(tier.price) })),
    imageUrl: product.imageUrl,
    imagePath: product.imagePath,
  };
}

/** Text the schema can judge: an unreadable amount or count becomes NaN, which it reports as "must be a number". */
const amountOf = (text: string) => parseMoney(text) ?? Number.NaN;
const countOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()));

export function toProductInput(values: ProductFormValues): ProductInput {
  return {
    name: values.name,
    sku: values.sku,
    brand: values.brand,
    description: values.description,
    category: values.category as ProductInput['category'],
    price: amountOf(values.price),
    unit: values.unit,
    packSize: countOf(values.packSize),
    minOrderQty: countOf(values.minOrderQty),
    stock: countOf(values.stock),
    active: values.active,
    backorderable: values.backorderable,
    restockDate: values.restockDate,
    tiers: values.tiers.map((tier) => ({ minQty: countOf(tier.minQty), price: amountOf(tier.price) })),
    imageUrl: values.imageUrl,
    imagePath: values.imagePath,
  };
}

const schemaResolver = zodResolver(productInputSchema);

/** Validates the form with the same schema saveProduct uses; messages land on the fields of their paths. */
export const productFormResolver: Resolver<ProductFormValues, unknown, ValidProduct> = (values, context, options) =>
  schemaResolver(toProductInput(values), context, options as unknown as Parameters<typeof schemaResolver>[2]) as unknown as ReturnType<Resolver<ProductFormValues, unknown, ValidProduct>>;

const FORM_FIELDS = new Set<string>(['name', 'sku', 'brand', 'description', 'category', 'price', 'unit', 'packSize', 'minOrderQty', 'stock', 'active', 'backorderable', 'restockDate', 'imageUrl', 'imagePath']);

/**
 * The form field a server refusal concerns: a duplicate SKU (already-exists), or the field named
 * at the start of an invalid-argument message ("price: ..."). Null when it concerns no one field.
 */
export function fieldOfFailure(failure: { code?: string; message: string }): { field: keyof ProductFormValues; message: string } | null {
  if (failure.code === 'already-exists') return { field: 'sku', message: failure.message };
  const match = /^([A-Za-z]+): (.+)$/.exec(failure.message);
  if (failure.code === 'invalid-argument' && match && FORM_FIELDS.has(match[1]!)) return { field: match[1] as keyof ProductFormValues, message: match[2]! };
  return null;
}
