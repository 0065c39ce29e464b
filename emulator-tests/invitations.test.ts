/**
 * Invitations end: they expire INVITATION_DAYS after they were sent, a new one to the same address
 * replaces the open one, the owner withdraws one, removing a member closes those to its address,
 * and a code that has ended is refused with what happened to it, changing nothing. A company sends
 * at most INVITATIONS_PER_DAY a day.
 */
import { collection, getDocs, query, where } from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { INVITATION_DAYS, INVITATIONS_PER_DAY, invitationDay } from '@harbor/domain';
import { adminDb, callError, clearFirestore, giveCompany, webClient, type TestClient } from './harness';

const DAY = 24 * 60 * 60 * 1000;
const COMPANY_NAME = 'Seaside Café';

let owner: TestClient;
let colleague: TestClient;
let companyId: string;
const clients: TestClient[] = [];

const addresses = new Map<TestClient, string>();

/** A signed-in client with an address of its own, closed after the file. */
async function client(name: string): Promise<TestClient> {
  const email = `${name}-${Date.now()}-${clients.length}@harbor.test`;
  const created = await webClient(email);
  clients.push(created);
  addresses.set(created, email);
  return created;
}
const addressOf = (each: TestClient) => addresses.get(each) ?? '';

beforeAll(async () => {
  [owner, colleague] = await Promise.all([client('olive'), client('cole')]);
});
afterAll(async () => Promise.all(clients.map((each) => each.close())));

beforeEach(async () => {
  await clearFirestore();
  companyId = await giveCompany(owner.uid, { name: COMPANY_NAME, memberDetails: { [owner.uid]: { name: 'Olive Owner', email: '' } } });
  await adminDb.doc(`users/${colleague.uid}`).set({ name: 'Cole League' });
});

const setClock = (at: number) => adminDb.doc('testing/clock').set({ offsetMs: at - Date.now() });
const invitation = async (code: string) => (await adminDb.doc(`invitations/${code}`).get()).data()!;
const invite = async (email: string, by = owner) => (await by.call<{ code: string }>('createInvitation', { email })).code;

/** What accepting could change: the invitations, the companies (with their counts) and the users. */
async function acceptableState(): Promise<Record<string, unknown>> {
  const state: Record<string, unknown> = {};
  for (const name of ['invitations', 'companies', 'users']) {
    for (const each of (await adminDb.collection(name).get()).docs) state[each.ref.path] = each.data();
  }
  for (const each of (await adminDb.collectionGroup('counters').get()).docs) state[each.ref.path] = each.data();
  return state;
}

/** The refusal `accepter` gets for `code`, having checked that it changed nothing. */
async function refusedAcceptance(code: string, accepter = colleague) {
  const before = await acceptableState();
  const refusal = await callError(accepter.call('acceptInvitation', { code }));
  expect(await acceptableState()).toEqual(before);
  return refusal;
}

