/**
 * The staff's internal note on a company is the staff's: updateCompany keeps it in
 * `companies/{id}/staff/notes`, never on the company its members read; the rules let admins,
 * finance and the company's current sales rep read it (a rep it is taken from reads it no more);
 * `npm run migrate:staff-notes` moves the notes stored on companies before, once.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { doc, getDoc } from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { staffNotesPath } from '@harbor/domain';
import { adminDb, approvedCompanyFields, callError, clearFirestore, webClient, type TestClient } from './harness';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const run = promisify(execFile);

const COMPANY = 'noted-co';
const PEOPLE = ['admin', 'finance', 'warehouse', 'repA', 'repB', 'owner', 'buyer'] as const;
const clients = {} as Record<(typeof PEOPLE)[number], TestClient>;

beforeAll(async () => {
  for (const name of PEOPLE) clients[name] = await webClient(`notes-${name.toLowerCase()}-${Date.now()}@harbor.test`);
}, 60_000);
afterAll(async () => Promise.all(Object.values(clients).map((client) => client.close())));

beforeEach(async () => {
  await clearFirestore();
  const roles = { admin: 'admin', finance: 'finance', warehouse: 'warehouse', repA: 'sales', repB: 'sales' } as const;
  await Promise.all(Object.entries(clients).map(([name, client]) => adminDb.doc(`users/${client.uid}`).set({ name: `Test ${name}`, email: '', ...(name in roles ? { role: roles[name as keyof typeof roles] } : { companyId: COMPANY }) })));
  await adminDb.doc(`companies/${COMPANY}`).set({ ...approvedCompanyFields, name: 'Noted Co', members: { [clients.owner.uid]: 'owner', [clients.buyer.uid]: 'buyer' }, salesRepUid: clients.repA.uid });
});

/** Whether `client` may read the company's staff notes (the rules). */
async function readsNotes(client: TestClient): Promise<boolean> {
  return getDoc(doc(client.db, staffNotesPath(COMPANY))).then(
    () => true,
    () => false,
  );
}

const auditEntries = async () => (await adminDb.collection('auditLog').where('target', '==', `companies/${COMPANY}`).get()).docs.map((entry) => entry.data());

describe('the internal note', () => {
  it('is kept apart from the company its members read, readable by admins, finance and the current sales rep only', async () => {
    await clients.repA.call('updateCompany', { companyId: COMPANY, note: 'Slow payer, ask for a deposit' });
    expect((await adminDb.doc(staffNotesPath(COMPANY)).get()).get('note')).toBe('Slow payer, ask for a deposit');
    const company = await getDoc(doc(clients.buyer.db, `companies/${COMPANY}`));
    expect(company.exists()).toBe(true);
    expect(company.get('note')).toBeUndefined();
    expect(JSON.stringify(company.data())).not.toContain('deposit');
    expect(await auditEntries()).toEqual([
      expect.objectContaining({ action: 'company.update', summary: 'Noted Co: changed internal note', changes: [{ field: 'note', from: '', to: 'Slow payer, ask for a deposit' }] }),
    ]);
    // The note is not in the history the company's staff page lists with terms and prices.
    expect((await adminDb.collection(`companies/${COMPANY}/history`).get()).size).toBe(0);

    const readers = { admin: true, finance: true, repA: true, repB: false, warehouse: false, owner: false, buyer: false };
    for (const [name, allowed] of Object.entries(readers)) expect([name, await readsNotes(clients[name as keyof typeof clients])]).toEqual([name, allowed]);
  });

  it('follows the company to its new sales rep: the rep it was taken from no longer reads or writes it', async () => {
    await clients.repA.call('updateCompany', { companyId: COMPANY, note: 'Call before delivering' });
    await clients.admin.call('updateCompany', { companyId: COMPANY, salesRepUid: clients.repB.uid });
    expect(await readsNotes(clients.repB)).toBe(true);
    expect(await readsNotes(clients.repA)).toBe(false);
    expect(await callError(clients.repA.call('updateCompany', { companyId: COMPANY, note: 'Mine still' }))).toEqual({ code: 'not-found', message: `There is no company ${COMPANY}.` });
    await clients.repB.call('updateCompany', { companyId: COMPANY, note: 'Met them on Tuesday' });
    expect((await adminDb.doc(staffNotesPath(COMPANY)).get()).get('note')).toBe('Met them on Tuesday');
  });

  it('a save of the same note writes nothing, and a member cannot change it', async () => {
    await clients.finance.call('updateCompany', { companyId: COMPANY, note: 'Deposit on orders over $5,000' });
    const saved = (await adminDb.doc(staffNotesPath(COMPANY)).get()).updateTime!;
    await clients.finance.call('updateCompany', { companyId: COMPANY, note: 'Deposit on orders over $5,000' });
    expect((await adminDb.doc(staffNotesPath(COMPANY)).get()).updateTime!.isEqual(saved)).toBe(true);
    expect(await auditEntries()).toHaveLength(1);
    expect((await callError(clients.owner.call('updateCompany', { companyId: COMPANY, note: 'Great payer' }))).code).toBe('permission-denied');
    expect((await adminDb.doc(staffNotesPath(COMPANY)).get()).get('note')).toBe('Deposit on orders over $5,000');
  });
});

