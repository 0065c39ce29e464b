/**
 * Keeps the shop's embedded search index (domain/src/searchIndex.ts) in step with the catalog.
 *
 * Every product write asks for a rebuild; a burst of writes (an import, a price update of a whole
 * category) gives one. The state document `searchIndex/state` keeps the time of the latest write
 * asked for (`latestWriteAt`) and the time the current index read the products (`coveredUntil`).
 * A write the index already holds asks for nothing (so a retried or late event is harmless); the
 * first other write that finds no build running claims it in a transaction (a lease, so a crashed
 * build does not block the next), waits a short while for the rest of the burst, then reads the
 * active products once and writes the index as a new version. If a later write came in while it
 * built, it builds again; otherwise it releases the claim. Readers find the current version and its part
 * count in the state document, and the parts in `searchIndexParts/{version}_{n}` (a Firestore
 * document holds at most 1 MiB). The previous version is kept for readers still loading it.
 */
import { FieldValue, Timestamp, type DocumentReference, type DocumentSnapshot } from 'firebase-admin/firestore';
import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { encodeSearchRecords, productFromData, SEARCH_INDEX_FORMAT, searchRecordOf, splitIndexText, type SearchRecord } from '@harbor/domain';
import { db } from './admin';

/** How long a build waits for the rest of a burst of writes. */
export const SEARCH_INDEX_DEBOUNCE_MS = 1_500;
/** A claim older than this is taken to be a crashed build. */
const LEASE_MS = 5 * 60_000;

const stateRef = db.doc('searchIndex/state');
const partRef = (version: number, part: number): DocumentReference => db.doc(`searchIndexParts/${version}_${part}`);

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** The later of two times (Timestamp.valueOf is a string that sorts as time does, to the nanosecond). */
const later = (a: Timestamp | undefined, b: Timestamp): Timestamp => (a && a.valueOf() >= b.valueOf() ? a : b);

/**
 * Notes a product write made at `writtenAt`. Nothing to do when the index already holds it (a
 * build read the products after it) or a running build will see it when it ends; true when this
 * call claimed the build.
 */
async function requestBuild(writtenAt: Timestamp): Promise<boolean> {
  return db.runTransaction(async (transaction) => {
    const state = await transaction.get(stateRef);
    const coveredUntil = state.get('coveredUntil') as Timestamp | undefined;
    if (coveredUntil && coveredUntil.valueOf() >= writtenAt.valueOf()) return false;
    const leaseUntil = state.get('leaseUntil') as Timestamp | null | undefined;
    const running = state.get('building') === true && leaseUntil instanceof Timestamp && leaseUntil.toMillis() > Date.now();
    const latestWriteAt = later(state.get('latestWriteAt') as Timestamp | undefined, writtenAt);
    transaction.set(
      stateRef,
      { latestWriteAt, ...(running ? {} : { building: true, leaseUntil: Timestamp.fromMillis(Date.now() + LEASE_MS) }) },
      { merge: true },
    );
    return !running;
  });
}

/** What the index holds of a product document: null for none, or an inactive one. */
function recordOf(snapshot: DocumentSnapshot | undefined): SearchRecord | null {
  if (!snapshot?.exists) return null;
  const createdAt = snapshot.get('createdAt') as unknown;
  return searchRecordOf(productFromData(snapshot.id, snapshot.data() ?? {}), createdAt instanceof Timestamp ? createdAt.toMillis() : 0);
}

/** Writes the index of today's active products as a new version; returns its parts and the time the products were read. */
async function writeIndex(version: number): Promise<{ parts: number; products: number; readTime: Timestamp }> {
  const snapshot = await db.collection('products').where('active', '==', true).get();
  const records = snapshot.docs.flatMap((doc) => recordOf(doc) ?? []);
  const parts = splitIndexText(encodeSearchRecords(records));
  const batch = db.batch();
  parts.forEach((text, part) => batch.set(partRef(version, part), { version, part, text }));
  await batch.commit();
  return { parts: parts.length, products: records.length, readTime: snapshot.readTime };
}

async function deleteVersion(version: number, parts: number): Promise<void> {
  if (version <= 0) return;
  const batch = db.batch();
  for (let part = 0; part < parts; part += 1) batch.delete(partRef(version, part));
  await batch.commit();
}

/** Builds until no request came in during a build, then releases the claim. */
export async function buildSearchIndex(debounceMs = SEARCH_INDEX_DEBOUNCE_MS): Promise<void> {
  for (;;) {
    await sleep(debounceMs);
    const before = await stateRef.get();
    const previous = { version: (before.get('version') as number | undefined) ?? 0, parts: (before.get('parts') as number | undefined) ?? 0 };
    const older = { version: (before.get('previousVersion') as number | undefined) ?? 0, parts: (before.get('previousParts') as number | undefined) ?? 0 };
    const version = previous.version + 1;
    const { parts, products, readTime } = await writeIndex(version);
    const settled = await db.runTransaction(async (transaction) => {
      const state = await transaction.get(stateRef);
      const latestWriteAt = state.get('latestWriteAt') as Timestamp | undefined;
      const covered = !latestWriteAt || latestWriteAt.valueOf() <= readTime.valueOf();
      transaction.set(
        stateRef,
        {
          format: SEARCH_INDEX_FORMAT,
          version,
          parts,
          products,
          previousVersion: previous.version,
          previousParts: previous.parts,
          builtAt: FieldValue.serverTimestamp(),
          coveredUntil: readTime,
          builds: FieldValue.increment(1),
          ...(covered ? { building: false, leaseUntil: null } : { leaseUntil: Timestamp.fromMillis(Date.now() + LEASE_MS) }),
        },
        { merge: true },
      );
      return covered;
    });
    await deleteVersion(older.version, older.parts);
    if (settled) return;
  }
}

/** Whether a later write of the product has replaced (or undone) this one: that write has an event of its own. */
async function superseded(productId: string, after: DocumentSnapshot | undefined): Promise<boolean> {
  const current = await db.doc(`products/${productId}`).get();
  if (after?.exists) return !current.exists || !current.updateTime || !after.updateTime || !current.updateTime.isEqual(after.updateTime);
  return current.exists;
}

/** Any create, update or delete of a product asks for a rebuild of the search index. */
export const scheduleSearchIndex = onDocumentWritten({ document: 'products/{productId}', timeoutSeconds: 540, retry: false }, async (event) => {
  const before = event.data?.before;
  const after = event.data?.after;
  // A write that changes nothing the index holds (most orders: stock that stays in stock) asks for nothing.
  if (JSON.stringify(recordOf(before)) === JSON.stringify(recordOf(after))) return;
  // The write's own time, to the nanosecond. A deletion has none: its event's time, rounded up to the
  // second (the emulator rounds it down), so a burst of deletions (an import undone, a cleared
  // catalog) asks for one build per second of deletions rather than one each.
  const writtenAt = after?.exists && after.updateTime ? after.updateTime : Timestamp.fromMillis(Math.ceil((Date.parse(event.time) + 1) / 1000) * 1000);
  // Most writes of a burst find the index already holding them: a plain read answers that, no transaction.
  const state = await stateRef.get();
  // Without an index (a new or cleared database) a deletion has nothing to remove. This also keeps
  // a cleared database's deletion events cheap where their time is that of delivery (the emulator).
  if (!after?.exists && !state.exists) return;
  const coveredUntil = state.get('coveredUntil') as Timestamp | undefined;
  if (coveredUntil && coveredUntil.valueOf() >= writtenAt.valueOf()) return;
  if (await superseded(event.params.productId, after)) return;
  if (await requestBuild(writtenAt)) await buildSearchIndex();
});