describe('an invitation', () => {
  it(`expires ${INVITATION_DAYS} days after it was sent: refused with the day it expired, changing nothing`, async () => {
    const code = await invite(addressOf(colleague));
    const sent = await invitation(code);
    const expiresAt = sent.expiresAt.toMillis() as number;
    expect(expiresAt - sent.createdAt.toMillis()).toBe(INVITATION_DAYS * DAY);
    expect(sent).toMatchObject({ companyId, companyName: COMPANY_NAME, email: addressOf(colleague), status: 'open' });

    await setClock(expiresAt + 60_000);
    expect(await refusedAcceptance(code)).toEqual({
      code: 'failed-precondition',
      message: `This invitation expired on ${invitationDay(expiresAt)}. Ask the owner of ${COMPANY_NAME} for a new one.`,
    });

    // A minute before it expires, it still works.
    await setClock(expiresAt - 60_000);
    expect(await colleague.call('acceptInvitation', { code })).toEqual({ companyId });
    expect((await adminDb.doc(`companies/${companyId}`).get()).get(`members.${colleague.uid}`)).toBe('buyer');
  });

  it('to the same address replaces the open one, whose code then says so', async () => {
    const other = await invite('someone-else@harbor.test');
    const first = await invite(addressOf(colleague));
    const second = await invite(addressOf(colleague).toUpperCase());
    expect(await invitation(first)).toMatchObject({ status: 'replaced', endedBy: owner.uid });
    expect(await invitation(second)).toMatchObject({ status: 'open', email: addressOf(colleague) });
    // The invitation to another address stays open.
    expect((await invitation(other)).status).toBe('open');

    expect(await refusedAcceptance(first)).toEqual({
      code: 'failed-precondition',
      message: `This invitation was replaced by a newer invitation to your address. Use the code in the latest invitation from ${COMPANY_NAME}.`,
    });
    expect(await colleague.call('acceptInvitation', { code: second })).toEqual({ companyId });
  });

  it('is listed for the owner while open and withdrawn by the owner only; a withdrawn code says so', async () => {
    const [buyer, otherOwner] = await Promise.all([client('bea'), client('otto')]);
    await adminDb.doc(`companies/${companyId}`).update({ [`members.${buyer.uid}`]: 'buyer' });
    await adminDb.doc(`users/${buyer.uid}`).set({ companyId });
    await giveCompany(otherOwner.uid);
    const code = await invite(addressOf(colleague));

    // The owner reads the company's open invitations; a buyer of the company reads none.
    const openInvitations = (reader: TestClient) => getDocs(query(collection(reader.db, 'invitations'), where('companyId', '==', companyId), where('status', '==', 'open')));
    expect((await openInvitations(owner)).docs.map((each) => each.id)).toEqual([code]);
    await expect(openInvitations(buyer)).rejects.toMatchObject({ code: 'permission-denied' });

    // Anyone but the owner is told what a code that does not exist is told, and nothing changes.
    const missing = await callError(owner.call('withdrawInvitation', { code: 'X'.repeat(24) }));
    expect(missing).toEqual({ code: 'not-found', message: 'There is no invitation with this code in your company.' });
    for (const stranger of [buyer, otherOwner, colleague]) expect(await callError(stranger.call('withdrawInvitation', { code }))).toEqual(missing);
    expect((await invitation(code)).status).toBe('open');

    expect(await owner.call('withdrawInvitation', { code })).toEqual({ code });
    expect(await invitation(code)).toMatchObject({ status: 'withdrawn', endedBy: owner.uid });
    // A retry after a lost answer is no mistake.
    expect(await owner.call('withdrawInvitation', { code })).toEqual({ code });
    expect((await openInvitations(owner)).docs).toEqual([]);

    expect(await refusedAcceptance(code)).toEqual({
      code: 'failed-precondition',
      message: `This invitation was withdrawn by the owner of ${COMPANY_NAME}. Ask the owner for a new one if you should still join.`,
    });
  });

  it('that was accepted cannot be withdrawn', async () => {
    const code = await invite(addressOf(colleague));
    await colleague.call('acceptInvitation', { code });
    expect(await callError(owner.call('withdrawInvitation', { code }))).toEqual({
      code: 'failed-precondition',
      message: 'This invitation has already been accepted, so there is nothing to withdraw.',
    });
  });

  it("to a member's address is closed when the owner removes the member, so its code does not bring it back", async () => {
    await colleague.call('acceptInvitation', { code: await invite(addressOf(colleague)) });
    // A second invitation to the member, never used, and one to someone else.
    const unused = await invite(addressOf(colleague));
    const other = await invite('someone-else@harbor.test');

    await owner.call('removeBuyer', { uid: colleague.uid });
    expect(await invitation(unused)).toMatchObject({ status: 'closed', endedBy: owner.uid });
    expect((await invitation(other)).status).toBe('open');
    expect((await adminDb.doc(`companies/${companyId}`).get()).get('members')).toEqual({ [owner.uid]: 'owner' });

    expect(await refusedAcceptance(unused)).toEqual({
      code: 'failed-precondition',
      message: `This invitation was closed when you were removed from ${COMPANY_NAME}. Ask the owner of ${COMPANY_NAME} for a new one if you should join again.`,
    });
  });
});

describe('removing a member', () => {
  it('decides on the company as it is when it writes: a member just made an owner is never removed as a buyer', async () => {
    for (let round = 0; round < 6; round++) {
      await adminDb.doc(`companies/${companyId}`).update({ [`members.${colleague.uid}`]: 'buyer' });
      await adminDb.doc(`users/${colleague.uid}`).set({ companyId }, { merge: true });
      const [promoted, removed] = await Promise.allSettled([
        owner.call('updateMember', { companyId, uid: colleague.uid, role: 'owner' }),
        owner.call('removeBuyer', { uid: colleague.uid }),
      ]);
      // One of them goes first, and the other sees what it did.
      expect([promoted.status, removed.status].sort()).toEqual(['fulfilled', 'rejected']);
      const role = (await adminDb.doc(`companies/${companyId}`).get()).get(`members.${colleague.uid}`);
      expect(role).toBe(promoted.status === 'fulfilled' ? 'owner' : undefined);
      await adminDb.doc(`companies/${companyId}`).update({ members: { [owner.uid]: 'owner' } });
    }
  });
});

describe('the daily limit of invitations', () => {
  it(`refuses the ${INVITATIONS_PER_DAY + 1}st invitation of 24 hours, saying when the company may send again, and writes nothing`, { timeout: 120_000 }, async () => {
    for (let sent = 0; sent < INVITATIONS_PER_DAY; sent++) await invite(`colleague-${sent}@harbor.test`);
    const before = await acceptableState();
    const refusal = await callError(owner.call('createInvitation', { email: 'one-too-many@harbor.test' }));
    expect(refusal.code).toBe('resource-exhausted');
    expect(refusal.message).toMatch(/^Your company has sent 20 invitations in the last 24 hours, the most we allow\. You can send the next one after \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M UTC\.$/);
    expect(await acceptableState()).toEqual(before);
    expect((await adminDb.collection('mail').where('to', 'array-contains', 'one-too-many@harbor.test').get()).size).toBe(0);

    // A day later there is room again.
    await setClock(Date.now() + DAY + 60_000);
    expect(await invite('one-too-many@harbor.test')).toMatch(/^[A-Za-z0-9]{24}$/);
  });
});
