/**
 * What search engines and link previews read from a public page: its description and, for a
 * product, schema.org structured data (https://schema.org/Product). Pure, so the server renderer
 * and the tests use the same text.
 */
import { BRAND, SHOP_RULES } from './config';
import type { Product } from './product';
import { inStockNow } from './ordering';

/** Search engines show about this many characters of a description. */
export const META_DESCRIPTION_LENGTH = 160;

/** `text` on one line, cut at a word to at most META_DESCRIPTION_LENGTH characters (with "…" when cut). */
export function metaDescription(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= META_DESCRIPTION_LENGTH) return line;
  const cut = line.slice(0, META_DESCRIPTION_LENGTH - 1);
  const atWord = cut.slice(0, Math.max(cut.lastIndexOf(' '), META_DESCRIPTION_LENGTH / 2));
  return `${atWord.trimEnd()}…`;
}

/** Cents as schema.org writes a price: "12.50". */
const schemaPrice = (cents: number): string => (cents / 100).toFixed(2);

/**
 * The product as schema.org `Product` JSON-LD: name, SKU, brand, image, description and one
 * `Offer` at the list price (what anyone is offered; a company's contract price is its own), in
 * stock when its smallest orderable quantity is, else on backorder when it takes orders above its stock.
 */
export function productStructuredData(product: Product, { url, imageUrl }: { url: string; imageUrl: string }): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    sku: product.sku,
    ...(product.brand ? { brand: { '@type': 'Brand', name: product.brand } } : {}),
    ...(imageUrl ? { image: imageUrl } : {}),
    description: product.description || product.name,
    category: product.category,
    offers: {
      '@type': 'Offer',
      url,
      price: schemaPrice(product.price),
      priceCurrency: product.currency || SHOP_RULES.currency,
      availability: `https://schema.org/${inStockNow(product) ? 'InStock' : product.backorderable ? 'BackOrder' : 'OutOfStock'}`,
      seller: { '@type': 'Organization', name: BRAND.fullName },
    },
  };
}
