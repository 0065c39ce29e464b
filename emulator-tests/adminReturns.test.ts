/**
 * The back office's returns, read as its Returns tab reads them (web/src/features/admin/returnQueries.ts):
 * every return for the staff who read every order, a sales rep's companies' returns over more
 * companies than one query may name, newest first, a page at a time, the open ones, one status or
 * all, found by RMA number or order number; the rules refuse a sales rep any query that names a
 * company not assigned to it, or no company at all.
 */
import { Timestamp } from 'firebase-admin/firestore';
import type { Firestore } from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatReturnNumber, isOpenReturn, RETURN_STATUSES, type ProductReturn } from '@harbor/domain';
import { assignedCompanyGroups, type CompanyScope } from '../web/src/features/admin/assignedCompanies';
import { readReturnPage, readReturns, searchReturns, type ReturnStatusFilter } from '../web/src/features/admin/returnQueries';
import { FIRST_PAGE, type Page, type PagePosition } from '../web/src/lib/pagination';
import { adminDb, approvedCompanyFields, clearFirestore, liteDb, webClient, type TestClient } from './harness';

/** Nine companies assigned to the rep (more than one query names), and one that is not. */
const ASSIGNED = Array.from({ length: 9 }, (_, index) => `co-ret-${index + 1}`);
const OTHER = 'co-not-mine';

interface Stored {
  id: string;
  number: string;
  orderId: string;
  companyId: string;
  status: (typeof RETURN_STATUSES)[number];
}

/** Every return, newest first: two per assigned company, their statuses in turn, and three of the other company's among them. */
const RETURNS: Stored[] = [];
const mine = () => RETURNS.filter((each) => each.companyId !== OTHER);

let sales: TestClient;
let warehouse: TestClient;
let salesDb: Firestore;
let warehouseDb: Firestore;
let scope: CompanyScope;

beforeAll(async () => {
  await clearFirestore();
  [sales, warehouse] = await Promise.all([webClient(), webClient()]);
  await adminDb.doc(`users/${sales!.uid}`).set({ name: 'Sal Sales', email: 'sal@harbor.test', role: 'sales' });
  await adminDb.doc(`users/${warehouse!.uid}`).set({ name: 'Wren Warehouse', email: 'wren@harbor.test', role: 'warehouse' });
  for (const companyId of [...ASSIGNED, OTHER]) {
    await adminDb.doc(`companies/${companyId}`).set({ ...approvedCompanyFields, name: companyId, members: {}, salesRepUid: companyId === OTHER ? '' : sales!.uid });
  }
  const companies = [...ASSIGNED, ...ASSIGNED];
  companies.splice(1, 0, OTHER);
  companies.splice(8, 0, OTHER);
  companies.push(OTHER);
  const newest = Date.UTC(2026, 10, 20, 12);
  for (const [index, companyId] of companies.entries()) {
    const sequence = companies.length - index;
    const stored: Stored = {
      id: `ret-${String(sequence).padStart(3, '0')}`,
      number: formatReturnNumber(sequence),
      // Two returns of one order, once.
      orderId: index === 3 ? RETURNS[2]!.orderId : `HW-RET${String(sequence).padStart(6, '0')}`,
      companyId,
      status: RETURN_STATUSES[index % RETURN_STATUSES.length]!,
    };
    RETURNS.push(stored);
    const createdAt = Timestamp.fromMillis(newest - index * 60_000);
    const { id, ...fields } = stored;
    await adminDb.doc(`returns/${id}`).set({ ...fields, sequence, userId: `buyer-${companyId}`, company: companyId, lines: [], history: [], createdAt, updatedAt: createdAt });
  }
  [salesDb, warehouseDb] = await Promise.all([liteDb(sales!), liteDb(warehouse!)]);
  scope = await assignedCompanyGroups(salesDb, sales!.uid);
}, 60_000);
afterAll(() => Promise.all([sales.close(), warehouse.close()]));

const numbers = (page: Pick<Page<ProductReturn>, 'rows'>) => page.rows.map((each) => each.number);
const numbersOf = (returns: Stored[]) => returns.map((each) => each.number);

