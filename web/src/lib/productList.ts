/**
 * The product lists: the shop's catalog (active products only, as the rules require of shoppers)
 * and the back office's (every product). Both filter by category and search and sort by the one
 * product sort table; the composite indexes they need are in firestore.indexes.json.
 */
import { query, where, type Firestore } from 'firebase/firestore/lite';
import { matchesSearch, searchPlan, type Product, type SearchPlan } from '@harbor/domain';
import { productCollection } from './converters/productConverter';
import { EMPTY_PAGE, readPage, type ListOrder, type Page, type PagePosition } from './pagination';
import { PRODUCT_SORTS, type ProductSort } from './sorts';

export interface ProductListParams {
  /** The trimmed search text; empty for none. */
  search: string;
  category: string | null;
  sort: ProductSort;
  /** The shop's catalog lists active products only; the back office lists every product. */
  activeOnly: boolean;
}

export interface ProductQueryDescription {
  /** Equality filters, then at most one `array-contains` on `searchTokens`. */
  filters: { field: string; op: '==' | 'array-contains'; value: string | boolean }[];
  order: ListOrder;
  /** The search, when there is one; its other words are checked on the page read. */
  plan: SearchPlan | null;
}

/**
 * What a product list asks Firestore, as plain data (a test checks every shape against
 * firestore.indexes.json); null when a search holds no word, so nothing needs reading.
 */
export function describeProductQuery({ search, category, sort, activeOnly }: ProductListParams): ProductQueryDescription | null {
  const plan = search ? searchPlan(search) : null;
  if (search && !plan) return null;
  const filters: ProductQueryDescription['filters'] = activeOnly ? [{ field: 'active', op: '==', value: true }] : [];
  if (category) filters.push({ field: 'category', op: '==', value: category });
  if (plan) filters.push({ field: 'searchTokens', op: 'array-contains', value: plan.token });
  const { field, direction, kind } = PRODUCT_SORTS[sort];
  return { filters, order: { field, direction, kind }, plan };
}

/**
 * One page of a product list. The search is looked up by one word; the products read that lack
 * its other words are left out, so a page of a several-word search may show fewer than it read.
 */
export async function readProductPage(db: Firestore, list: ProductListParams, position: PagePosition, pageSize: number): Promise<Page<Product>> {
  const description = describeProductQuery(list);
  if (!description) return EMPTY_PAGE;
  const { filters, order, plan } = description;
  const products = query(productCollection(db), ...filters.map(({ field, op, value }) => where(field, op, value)));
  const page = await readPage(products, { order, cursor: position.cursor, direction: position.direction, pageSize });
  return plan ? { ...page, rows: page.rows.filter((product) => matchesSearch(product, plan)) } : page;
}
