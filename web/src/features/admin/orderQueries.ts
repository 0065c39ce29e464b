/**
 * The back office's order lists: every order for the roles that read them all, the orders of its
 * companies for a sales rep (asked a group of companies at a time, which the rules check), a page
 * at a time by status, found by the start of their number, company or e-mail, or all of them for
 * an export; and the warehouse's queue of orders ready to ship. Given the Firestore instance, so the emulator tests run these exact reads.
 */
import { documentId, getDocs, limit, query, where, type Firestore, type QueryConstraint } from 'firebase/firestore/lite';
import type { Order, OrderStatus, Product } from '@harbor/domain';
import { orderCollection } from '../../lib/converters/orderConverter';
import { productCollection } from '../../lib/converters/productConverter';
import { EMPTY_PAGE, readAllPages, readPage, type Page, type PagePosition } from '../../lib/pagination';
import { NEWEST_ORDERS_FIRST, OLDEST_ORDERS_FIRST } from '../../lib/sorts';
import { scopedQueries, type CompanyScope } from './assignedCompanies';

export const ORDERS_PAGE_SIZE = 20;
/** Search results are not paginated; each kind of match reads at most this many. */
export const ORDER_SEARCH_LIMIT = 50;
/** The CSV export stops here rather than reading an unbounded collection. */
export const ORDER_EXPORT_LIMIT = 5000;

export interface OrderFilter {
  status: OrderStatus | '';
  search: string;
}

export interface OrderSearchResult extends Page<Order> {
  /** True when a search hit its read limit, so more matches may exist. */
  truncated: boolean;
}

/** The queries that together list the orders in scope: one for every order, one per group of companies. */
const scopeQueries = (db: Firestore, scope: CompanyScope) => scopedQueries(orderCollection(db), scope);

/** One page of the orders in scope, of a status or all, newest first. */
export function readOrderPage(db: Firestore, scope: CompanyScope, status: OrderStatus | '', position: PagePosition, pageSize = ORDERS_PAGE_SIZE): Promise<Page<Order>> {
  const bases = scopeQueries(db, scope).map((base) => (status ? query(base, where('status', '==', status)) : base));
  return readPage(bases, { order: NEWEST_ORDERS_FIRST, cursor: position.cursor, direction: position.direction, pageSize });
}

/** Company names as typed and with each word capitalised, since Firestore range matches are case-sensitive. */
function companyForms(text: string): string[] {
  const capitalised = text.replace(/(^|\s)(\p{Ll})/gu, (_, space: string, letter: string) => space + letter.toUpperCase());
  return [...new Set([text, capitalised])];
}

const prefixRange = (field: string | ReturnType<typeof documentId>, prefix: string): QueryConstraint[] => [
  where(field, '>=', prefix),
  where(field, '<', `${prefix}\uf8ff`),
  limit(ORDER_SEARCH_LIMIT),
];

/** The orders in scope whose number (document id), customer e-mail or company starts with the text, of a status or all. */
export async function searchOrders(db: Firestore, scope: CompanyScope, { search, status }: OrderFilter): Promise<OrderSearchResult> {
  const text = search.trim();
  const queries = scopeQueries(db, scope).flatMap((orders) => [
    ...(text.includes('/') ? [] : [query(orders, ...prefixRange(documentId(), text))]),
    query(orders, ...prefixRange('userEmail', text.toLowerCase())),
    ...companyForms(text).map((company) => query(orders, ...prefixRange('company', company))),
  ]);
  const snapshots = await Promise.all(queries.map((each) => getDocs(each)));
  const byId = new Map<string, Order>();
  for (const snapshot of snapshots) for (const document of snapshot.docs) byId.set(document.id, document.data());
  const rows = [...byId.values()].filter((order) => !status || order.status === status).sort((a, b) => b.createdAt - a.createdAt);
  const documentsRead = snapshots.reduce((sum, snapshot) => sum + snapshot.size, 0);
  return { rows, next: null, previous: null, documentsRead, truncated: snapshots.some((snapshot) => snapshot.size === ORDER_SEARCH_LIMIT) };
}

/** The orders in scope as the orders page lists them: a page, or the matches of a search. */
export async function readOrders(db: Firestore, scope: CompanyScope, filter: OrderFilter, position: PagePosition): Promise<OrderSearchResult> {
  return filter.search.trim() ? searchOrders(db, scope, filter) : { ...(await readOrderPage(db, scope, filter.status, position)), truncated: false };
}

/** Every order in scope matching the filter, for the CSV export (bounded by ORDER_EXPORT_LIMIT). */
export async function ordersForExport(db: Firestore, scope: CompanyScope, filter: OrderFilter): Promise<{ orders: Order[]; truncated: boolean }> {
  if (filter.search.trim()) {
    const { rows, truncated } = await searchOrders(db, scope, filter);
    return { orders: rows, truncated };
  }
  const { rows, truncated } = await readAllPages((position) => readOrderPage(db, scope, filter.status, position, 500), ORDER_EXPORT_LIMIT);
  return { orders: rows, truncated };
}

export interface ToShipPage extends Page<Order> {
  /** The product the list is filtered by, or null: no filter, or no product has the SKU. */
  product: Pick<Product, 'id' | 'sku' | 'name'> | null;
}

/**
 * One page of the orders with units the warehouse may ship now (`readyToShip`, kept by the
 * functions with the order's lines), oldest first; with a SKU, those with units of that product.
 */
export async function readToShipPage(db: Firestore, sku: string, position: PagePosition, pageSize = ORDERS_PAGE_SIZE): Promise<ToShipPage> {
  const orders = orderCollection(db);
  const request = { order: OLDEST_ORDERS_FIRST, cursor: position.cursor, direction: position.direction, pageSize };
  if (!sku) return { ...(await readPage(query(orders, where('readyToShip', '==', true)), request)), product: null };
  const [found] = (await getDocs(query(productCollection(db), where('sku', '==', sku), limit(1)))).docs;
  if (!found) return { ...EMPTY_PAGE, product: null };
  const { id, name } = found.data();
  const product = { id, sku, name };
  return { ...(await readPage(query(orders, where('toShipProductIds', 'array-contains', product.id)), request)), product };
}
