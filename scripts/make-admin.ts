/**
 * Makes an existing account an administrator of a real deployment:
 *   npm run make-admin -- someone@example.com
 * Uses Application Default Credentials (gcloud auth application-default login) and the project
 * in GCLOUD_PROJECT or .firebaserc. Against the emulators, set FIRESTORE_EMULATOR_HOST too.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { FieldValue, getFirestore } from 'firebase-admin/firestore';
import { ROOT } from './emulators';

const email = process.argv[2]?.trim();
if (!email || !email.includes('@')) {
  console.error('Usage: npm run make-admin -- <email>');
  process.exit(2);
}

const projectId = process.env.GCLOUD_PROJECT ?? (JSON.parse(readFileSync(join(ROOT, '.firebaserc'), 'utf8')) as { projects: { default: string } }).projects.default;
const app = initializeApp({ projectId });

try {
  const user = await getAuth(app).getUserByEmail(email);
  await getFirestore(app).doc(`users/${user.uid}`).set({ role: 'admin', updatedAt: FieldValue.serverTimestamp() }, { merge: true });
  console.log(`${email} (${user.uid}) is now an administrator of ${projectId}.`);
} catch (error) {
  console.error(`Could not make ${email} an administrator of ${projectId}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
