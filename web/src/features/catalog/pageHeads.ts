/**
 * The titles and heads of the catalog's pages: the same title in the tab (the pages' PageTitle)
 * and in the server-rendered HTML (serverReads.ts).
 */
import { BRAND, isFaceted, metaDescription, productStructuredData, type Product } from '@harbor/domain';
import { paths } from '../../config';
import { absoluteUrl, type PageHead } from '../../lib/pageHead';
import { catalogHref, type CatalogParams } from './catalogParams';

const SHOP_DESCRIPTION = `${BRAND.fullName}: bulk beverages, snacks, cleaning, paper, packaging and office supplies for businesses, with volume pricing and invoice terms.`;

export function catalogTitle({ search, category }: Pick<CatalogParams, 'search' | 'category'>): string {
  return `${search ? `${search} – search` : (category ?? 'Wholesale catalog')} | ${BRAND.name}`;
}

export const productTitle = (product: Product): string => `${product.name} (${product.sku}) | ${BRAND.name}`;

export const PRODUCT_NOT_FOUND_TITLE = `Product not found | ${BRAND.name}`;

/**
 * A catalog view's head. A search's results and a filtered view are left out of search engines'
 * lists (noindex): they are countless variations of the category pages, which are listed.
 */
export function catalogHead(params: CatalogParams): PageHead {
  const description = params.search
    ? `Wholesale products matching “${params.search}” at ${BRAND.name}.`
    : params.category
      ? `${params.category} at wholesale prices from ${BRAND.name}: order by the case, with volume pricing and invoice terms for business accounts.`
      : SHOP_DESCRIPTION;
  return {
    title: catalogTitle(params),
    description: metaDescription(description),
    // Sorted the shop's way: another order of the same products is not another page.
    canonicalPath: catalogHref({ ...params, sort: undefined }),
    type: 'website',
    noindex: Boolean(params.search) || isFaceted(params),
  };
}

/** A product page's head, with its schema.org Product data; `origin` makes its addresses absolute. */
export function productHead(product: Product, origin: string): PageHead {
  const canonicalPath = paths.product(product.id);
  return {
    title: productTitle(product),
    description: metaDescription(product.description || `${product.name}, ${product.unit}, from ${BRAND.name}.`),
    canonicalPath,
    image: product.imageUrl || undefined,
    type: 'product',
    structuredData: productStructuredData(product, { url: absoluteUrl(canonicalPath, origin), imageUrl: product.imageUrl && absoluteUrl(product.imageUrl, origin) }),
  };
}

export function notFoundHead(pathname: string, title = `Page not found | ${BRAND.name}`): PageHead {
  return { title, description: SHOP_DESCRIPTION, canonicalPath: pathname, type: 'website', noindex: true };
}
