/** Arranging data for a journey through the Admin SDK: new buyers, documents the shop cannot write. */
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { freshEmail } from './accounts';
import { giveApprovedCompany } from './companies';

const app = getApps().find((each) => each.name === 'e2e-admin') ?? initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-harbor' }, 'e2e-admin');
export const adminDb = getFirestore(app);

/** A new buyer with a shipping address on its profile, owner of an approved company, created through the Admin SDK. */
export async function newBuyer(name: string): Promise<{ uid: string; email: string; password: string; name: string }> {
  const email = freshEmail(name.toLowerCase().replace(/\W+/g, '-'));
  const password = 'harbor-test-1';
  const user = await getAuth(app).createUser({ email, password, displayName: name });
  await adminDb.doc(`users/${user.uid}`).set({
    name,
    email,
    company: `${name} Trading`,
    phone: '',
    shippingAddress: { line1: '7 Quay St', line2: '', city: 'Portland', region: 'ME', postalCode: '04101', country: 'United States' },
  });
  await giveApprovedCompany(adminDb, user.uid, `${name} Trading`);
  return { uid: user.uid, email, password, name };
}

/**
 * Moves the credit-note counter far from where the emulator tests start theirs after this run: each
 * note's e-mail is queued as a task named after its number, and the task queue drops a name it has
 * seen, so a journey's CN-000001 would keep a later test's CN-000001 from ever being sent.
 */
export async function creditNotesFarAhead(): Promise<void> {
  await adminDb.doc('counters/creditNotes').set({ next: 900_000 + (Date.now() % 90_000) });
}
