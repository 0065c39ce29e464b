/**
 * The buyer's returns as the shop reads them, through the rules: a buyer lists its own returns
 * (userId), a company's owner or approver every return of the company (companyId), newest first
 * and page by page; a buyer cannot list its company's, and nobody reads another company's return.
 */
import { Timestamp as AdminTimestamp } from 'firebase-admin/firestore';
import type { Firestore } from 'firebase/firestore/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readReturnsPage } from '../web/src/features/returns/returnsQuery';
import { adminDb, approvedCompanyFields, clearFirestore, liteDb, webClient, type TestClient } from './harness';

let owner: TestClient, dana: TestClient, ben: TestClient, stranger: TestClient;
const lite = await import('firebase/firestore/lite');
let ownerDb: Firestore, danaDb: Firestore, strangerDb: Firestore;

/** A return of `userId`'s order in `companyId`, asked for on a day of November 2026. */
async function storedReturn(id: string, userId: string, companyId: string, day: number): Promise<void> {
  const createdAt = AdminTimestamp.fromDate(new Date(2026, 10, day, 12));
  await adminDb.doc(`returns/${id}`).set({ number: `RMA-${id}`, orderId: `HW-${id}`, userId, companyId, status: 'requested', lines: [], history: [], createdAt, updatedAt: createdAt });
}

const ids = (page: { rows: { id: string }[] }) => page.rows.map((row) => row.id);

beforeAll(async () => {
  await clearFirestore();
  [owner, dana, ben, stranger] = await Promise.all([webClient(), webClient(), webClient(), webClient()]);
  await adminDb.doc('companies/co-returns').set({ ...approvedCompanyFields, members: { [owner.uid]: 'owner', [dana.uid]: 'buyer', [ben.uid]: 'buyer' } });
  await adminDb.doc('companies/co-other').set({ ...approvedCompanyFields, members: { [stranger.uid]: 'owner' } });
  await storedReturn('000001', dana.uid, 'co-returns', 10);
  await storedReturn('000002', ben.uid, 'co-returns', 12);
  await storedReturn('000003', dana.uid, 'co-returns', 14);
  await storedReturn('000004', stranger.uid, 'co-other', 16);
  [ownerDb, danaDb, strangerDb] = await Promise.all([liteDb(owner), liteDb(dana), liteDb(stranger)]);
});
afterAll(async () => Promise.all([owner, dana, ben, stranger].map((client) => client.close())));

describe("a buyer's returns", () => {
  it('lists its own returns, newest first', async () => {
    expect(ids(await readReturnsPage(danaDb, { field: 'userId', value: dana.uid }, null, 10))).toEqual(['000003', '000001']);
  });

  it("cannot list its company's returns: the page asks for its own", async () => {
    await expect(readReturnsPage(danaDb, { field: 'companyId', value: 'co-returns' }, null, 10)).rejects.toMatchObject({ code: 'permission-denied' });
  });

  it("lists the company's returns for its owner, page by page", async () => {
    const first = await readReturnsPage(ownerDb, { field: 'companyId', value: 'co-returns' }, null, 2);
    expect(ids(first)).toEqual(['000003', '000002']);
    const second = await readReturnsPage(ownerDb, { field: 'companyId', value: 'co-returns' }, first.next, 2);
    expect(ids(second)).toEqual(['000001']);
    expect(second.next).toBeNull();
  });

  it("never shows another company's returns", async () => {
    await expect(readReturnsPage(strangerDb, { field: 'companyId', value: 'co-returns' }, null, 10)).rejects.toMatchObject({ code: 'permission-denied' });
    await expect(readReturnsPage(strangerDb, { field: 'userId', value: dana.uid }, null, 10)).rejects.toMatchObject({ code: 'permission-denied' });
    const { getDoc, doc } = lite;
    await expect(getDoc(doc(strangerDb, 'returns/000001'))).rejects.toMatchObject({ code: 'permission-denied' });
  });
});
