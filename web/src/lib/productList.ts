/**
 * The product lists: the shop's catalog (active products only, as the rules require of shoppers)
 * and the back office's (every product). Both filter by category and search and sort by the one
 * product sort table; the composite indexes they need are in firestore.indexes.json.
 */
import type { Firestore } from 'firebase/firestore/lite';
import { matchesSearch, searchPlan, type Product, type SearchPlan } from '@harbor/domain';
import { publicProducts } from './converters/publicProducts';
import { isRestDatabase, RestList, type RestDatabase } from './firestoreRest';
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

/** The products a list's filters select: over REST for a public list, else through the SDK (loaded then). */
async function productsMatching(db: Firestore | RestDatabase, filters: ProductQueryDescription['filters']) {
  if (isRestDatabase(db)) return new RestList(publicProducts(db), filters);
  const [{ query, where }, { productCollection }] = await Promise.all([import('firebase/firestore/lite'), import('./converters/productConverter')]);
  return query(productCollection(db), ...filters.map(({ field, op, value }) => where(field, op, value)));
}

/**
 * One page of a product list, read from the public database (the shop's catalog) or through the
 * SDK as the signed-in user (the back office). The search is looked up by one word; the products
 * read that lack its other words are left out, so a page of a several-word search may show fewer
 * than it read.
 */
export async function readProductPage(
  db: Firestore | RestDatabase,
  list: ProductListParams,
  position: PagePosition,
  pageSize: number,
  /** Picks another word to look a search up by (the back office's rarest word). */
  lookUp?: (description: ProductQueryDescription & { plan: SearchPlan }) => Promise<ProductQueryDescription>,
): Promise<Page<Product>> {
  const described = describeProductQuery(list);
  if (!described) return EMPTY_PAGE;
  const { filters, order, plan } = described.plan && lookUp ? await lookUp({ ...described, plan: described.plan }) : described;
  const products = await productsMatching(db, filters);
  const page = await readPage(products, { order, cursor: position.cursor, direction: position.direction, pageSize });
  return plan ? { ...page, rows: page.rows.filter((product) => matchesSearch(product, plan)) } : page;
}
