import { seed } from '../scripts/seed';

/** Every end-to-end run starts from a freshly seeded catalog and the demo accounts. */
export default async function setup(): Promise<void> {
  const host = process.env.FIRESTORE_EMULATOR_HOST;
  const project = process.env.GCLOUD_PROJECT ?? 'demo-harbor';
  const cleared = await fetch(`http://${host}/emulator/v1/projects/${project}/databases/(default)/documents`, { method: 'DELETE' });
  if (!cleared.ok) throw new Error(`Clearing Firestore failed: ${cleared.status}`);
  await seed();
  await searchIndexBuilt(host!, project);
}

/**
 * The products trigger builds the search index a moment after the seed; the instant search
 * journeys need it, so the run starts once it holds the seeded catalog.
 */
async function searchIndexBuilt(host: string, project: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const response = await fetch(`http://${host}/v1/projects/${project}/databases/(default)/documents/searchIndex/state`, {
      headers: { Authorization: 'Bearer owner' },
    });
    const fields = response.ok ? ((await response.json()) as { fields?: Record<string, { booleanValue?: boolean; timestampValue?: string }> }).fields : undefined;
    const covered = fields?.coveredUntil?.timestampValue;
    const latest = fields?.latestWriteAt?.timestampValue;
    if (fields?.building?.booleanValue === false && covered && (!latest || Date.parse(covered) >= Date.parse(latest))) return;
    if (Date.now() > deadline) throw new Error('The search index was not built within a minute of the seed.');
    await new Promise((done) => setTimeout(done, 250));
  }
}
