import { getDocs, limit, query, Timestamp, where, type Firestore, type QueryConstraint } from 'firebase/firestore/lite';
import { BRAND, type Order, type OrderStatus } from '@harbor/domain';
import { orderCollection } from '../../lib/converters/orderConverter';
import { readDocument } from '../../lib/documents';
import { readPage, type Page, type PageCursor } from '../../lib/pagination';
import { NEWEST_ORDERS_FIRST } from '../../lib/sorts';

/** What a buyer narrows its order history by; dates are days ("2026-11-23", local time), both included. */
export interface OrderHistoryFilters {
  search: string;
  status: OrderStatus | '';
  from: string;
  to: string;
}

/** Whose orders a history lists: a buyer's own (userId), or every order of the company its owner runs (companyId). */
export interface OrderHistoryScope {
  field: 'userId' | 'companyId';
  value: string;
}

export const NO_ORDER_FILTERS: OrderHistoryFilters = { search: '', status: '', from: '', to: '' };

/** Start of a day given as YYYY-MM-DD in the browser's time zone, plus `days`. */
function dayStart(day: string, days = 0): Timestamp {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return Timestamp.fromDate(new Date(year, month - 1, date + days));
}

function statusAndDates({ status, from, to }: OrderHistoryFilters): QueryConstraint[] {
  return [
    ...(status ? [where('status', '==', status)] : []),
    ...(from ? [where('createdAt', '>=', dayStart(from))] : []),
    ...(to ? [where('createdAt', '<', dayStart(to, 1))] : []),
  ];
}

function matches(order: Order, { status, from, to }: OrderHistoryFilters): boolean {
  return (!status || order.status === status) && (!from || order.createdAt >= dayStart(from).toMillis()) && (!to || order.createdAt < dayStart(to, 1).toMillis());
}

/**
 * One page of the orders in scope, newest first, by status and date range. A search finds the
 * order with that number and the orders with that PO number (all on one page), still filtered.
 */
export async function readOrderHistory(db: Firestore, { field, value }: OrderHistoryScope, filters: OrderHistoryFilters, cursor: PageCursor | null, pageSize: number): Promise<Page<Order>> {
  const own = query(orderCollection(db), where(field, '==', value));
  const search = filters.search.trim();
  if (!search) return readPage(query(own, ...statusAndDates(filters)), { order: NEWEST_ORDERS_FIRST, cursor, direction: 'after', pageSize });

  const orderNumber = search.toUpperCase().startsWith(`${BRAND.orderNumberPrefix}-`) ? search.toUpperCase() : `${BRAND.orderNumberPrefix}-${search.toUpperCase()}`;
  const [byNumber, byPo] = await Promise.all([
    // The rules refuse another buyer's order: it reads as missing.
    readDocument(orderCollection(db), orderNumber),
    getDocs(query(own, where('poNumber', '==', search), limit(pageSize))),
  ]);
  const found = new Map<string, Order>();
  if (byNumber && byNumber[field] === value) found.set(byNumber.id, byNumber);
  for (const document of byPo.docs) found.set(document.id, document.data());
  const rows = [...found.values()].filter((order) => matches(order, filters)).sort((a, b) => b.createdAt - a.createdAt);
  return { rows, next: null, previous: null, documentsRead: byPo.docs.length + 1 };
}
