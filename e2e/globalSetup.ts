import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ROOT } from '../scripts/emulators';
import { seed } from '../scripts/seed';

/** Every end-to-end run starts from a freshly seeded catalog and the demo accounts. */
export default async function setup(): Promise<void> {
  const host = process.env.FIRESTORE_EMULATOR_HOST;
  const project = process.env.GCLOUD_PROJECT ?? 'demo-harbor';
  const cleared = await fetch(`http://${host}/emulator/v1/projects/${project}/databases/(default)/documents`, { method: 'DELETE' });
  if (!cleared.ok) throw new Error(`Clearing Firestore failed: ${cleared.status}`);
  await seed();
  // The instant search journeys need the index of the seeded catalog at once: one rebuild gives it
  // (the products trigger's changes, logged meanwhile, add nothing to it). It runs as the operator
  // runs it, `npm run reindex-search`: the functions' code it calls imports the domain as a package,
  // which Playwright's loader does not compile.
  await promisify(execFile)(`${ROOT}/node_modules/.bin/tsx`, ['scripts/reindex-search.ts'], { cwd: ROOT });
}
