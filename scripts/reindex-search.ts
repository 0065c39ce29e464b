/**
 * Recomputes every product's search tokens with the shop's current search rules
 * (domain/src/search.ts), for a deployment whose products were saved under earlier rules:
 *   npm run reindex-search
 * Uses Application Default Credentials and the project in GCLOUD_PROJECT or .firebaserc, like
 * make-admin; against the emulators, set FIRESTORE_EMULATOR_HOST too. Only products whose tokens
 * differ are written, each on condition that it has not changed since it was read, so running it
 * while the shop is open is safe and running it twice changes nothing.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { initializeApp } from 'firebase-admin/app';
import { getFirestore, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { productFromData, productSearchTokens } from '../domain/src/index';
import { documentPages } from './documentPages';
import { ROOT } from './emulators';

const PAGE_SIZE = 300;

const projectId = process.env.GCLOUD_PROJECT ?? (JSON.parse(readFileSync(join(ROOT, '.firebaserc'), 'utf8')) as { projects: { default: string } }).projects.default;
const db = getFirestore(initializeApp({ projectId }));

function tokensOf(snapshot: QueryDocumentSnapshot): string[] {
  return productSearchTokens(productFromData(snapshot.id, snapshot.data()));
}

let read = 0;
let rewritten = 0;
try {
  for await (const page of documentPages(db.collection('products'), PAGE_SIZE)) {
    const batch = db.batch();
    let changes = 0;
    for (const snapshot of page) {
      const tokens = tokensOf(snapshot);
      const stored: unknown = snapshot.get('searchTokens');
      if (Array.isArray(stored) && stored.length === tokens.length && stored.every((token, index) => token === tokens[index])) continue;
      batch.update(snapshot.ref, { searchTokens: tokens }, { lastUpdateTime: snapshot.updateTime });
      changes += 1;
    }
    if (changes > 0) await batch.commit();
    read += page.length;
    rewritten += changes;
  }
  console.log(`Re-indexed ${rewritten} of ${read} products of ${projectId}.`);
} catch (error) {
  console.error(
    `Re-indexing ${projectId} stopped after ${read} products (${rewritten} re-indexed): ${error instanceof Error ? error.message : String(error)}. ` +
      'A product saved meanwhile makes its batch fail; run the command again.',
  );
  process.exit(1);
}
