/**
 * A sales rep's orders, read as the back office's Orders tab and dashboard read them
 * (web/src/features/admin/orderQueries.ts, assignedCompanies.ts): its companies' orders newest
 * first, a page at a time over more companies than one query may name, by status, found by
 * number, e-mail or company, exported; the rules refuse it any query that names a company not
 * assigned to it, or no company at all. And what a page of the admin's order and product lists
 * reads: a page, not the collection.
 */
import { Timestamp } from 'firebase-admin/firestore';
import type { Firestore } from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productSearchTokens, type Order } from '@harbor/domain';
import { assignedCompanyGroups, type CompanyScope } from '../web/src/features/admin/assignedCompanies';
import { ordersForExport, readOrderPage, readOrders, searchOrders } from '../web/src/features/admin/orderQueries';
import { lookedUpByRarestWord } from '../web/src/features/admin/productSearch';
import { FIRST_PAGE, type Page, type PagePosition } from '../web/src/lib/pagination';
import { readProductPage } from '../web/src/lib/productList';
import { orderItem } from './adminFixtures';
import { adminDb, approvedCompanyFields, clearFirestore, liteDb, webClient, type TestClient } from './harness';

let sales: TestClient;
let db: Firestore;
let scope: CompanyScope;
/** Nine companies assigned to the rep (more than one query names), and one that is not. */
const ASSIGNED = Array.from({ length: 9 }, (_, index) => `co-rep-${index + 1}`);
const OTHER = 'co-not-mine';
/** The assigned companies' orders, newest first, and the other company's. */
const MINE: string[] = [];
const NOT_MINE = ['HW-OTHER00001', 'HW-OTHER00002'];

async function storeOrder(id: string, companyId: string, minutesAgo: number, status = 'pending'): Promise<void> {
  const createdAt = Timestamp.fromMillis(Date.UTC(2026, 10, 20, 12) - minutesAgo * 60_000);
  const company = companyId === OTHER ? 'Not Mine Traders' : `Rep Company ${companyId.slice(-1)}`;
  await adminDb.doc(`orders/${id}`).set({
    userId: `buyer-${companyId}`,
    userEmail: `buyer@${companyId}.test`,
    companyId,
    company,
    status,
    items: [orderItem('p1', 1)],
    total: 1000,
    currency: 'USD',
    createdAt,
    updatedAt: createdAt,
    statusHistory: [],
  });
}

beforeAll(async () => {
  await clearFirestore();
  sales = await webClient();
  await adminDb.doc(`users/${sales.uid}`).set({ name: 'Sal Sales', email: 'sal@harbor.test', role: 'sales' });
  for (const companyId of [...ASSIGNED, OTHER]) {
    await adminDb.doc(`companies/${companyId}`).set({ ...approvedCompanyFields, name: companyId, members: {}, salesRepUid: companyId === OTHER ? '' : sales.uid });
  }
  // Two orders a company, interleaved in time across the companies; the other company's among them.
  for (const [index, companyId] of [...ASSIGNED, ...ASSIGNED].entries()) {
    const id = `HW-REP${String(index).padStart(6, '0')}`;
    await storeOrder(id, companyId, index, index % 4 === 0 ? 'shipped' : 'pending');
    MINE.push(id);
  }
  await storeOrder(NOT_MINE[0]!, OTHER, 0.5);
  await storeOrder(NOT_MINE[1]!, OTHER, 7.5, 'shipped');
  db = await liteDb(sales);
  scope = await assignedCompanyGroups(db, sales.uid);
}, 60_000);
afterAll(() => sales.close());

const ids = (page: Pick<Page<Order>, 'rows'>) => page.rows.map((order) => order.id);

