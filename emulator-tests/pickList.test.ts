/**
 * The warehouse's queue and pick list: the orders ready to ship as the back office's To ship page
 * reads them (web/src/features/admin/orderQueries.ts: oldest first, by product, a page at a time),
 * and getPickList, the allocated units of the selected orders grouped by product as a PDF for the
 * roles that read packing slips; every other role is refused, and a missing order is named.
 */
import type { Firestore } from 'firebase/firestore/lite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OrderDocumentFile, Orderable, StaffRole } from '@harbor/domain';
import { readToShipPage } from '../web/src/features/admin/orderQueries';
import { FIRST_PAGE } from '../web/src/lib/pagination';
import { shopperClient } from './adminFixtures';
import { adminDb, callError, clearFirestore, liteDb, webClient, type TestClient } from './harness';
import { pdfText, placeTestOrder, storeOrderable } from './inbox';

/** 25 on the shelf, backorderable: an order of 40 leaves 15 on backorder. Prices clear the minimum order. */
const water: Orderable = { id: 'water', name: 'Sparkling Water', sku: 'BEV-1001', unit: 'case of 24 cans', imageUrl: '', price: 2_500, tiers: [], minOrderQty: 1, packSize: 1, stock: 25, active: true, backorderable: true, backordered: 0, restockDate: '2026-12-09' };
const cups: Orderable = { id: 'cups', name: 'Paper Cups', sku: 'PAP-2001', unit: 'box of 500', imageUrl: '', price: 4_000, tiers: [], minOrderQty: 1, packSize: 1, stock: 10, active: true, backorderable: false, backordered: 0, restockDate: '' };
const ROLES: StaffRole[] = ['admin', 'warehouse', 'sales', 'finance'];

let buyer: TestClient;
const staff = {} as Record<StaffRole, TestClient>;
/** The warehouse's Firestore, as the back office reads it. */
let warehouseDb: Firestore;

beforeAll(async () => {
  buyer = await shopperClient();
  for (const role of ROLES) staff[role] = await webClient(`${role}-${Date.now()}@pick.test`);
  warehouseDb = await liteDb(staff.warehouse);
});
afterAll(async () => Promise.all([buyer, ...Object.values(staff)].map((client) => client.close())));
beforeEach(async () => {
  await clearFirestore();
  await Promise.all(ROLES.map((role) => adminDb.doc(`users/${staff[role].uid}`).set({ name: `Test ${role}`, email: '', role })));
  await adminDb.doc(`users/${buyer.uid}`).set({ name: 'Test Shopper', email: '' });
  await Promise.all([storeOrderable(water), storeOrderable(cups)]);
});

const pickList = (client: TestClient, orderIds: string[]) => client.call<OrderDocumentFile>('getPickList', { orderIds });
const textOf = async (file: OrderDocumentFile) => pdfText(new Uint8Array(Buffer.from(file.pdf, 'base64')));

describe('the To ship queue', () => {
  it('lists the orders with units ready, oldest first, a page at a time, and by product', async () => {
    const backordered = await placeTestOrder(buyer, water, 40);
    const cupsOrder = await placeTestOrder(buyer, cups, 3);
    // The shelf is empty now: this order waits whole, so it is not in the queue.
    await placeTestOrder(buyer, water, 5);
    const ids = (page: { rows: { id: string }[] }) => page.rows.map((order) => order.id);

    expect(ids(await readToShipPage(warehouseDb, '', FIRST_PAGE))).toEqual([backordered, cupsOrder]);
    const first = await readToShipPage(warehouseDb, '', FIRST_PAGE, 1);
    expect(ids(first)).toEqual([backordered]);
    expect(ids(await readToShipPage(warehouseDb, '', { page: 2, cursor: first.next, direction: 'after' }, 1))).toEqual([cupsOrder]);

    const byProduct = await readToShipPage(warehouseDb, 'BEV-1001', FIRST_PAGE);
    expect([ids(byProduct), byProduct.product]).toEqual([[backordered], { id: 'water', sku: 'BEV-1001', name: 'Sparkling Water' }]);
    expect(await readToShipPage(warehouseDb, 'NO-SUCH-SKU', FIRST_PAGE)).toMatchObject({ rows: [], product: null });
  });
});

describe('getPickList', () => {
  it('gives the warehouse and admins the allocated units by product, with the orders they go to', async () => {
    const backordered = await placeTestOrder(buyer, water, 40);
    const cupsOrder = await placeTestOrder(buyer, cups, 3);
    const waiting = await placeTestOrder(buyer, water, 5);
    for (const role of ['warehouse', 'admin'] as const) {
      const file = await pickList(staff[role], [backordered, cupsOrder, waiting]);
      expect(file.fileName).toMatch(/^pick-list-\d{4}-\d{2}-\d{2}\.pdf$/);
      const text = await textOf(file);
      for (const expected of ['Pick list', 'BEV-1001', 'Sparkling Water', 'case of 24 cans', `${backordered} × 25`, 'PAP-2001', 'Paper Cups', `${cupsOrder} × 3`, `${waiting}: nothing to pick`]) {
        expect(text).toContain(expected);
      }
      // The 15 on backorder are not on the shelf.
      expect(text).not.toContain(`${backordered} × 40`);
      expect(text.indexOf('BEV-1001')).toBeLessThan(text.indexOf('PAP-2001'));
    }
  });

  it('refuses the roles that do not read packing slips, and the buyer', async () => {
    const orderId = await placeTestOrder(buyer, cups, 3);
    for (const client of [staff.sales, staff.finance, buyer]) {
      expect(await callError(pickList(client, [orderId]))).toMatchObject({ code: 'permission-denied' });
    }
  });

  it('names a missing order', async () => {
    const orderId = await placeTestOrder(buyer, cups, 3);
    expect(await callError(pickList(staff.warehouse, [orderId, 'HW-NOSUCHORDER']))).toEqual({ code: 'not-found', message: 'There is no order HW-NOSUCHORDER.' });
  });
});
