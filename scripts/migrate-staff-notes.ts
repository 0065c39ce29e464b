/**
 * Moves the staff's internal note of every company off `companies/{id}` (which the company's
 * members read) into `companies/{id}/staff/notes` (admins, finance and the company's sales rep
 * only), and deletes the field from the company:
 *   npm run migrate:staff-notes
 * Uses Application Default Credentials and the project in GCLOUD_PROJECT or .firebaserc, like
 * make-admin; against the emulators, set FIRESTORE_EMULATOR_HOST too. Each company moves in one
 * transaction. A staff note already in the new document was saved by the new code after the deploy
 * and is newer: it is kept, and the old field only deleted. Running it again changes nothing.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { initializeApp } from 'firebase-admin/app';
import { FieldValue, getFirestore, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { staffNotesPath, storedText } from '../domain/src/index';
import { documentPages } from './documentPages';
import { ROOT } from './emulators';

const PAGE_SIZE = 300;

const projectId = process.env.GCLOUD_PROJECT ?? (JSON.parse(readFileSync(join(ROOT, '.firebaserc'), 'utf8')) as { projects: { default: string } }).projects.default;
const db = getFirestore(initializeApp({ projectId }));

/** What moving one company's note did: moved it, deleted a blank one, kept the newer one in place, or nothing (already moved). */
async function moveNote(company: QueryDocumentSnapshot): Promise<'moved' | 'blank' | 'kept' | 'none'> {
  const notesRef = db.doc(staffNotesPath(company.id));
  return db.runTransaction(async (transaction) => {
    const [current, notes] = await transaction.getAll(company.ref, notesRef);
    if (!current!.exists || current!.get('note') === undefined) return 'none';
    const note = storedText(current!.get('note'));
    transaction.update(company.ref, { note: FieldValue.delete() });
    if (notes!.exists) return 'kept';
    if (!note.trim()) return 'blank';
    transaction.create(notesRef, { note, updatedAt: FieldValue.serverTimestamp() });
    return 'moved';
  });
}

const counts = { companies: 0, moved: 0, blank: 0, kept: 0 };
try {
  for await (const page of documentPages(db.collection('companies'), PAGE_SIZE)) {
    for (const company of page) {
      if (company.get('note') === undefined) continue;
      const outcome = await moveNote(company);
      if (outcome !== 'none') counts[outcome] += 1;
    }
    counts.companies += page.length;
  }
  console.log(
    `Moved ${counts.moved} staff notes of ${counts.companies} companies of ${projectId} to companies/{id}/staff/notes; ` +
      `deleted ${counts.blank} blank notes, and ${counts.kept} older notes where a newer one had been saved there.`,
  );
} catch (error) {
  console.error(
    `Moving the staff notes of ${projectId} stopped after ${counts.companies} companies (${counts.moved} moved): ${error instanceof Error ? error.message : String(error)}. ` +
      'Run the command again: it goes on where it stopped.',
  );
  process.exit(1);
}