describe("a sales rep's orders", () => {
  it('are asked by its companies, a group of at most eight per query', () => {
    expect(scope!.flat().sort()).toEqual([...ASSIGNED].sort());
    expect(scope!.map((group) => group.length)).toEqual([8, 1]);
  });

  it('list its companies’ orders newest first, page after page and back, and no other company’s', async () => {
    const pages: Page<Order>[] = [];
    let position: PagePosition = FIRST_PAGE;
    for (;;) {
      const page = await readOrderPage(db, scope, '', position, 5);
      pages.push(page);
      if (!page.next) break;
      position = { cursor: page.next, direction: 'after', page: position.page + 1 };
    }
    expect(pages.map(ids)).toEqual([MINE.slice(0, 5), MINE.slice(5, 10), MINE.slice(10, 15), MINE.slice(15)]);
    // A page reads a page (and one more, to know there is a next) from each query, not the orders.
    for (const page of pages) expect(page.documentsRead).toBeLessThanOrEqual((5 + 1) * scope!.length);
    const back = await readOrderPage(db, scope, '', { cursor: pages[2]!.previous, direction: 'before', page: 2 }, 5);
    expect(ids(back)).toEqual(MINE.slice(5, 10));
    expect(back.next).not.toBeNull();
  });

  it('filter by status, find by number, e-mail and company, and export', async () => {
    const shipped = MINE.filter((_, index) => index % 4 === 0);
    expect(ids(await readOrders(db, scope, { status: 'shipped', search: '' }, FIRST_PAGE))).toEqual(shipped);
    expect(ids(await searchOrders(db, scope, { status: '', search: 'HW-REP00001' }))).toEqual(MINE.slice(10, 18));
    expect(ids(await searchOrders(db, scope, { status: '', search: 'buyer@co-rep-3' }))).toEqual([MINE[2], MINE[11]]);
    expect(ids(await searchOrders(db, scope, { status: 'pending', search: 'rep company 3' }))).toEqual([MINE[2], MINE[11]].filter((id) => !shipped.includes(id!)));
    expect(ids(await searchOrders(db, scope, { status: '', search: 'HW-OTHER' }))).toEqual([]);
    expect(ids(await searchOrders(db, scope, { status: '', search: 'Not Mine' }))).toEqual([]);
    const exported = await ordersForExport(db, scope, { status: '', search: '' });
    expect(exported).toMatchObject({ truncated: false });
    expect(exported.orders.map((order) => order.id)).toEqual(MINE);
  });

  it('are refused when a query names a company not assigned to it, or every order', async () => {
    await expect(readOrderPage(db, [[ASSIGNED[0]!, OTHER]], '', FIRST_PAGE)).rejects.toMatchObject({ code: 'permission-denied' });
    await expect(readOrderPage(db, null, '', FIRST_PAGE)).rejects.toMatchObject({ code: 'permission-denied' });
    await expect(searchOrders(db, null, { status: '', search: 'HW-' })).rejects.toMatchObject({ code: 'permission-denied' });
  });

  it('are none for a rep no company is assigned to', async () => {
    const idle = await webClient();
    await adminDb.doc(`users/${idle.uid}`).set({ name: 'Idle Rep', email: 'idle@harbor.test', role: 'sales' });
    const idleDb = await liteDb(idle);
    const none = await assignedCompanyGroups(idleDb, idle.uid);
    expect(none).toEqual([]);
    expect(ids(await readOrderPage(idleDb, none, '', FIRST_PAGE))).toEqual([]);
    await idle.close();
  });
});

describe("an admin's back-office lists", () => {
  let admin: TestClient;
  let adminLite: Firestore;
  beforeAll(async () => {
    admin = await webClient();
    await adminDb.doc(`users/${admin.uid}`).set({ name: 'Ada Admin', email: 'ada@harbor.test', role: 'admin' });
    // Thirty products, every third one off sale: the back office lists them all.
    const batch = adminDb.batch();
    for (let index = 0; index < 30; index += 1) {
      const name = `Paper Towel ${String(index).padStart(2, '0')}`;
      batch.set(adminDb.doc(`products/towel-${index}`), { name, sku: `CLN-7${String(index).padStart(3, '0')}`, brand: 'Harbor', category: 'Cleaning', price: 900, stock: 4, active: index % 3 !== 0, unit: 'case', packSize: 1, minOrderQty: 1, tiers: [], imageUrl: '', searchTokens: [] });
    }
    await batch.commit();
    adminLite = await liteDb(admin);
  }, 60_000);
  afterAll(() => admin.close());

  it('read a page of orders and of products, and one more document to know there is a next, never the collection', async () => {
    const orders = await readOrderPage(adminLite, null, '', FIRST_PAGE, 5);
    expect(ids(orders)).toEqual([MINE[0], NOT_MINE[0], ...MINE.slice(1, 4)]);
    expect(orders.documentsRead).toBe(6);
    expect(orders.next).not.toBeNull();

    const products = await readProductPage(adminLite, { search: '', category: null, sort: 'name', activeOnly: false }, FIRST_PAGE, 10);
    expect(products.rows.map((product) => product.id)).toEqual(Array.from({ length: 10 }, (_, index) => `towel-${index}`));
    expect(products.documentsRead).toBe(11);
    const second = await readProductPage(adminLite, { search: '', category: null, sort: 'name', activeOnly: false }, { cursor: products.next, direction: 'after', page: 2 }, 10);
    expect(second.rows.map((product) => product.id)).toEqual(Array.from({ length: 10 }, (_, index) => `towel-${index + 10}`));
    expect(second.documentsRead).toBe(11);
  });

  it('look a several-word product search up by its rarest word, so its first page holds what was searched for', async () => {
    // Every imported product holds "import" and "item", the longest words; one of them holds "117".
    const batch = adminDb.batch();
    for (let index = 0; index < 25; index += 1) {
      const product = { name: `Import Item ${100 + index}`, sku: `IMP-${String(index).padStart(4, '0')}`, brand: 'Harbor', category: 'Packaging' as const };
      batch.set(adminDb.doc(`products/imp-${index}`), { ...product, price: 500, stock: 1, active: true, unit: 'case', packSize: 1, minOrderQty: 1, tiers: [], imageUrl: '', searchTokens: productSearchTokens(product) });
    }
    await batch.commit();
    for (const category of [null, 'Packaging']) {
      const found = await readProductPage(adminLite, { search: 'Import Item 117', category, sort: 'name', activeOnly: false }, FIRST_PAGE, 10, lookedUpByRarestWord(adminLite));
      expect(found.rows.map((product) => product.id)).toEqual(['imp-17']);
      expect(found.documentsRead).toBe(1);
    }
  });
});
