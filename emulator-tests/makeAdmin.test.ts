import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, adminDb, clearFirestore } from './harness';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const run = promisify(execFile);

/** `npm run make-admin -- <email>` against the emulators (the variables of the test run point it there). */
function makeAdmin(email: string) {
  return run('npm', ['run', '--silent', 'make-admin', '--', email], { cwd: ROOT, env: process.env });
}

describe('npm run make-admin', () => {
  beforeAll(async () => {
    await clearFirestore();
  });

  it('gives an existing account the admin role and keeps its profile', async () => {
    const email = `owner-${Date.now()}@harbor.test`;
    const user = await adminAuth.createUser({ email, password: 'owner-pass-1' });
    await adminDb.doc(`users/${user.uid}`).set({ name: 'Olive Owner', company: 'Harbor Group' });
    const { stdout } = await makeAdmin(email);
    expect(stdout).toContain(`${email} (${user.uid}) is now an administrator`);
    expect((await adminDb.doc(`users/${user.uid}`).get()).data()).toMatchObject({ name: 'Olive Owner', company: 'Harbor Group', role: 'admin' });
  });

  it('fails with a readable message for an unknown e-mail and for a missing one', async () => {
    await expect(makeAdmin('nobody@harbor.test')).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('Could not make nobody@harbor.test an administrator') });
    await expect(makeAdmin('')).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('Usage: npm run make-admin -- <email>') });
  });
});