/** Every page of a list, read forwards from the first, five returns a page. */
async function allPages(db: Firestore, pageScope: CompanyScope, filter: ReturnStatusFilter): Promise<Page<ProductReturn>[]> {
  const pages: Page<ProductReturn>[] = [];
  let position: PagePosition = FIRST_PAGE;
  for (;;) {
    const page = await readReturnPage(db, pageScope, filter, position, 5);
    pages.push(page);
    if (!page.next) return pages;
    position = { cursor: page.next, direction: 'after', page: position.page + 1 };
  }
}

describe('the returns the staff who read every order see', () => {
  it('are the open ones by default, newest first, page after page and back', async () => {
    const open = RETURNS.filter((each) => isOpenReturn(each.status));
    const pages = await allPages(warehouseDb, null, 'open');
    expect(pages.map(numbers)).toEqual([numbersOf(open.slice(0, 5)), numbersOf(open.slice(5, 10)), numbersOf(open.slice(10))]);
    const back = await readReturnPage(warehouseDb, null, 'open', { cursor: pages[2]!.previous, direction: 'before', page: 2 }, 5);
    expect(numbers(back)).toEqual(numbersOf(open.slice(5, 10)));
  });

  it('are every return, or those of one status', async () => {
    expect((await allPages(warehouseDb, null, 'all')).flatMap(numbers)).toEqual(numbersOf(RETURNS));
    expect(numbers(await readReturns(warehouseDb, null, 'credited', '', FIRST_PAGE))).toEqual(numbersOf(RETURNS.filter((each) => each.status === 'credited')));
  });

  it('are found by RMA number, however it is typed, or by order number, within the status chosen', async () => {
    const third = RETURNS[2]!;
    for (const typed of [third.number, third.number.toLowerCase(), String(Number(third.number.slice(4))), `rma-${Number(third.number.slice(4))}`]) {
      expect(numbers(await searchReturns(warehouseDb, null, 'all', typed))).toEqual([third.number]);
    }
    // Two returns of one order, the newer first (rejected) and a partly received one; the search keeps to the status chosen.
    const fourth = RETURNS[3]!;
    expect([third.status, fourth.status]).toEqual(['rejected', 'received']);
    expect(numbers(await readReturns(warehouseDb, null, 'all', ` ${third.orderId.toLowerCase()} `, FIRST_PAGE))).toEqual([third.number, fourth.number]);
    expect(numbers(await searchReturns(warehouseDb, null, 'open', third.orderId))).toEqual([fourth.number]);
    expect(numbers(await searchReturns(warehouseDb, null, 'all', 'RMA-999999'))).toEqual([]);
  });
});

describe("a sales rep's returns", () => {
  it('are asked by its companies, a group of at most eight per query', () => {
    expect(scope!.flat().sort()).toEqual([...ASSIGNED].sort());
    expect(scope!.map((group) => group.length)).toEqual([8, 1]);
  });

  it('are its companies’ returns, newest first, by status or all, and no other company’s', async () => {
    expect((await allPages(salesDb, scope, 'all')).flatMap(numbers)).toEqual(numbersOf(mine()));
    expect((await allPages(salesDb, scope, 'open')).flatMap(numbers)).toEqual(numbersOf(mine().filter((each) => isOpenReturn(each.status))));
    expect(numbers(await readReturns(salesDb, scope, 'rejected', '', FIRST_PAGE))).toEqual(numbersOf(mine().filter((each) => each.status === 'rejected')));
  });

  it('are found by number or order among its companies’ only', async () => {
    const theirs = RETURNS.find((each) => each.companyId === OTHER)!;
    const its = mine()[4]!;
    expect(numbers(await searchReturns(salesDb, scope, 'all', its.number))).toEqual([its.number]);
    expect(numbers(await searchReturns(salesDb, scope, 'all', its.orderId))).toEqual([its.number]);
    expect(numbers(await searchReturns(salesDb, scope, 'all', theirs.number))).toEqual([]);
    expect(numbers(await searchReturns(salesDb, scope, 'all', theirs.orderId))).toEqual([]);
  });

  it('are refused when a query names a company not assigned to it, or every return', async () => {
    await expect(readReturnPage(salesDb, [[ASSIGNED[0]!, OTHER]], 'all', FIRST_PAGE)).rejects.toMatchObject({ code: 'permission-denied' });
    await expect(readReturnPage(salesDb, null, 'open', FIRST_PAGE)).rejects.toMatchObject({ code: 'permission-denied' });
    await expect(searchReturns(salesDb, null, 'all', 'RMA-000001')).rejects.toMatchObject({ code: 'permission-denied' });
  });
});
