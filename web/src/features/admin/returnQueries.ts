/**
 * The back office's list of returns: every return for the staff who read every order, the returns
 * of its companies for a sales rep (asked a group of companies at a time, which the rules check),
 * newest first, a page at a time by status (the open ones, one status, or all), or found by their
 * RMA number or their order's number. Given the Firestore instance, so the emulator tests run these
 * exact reads.
 */
import { getDocs, query, where, type Firestore } from 'firebase/firestore/lite';
import { formatReturnNumber, isOpenReturn, RETURN_STATUSES, type ProductReturn, type ReturnStatus } from '@harbor/domain';
import { returnCollection } from '../../lib/converters/returnConverter';
import { readPage, type Page, type PagePosition } from '../../lib/pagination';
import { NEWEST_RETURNS_FIRST } from '../../lib/sorts';
import { scopedQueries, type CompanyScope } from './assignedCompanies';

export const RETURNS_PAGE_SIZE = 20;

/** Which returns a list shows: the open ones (requested, approved, partly received), all, or one status. */
export type ReturnStatusFilter = 'open' | 'all' | ReturnStatus;

export const OPEN_RETURN_STATUSES = RETURN_STATUSES.filter(isOpenReturn);

/** The filter a URL names; the open returns when it names none it knows. */
export function readReturnStatusFilter(value: string | null): ReturnStatusFilter {
  return value === 'all' || RETURN_STATUSES.includes(value as ReturnStatus) ? (value as ReturnStatusFilter) : 'open';
}

const statusesOf = (filter: ReturnStatusFilter): readonly ReturnStatus[] | null => (filter === 'all' ? null : filter === 'open' ? OPEN_RETURN_STATUSES : [filter]);

/** What a search names: an RMA number ("RMA-000001", "rma-1", "1") or an order number. */
export function returnSearchTerm(text: string): { field: 'number' | 'orderId'; value: string } {
  const typed = text.trim().toUpperCase();
  const sequence = /^(?:RMA-?)?(\d{1,9})$/.exec(typed)?.[1];
  return sequence ? { field: 'number', value: formatReturnNumber(Number(sequence)) } : { field: 'orderId', value: typed };
}

/**
 * One page of the returns in scope, newest first. A sales rep's companies are named a group per
 * query, and statuses one per query, since a query takes one `in` filter; the pages are merged.
 */
export function readReturnPage(db: Firestore, scope: CompanyScope, filter: ReturnStatusFilter, position: PagePosition, pageSize = RETURNS_PAGE_SIZE): Promise<Page<ProductReturn>> {
  const statuses = statusesOf(filter);
  const bases = scopedQueries(returnCollection(db), scope).flatMap((base) => (statuses ? statuses.map((status) => query(base, where('status', '==', status))) : [base]));
  return readPage(bases, { order: NEWEST_RETURNS_FIRST, cursor: position.cursor, direction: position.direction, pageSize });
}

/** The returns in scope with the RMA number or of the order the search names, of the filter's statuses, newest first (one page, however many). */
export async function searchReturns(db: Firestore, scope: CompanyScope, filter: ReturnStatusFilter, search: string): Promise<Page<ProductReturn>> {
  const { field, value } = returnSearchTerm(search);
  const statuses = statusesOf(filter);
  const snapshots = await Promise.all(scopedQueries(returnCollection(db), scope).map((base) => getDocs(query(base, where(field, '==', value)))));
  const rows = snapshots
    .flatMap((snapshot) => snapshot.docs.map((document) => document.data()))
    .filter((found) => !statuses || statuses.includes(found.status))
    .sort((a, b) => b.createdAt - a.createdAt);
  return { rows, next: null, previous: null, documentsRead: snapshots.reduce((sum, snapshot) => sum + snapshot.size, 0) };
}

/** The returns as the returns page lists them: a page, or the matches of a search. */
export function readReturns(db: Firestore, scope: CompanyScope, filter: ReturnStatusFilter, search: string, position: PagePosition): Promise<Page<ProductReturn>> {
  return search.trim() ? searchReturns(db, scope, filter, search) : readReturnPage(db, scope, filter, position);
}
