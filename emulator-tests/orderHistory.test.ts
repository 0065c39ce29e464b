import { Timestamp as AdminTimestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Firestore } from 'firebase/firestore/lite';
import { NO_ORDER_FILTERS, readOrderHistory, type OrderHistoryFilters } from '../web/src/features/orders/orderHistoryQuery';
import { orderItem } from './adminFixtures';
import { adminDb, clearFirestore, liteDb, webClient, type TestClient } from './harness';

let buyer: TestClient;
let other: TestClient;
let db: Firestore;

/** Noon, local time, of a day of November 2026. */
const november = (day: number) => new Date(2026, 10, day, 12);

async function order(id: string, userId: string, status: string, day: number, poNumber = ''): Promise<void> {
  const createdAt = AdminTimestamp.fromDate(november(day));
  await adminDb.doc(`orders/${id}`).set({ userId, userEmail: 'x@harbor.test', status, poNumber, createdAt, updatedAt: createdAt, items: [orderItem('p1', 1)], total: 1000, statusHistory: [] });
}

beforeAll(async () => {
  await clearFirestore();
  [buyer, other] = await Promise.all([webClient(), webClient()]);
  db = await liteDb(buyer);
  await order('HW-AAAA000001', buyer.uid, 'pending', 20, 'PO-500');
  await order('HW-AAAA000002', buyer.uid, 'shipped', 15, 'PO-400');
  await order('HW-AAAA000003', buyer.uid, 'shipped', 10);
  await order('HW-AAAA000004', buyer.uid, 'delivered', 5, 'PO-400');
  await order('HW-BBBB000001', other.uid, 'shipped', 12, 'PO-400');
});
afterAll(async () => Promise.all([buyer.close(), other.close()]));

const ids = async (filters: Partial<OrderHistoryFilters>) => (await readOrderHistory(db, { field: 'userId', value: buyer.uid }, { ...NO_ORDER_FILTERS, ...filters }, null, 10)).rows.map((row) => row.id);

describe("a buyer's order history", () => {
  it('lists its own orders, newest first', async () => {
    expect(await ids({})).toEqual(['HW-AAAA000001', 'HW-AAAA000002', 'HW-AAAA000003', 'HW-AAAA000004']);
  });

  it('filters by status and by a date range (both days included)', async () => {
    expect(await ids({ status: 'shipped' })).toEqual(['HW-AAAA000002', 'HW-AAAA000003']);
    expect(await ids({ from: '2026-11-10', to: '2026-11-15' })).toEqual(['HW-AAAA000002', 'HW-AAAA000003']);
    expect(await ids({ status: 'shipped', from: '2026-11-11' })).toEqual(['HW-AAAA000002']);
  });

  it('finds an order by its number, with or without the prefix, and by PO number', async () => {
    expect(await ids({ search: 'HW-AAAA000003' })).toEqual(['HW-AAAA000003']);
    expect(await ids({ search: 'aaaa000003' })).toEqual(['HW-AAAA000003']);
    expect(await ids({ search: 'PO-400' })).toEqual(['HW-AAAA000002', 'HW-AAAA000004']);
    expect(await ids({ search: 'PO-400', status: 'delivered' })).toEqual(['HW-AAAA000004']);
  });

  it("never finds another buyer's order", async () => {
    expect(await ids({ search: 'HW-BBBB000001' })).toEqual([]);
    expect(await ids({ search: 'PO-999' })).toEqual([]);
  });
});
