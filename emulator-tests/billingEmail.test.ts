/**
 * A company's accounts-payable address (`billingEmail` on `companies/{id}`, '' when unset): its
 * owner sets or clears it with updateBillingEmail; no one else, and no client directly.
 */
import { doc, updateDoc } from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminDb, callError, clearFirestore, giveCompany, webClient, type TestClient } from './harness';

let owner: TestClient;
let buyer: TestClient;
let outsider: TestClient;
let companyId: string;

beforeAll(async () => {
  [owner, buyer, outsider] = await Promise.all([webClient(), webClient(), webClient()]);
});
afterAll(async () => Promise.all([owner, buyer, outsider].map((client) => client.close())));

beforeEach(async () => {
  await clearFirestore();
  companyId = await giveCompany(owner.uid, { name: 'Payables Co' });
  await adminDb.doc(`companies/${companyId}`).update({ [`members.${buyer.uid}`]: 'buyer' });
  await giveCompany(outsider.uid);
});

const company = async () => (await adminDb.doc(`companies/${companyId}`).get()).data()!;
const history = async () => (await adminDb.collection(`companies/${companyId}/history`).get()).docs.map((entry) => entry.data());

describe('updateBillingEmail', () => {
  it('the owner sets the address, in lower case, changes it and clears it; each change is in the history', async () => {
    expect(await owner.call('updateBillingEmail', { companyId, billingEmail: ' Payables@Payables.Example ' })).toEqual({ companyId, billingEmail: 'payables@payables.example' });
    expect((await company()).billingEmail).toBe('payables@payables.example');
    await owner.call('updateBillingEmail', { companyId, billingEmail: '' });
    expect((await company()).billingEmail).toBe('');
    const changes = (await history()).map(({ field, from, to, by }) => ({ field, from, to, by }));
    expect(changes).toHaveLength(2);
    expect(changes).toEqual(
      expect.arrayContaining([
        { field: 'billingEmail', from: '', to: 'payables@payables.example', by: owner.uid },
        { field: 'billingEmail', from: 'payables@payables.example', to: '', by: owner.uid },
      ]),
    );
  });

  it('the same address again writes nothing', async () => {
    await owner.call('updateBillingEmail', { companyId, billingEmail: 'ap@payables.example' });
    const saved = (await adminDb.doc(`companies/${companyId}`).get()).updateTime!;
    await owner.call('updateBillingEmail', { companyId, billingEmail: 'AP@payables.example' });
    expect((await adminDb.doc(`companies/${companyId}`).get()).updateTime!.isEqual(saved)).toBe(true);
    expect(await history()).toHaveLength(1);
  });

  it('refuses an address that is not one, a buyer of the company, and anyone outside it as for a missing company', async () => {
    expect(await callError(owner.call('updateBillingEmail', { companyId, billingEmail: 'accounts payable' }))).toEqual({
      code: 'invalid-argument',
      message: 'billingEmail: Please enter a valid e-mail address, or leave it empty for none.',
    });
    expect(await callError(buyer.call('updateBillingEmail', { companyId, billingEmail: 'me@payables.example' }))).toEqual({
      code: 'permission-denied',
      message: "Only your company account's owner may change its billing e-mail address.",
    });
    expect(await callError(outsider.call('updateBillingEmail', { companyId, billingEmail: 'me@elsewhere.example' }))).toEqual({ code: 'not-found', message: `There is no company ${companyId}.` });
    expect(await callError(outsider.call('updateBillingEmail', { companyId: 'no-such-co', billingEmail: 'me@elsewhere.example' }))).toEqual({ code: 'not-found', message: 'There is no company no-such-co.' });
    expect((await company()).billingEmail).toBeUndefined();
    expect(await history()).toHaveLength(0);
  });

  it('no member writes the field directly, the owner included', async () => {
    await expect(updateDoc(doc(owner.db, `companies/${companyId}`), { billingEmail: 'me@payables.example' })).rejects.toThrow(/permission/i);
    expect((await company()).billingEmail).toBeUndefined();
  });
});