/** `npm run migrate:staff-notes` against the emulators (the variables of the test run point it there). */
function migrate() {
  return run('npm', ['run', '--silent', 'migrate:staff-notes'], { cwd: ROOT, env: process.env });
}

describe('npm run migrate:staff-notes', () => {
  it('moves the notes stored on companies, keeps one saved since, deletes blank ones, and changes nothing when run again', async () => {
    await adminDb.doc(`companies/${COMPANY}`).update({ note: 'Slow payer, ask for a deposit' });
    await adminDb.doc('companies/blank-co').set({ ...approvedCompanyFields, members: {}, note: '' });
    // Saved through updateCompany after the deploy, before the migration ran: the newer note stays.
    await adminDb.doc('companies/resaved-co').set({ ...approvedCompanyFields, members: {}, note: 'Old words' });
    await adminDb.doc(staffNotesPath('resaved-co')).set({ note: 'New words' });
    await adminDb.doc('companies/plain-co').set({ ...approvedCompanyFields, members: {} });
    const untouched = (await adminDb.doc('companies/plain-co').get()).updateTime!;

    const { stdout } = await migrate();
    expect(stdout).toContain('Moved 1 staff notes of 4 companies');
    expect(stdout).toContain('deleted 1 blank notes, and 1 older notes');
    for (const id of [COMPANY, 'blank-co', 'resaved-co', 'plain-co']) expect((await adminDb.doc(`companies/${id}`).get()).get('note')).toBeUndefined();
    expect((await adminDb.doc(staffNotesPath(COMPANY)).get()).get('note')).toBe('Slow payer, ask for a deposit');
    expect((await adminDb.doc(staffNotesPath('resaved-co')).get()).get('note')).toBe('New words');
    expect((await adminDb.doc(staffNotesPath('blank-co')).get()).exists).toBe(false);
    expect((await adminDb.doc('companies/plain-co').get()).updateTime!.isEqual(untouched)).toBe(true);
    // The company's other fields stay as they were.
    expect((await adminDb.doc(`companies/${COMPANY}`).get()).get('salesRepUid')).toBe(clients.repA.uid);
    // The buyer now reads a company without the note, and the rep reads the note where the back office looks.
    expect((await getDoc(doc(clients.buyer.db, `companies/${COMPANY}`))).get('note')).toBeUndefined();
    expect((await getDoc(doc(clients.repA.db, staffNotesPath(COMPANY)))).get('note')).toBe('Slow payer, ask for a deposit');

    const again = await migrate();
    expect(again.stdout).toContain('Moved 0 staff notes of 4 companies');
    expect((await adminDb.doc(staffNotesPath(COMPANY)).get()).get('note')).toBe('Slow payer, ask for a deposit');
  });
});
