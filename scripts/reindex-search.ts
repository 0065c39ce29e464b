/**
 * Rebuilds the shop's search index from the active products (functions/src/searchIndex.ts,
 * rebuildSearchIndex: a new base, the change log folded into it, drift repaired):
 *   npm run reindex-search
 * With `--tokens`, first recomputes every product's search tokens with the shop's current search
 * rules (domain/src/search.ts), for a deployment whose products were saved under earlier rules:
 * only products whose tokens differ are written, each on condition that it has not changed since
 * it was read, so running it while the shop is open is safe and running it twice changes nothing.
 * Uses Application Default Credentials and the project in GCLOUD_PROJECT or .firebaserc, like
 * make-admin; against the emulators, set FIRESTORE_EMULATOR_HOST too.
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
// The functions' code below uses this app.
const db = getFirestore(initializeApp({ projectId }));

function tokensOf(snapshot: QueryDocumentSnapshot): string[] {
  return productSearchTokens(productFromData(snapshot.id, snapshot.data()));
}

async function rewriteTokens(): Promise<void> {
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
    console.log(`Re-tokenized ${rewritten} of ${read} products of ${projectId}.`);
  } catch (error) {
    console.error(
      `Re-tokenizing ${projectId} stopped after ${read} products (${rewritten} rewritten): ${error instanceof Error ? error.message : String(error)}. ` +
        'A product saved meanwhile makes its batch fail; run the command again.',
    );
    process.exit(1);
  }
}

if (process.argv.includes('--tokens')) await rewriteTokens();
const { rebuildSearchIndex } = await import('../functions/src/searchIndex');
try {
  const report = await rebuildSearchIndex();
  console.log(`Rebuilt the search index of ${projectId}: ${report.products} active products, ${report.repaired} repaired, ${report.folded} changes folded, in ${(report.ms / 1000).toFixed(1)} s.`);
} catch (error) {
  console.error(`The search index of ${projectId} was not rebuilt: ${error instanceof Error ? error.message : String(error)}. Run the command again.`);
  process.exit(1);
}
