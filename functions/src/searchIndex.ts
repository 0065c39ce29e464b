/**
 * Keeps the shop's search index (domain/src/searchIndex.ts; how it is stored and read:
 * searchIndexStore.ts) in step with the catalog, with work that grows with the change, not the catalog.
 *
 * - A product write logs its new record in `searchIndexChanges/{productId}` (`updateSearchIndex`):
 *   one read (that document, in a transaction, so an event delivered late or twice never replaces
 *   a newer change) and one write; none when the write changes nothing the index holds.
 * - `rebuildSearchIndex` reads the active products (only the fields a record needs, in pages) into a
 *   new base version, counts the records the base and the log had wrong (`repaired`), and folds
 *   the log into it. `npm run reindex-search` runs it, and `checkSearchIndex` every night.
 * - `compactSearchIndex` folds a long change log into a new base from the base and the log alone,
 *   without reading the products (hourly, when the log holds more than COMPACT_AFTER_CHANGES).
 */
import { FieldPath, FieldValue, Timestamp, type DocumentSnapshot, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { logger } from 'firebase-functions/logger';
import { createProductSearch, encodeSearchRecord, encodeSearchRecords, productFromData, SEARCH_INDEX_FORMAT, searchRecordOf, splitIndexText, type SearchRecord } from '@harbor/domain';
import { db } from './admin';
import { applyChanges, baseOf, changeOf, readBaseRecords, searchIndexChanges, searchIndexPart, searchIndexState, type SearchIndexBase } from './searchIndexStore';

/** A change log longer than this is folded into a new base (each cold start reads the whole log). */
export const COMPACT_AFTER_CHANGES = 2_000;

/** Products read per page by a rebuild. */
const REBUILD_PAGE_SIZE = 5_000;

/** The product fields a record is made of (productFromData fills the others with defaults). */
const RECORD_FIELDS = ['active', 'name', 'sku', 'brand', 'category', 'unit', 'price', 'tiers', 'stock', 'backordered', 'minOrderQty', 'packSize', 'imageUrl', 'createdAt', 'updatedAt'];

const millisOf = (value: unknown): number => (value instanceof Timestamp ? value.toMillis() : 0);

/** What the index holds of a product document: null for none, or an inactive one. */
function recordOf(snapshot: DocumentSnapshot | undefined): SearchRecord | null {
  if (!snapshot?.exists) return null;
  return searchRecordOf(productFromData(snapshot.id, snapshot.data() ?? {}), millisOf(snapshot.get('createdAt')), millisOf(snapshot.get('updatedAt')));
}

const rowOf = (record: SearchRecord | null): string | null => (record ? encodeSearchRecord(record) : null);

/**
 * Logs a product's record as of `changedAt`; the number of documents read, or null when a newer
 * change is logged already (this event came late, or again).
 */
export async function logSearchIndexChange(productId: string, row: string | null, changedAt: Timestamp): Promise<number | null> {
  const ref = searchIndexChanges.doc(productId);
  let reads = 0;
  return db.runTransaction(async (transaction) => {
    const logged = await transaction.get(ref);
    reads += 1;
    const loggedAt = logged.get('changedAt') as Timestamp | undefined;
    if (loggedAt && loggedAt.valueOf() >= changedAt.valueOf()) return null;
    transaction.set(ref, { row, changedAt, indexedAt: FieldValue.serverTimestamp(), updateReads: reads });
    return reads;
  });
}

/** Any product write that changes what the index holds of it logs its new record. */
export const updateSearchIndex = onDocumentWritten({ document: 'products/{productId}', retry: false }, async (event) => {
  const before = event.data?.before;
  const after = event.data?.after;
  const row = rowOf(recordOf(after));
  // Most writes (an order that leaves a product in stock) change nothing the index holds.
  if (rowOf(recordOf(before)) === row) return;
  // The write's own time, to the nanosecond. A deletion has none: its event's time (which the
  // emulator rounds down), and at least just after the write it deleted.
  const changedAt = after?.exists && after.updateTime
    ? after.updateTime
    : Timestamp.fromMillis(Math.max(Date.parse(event.time), (before?.updateTime?.toMillis() ?? 0) + 1));
  await logSearchIndexChange(event.params.productId, row, changedAt);
});

/** Writes `records` as the base version after the state's, named by the state once written; its version. */
async function writeBase(records: SearchRecord[], coveredUntil: Timestamp, extra: Record<string, unknown>): Promise<number> {
  const stateBefore = (await searchIndexState.get()).data();
  const previous = { version: (stateBefore?.version as number | undefined) ?? 0, parts: (stateBefore?.parts as number | undefined) ?? 0 };
  const older = { version: (stateBefore?.previousVersion as number | undefined) ?? 0, parts: (stateBefore?.previousParts as number | undefined) ?? 0 };
  const version = previous.version + 1;
  const parts = splitIndexText(encodeSearchRecords(records));
  // One write per part: a batch of them all could pass a request's 10 MiB.
  await Promise.all(parts.map((text, part) => searchIndexPart(version, part).set({ version, part, text })));
  await db.runTransaction(async (transaction) => {
    const state = await transaction.get(searchIndexState);
    if (((state.get('version') as number | undefined) ?? 0) !== previous.version) throw new Error('Another rebuild of the search index wrote a version meanwhile; run it again.');
    transaction.set(searchIndexState, {
      format: SEARCH_INDEX_FORMAT,
      version,
      parts: parts.length,
      products: records.length,
      coveredUntil,
      previousVersion: previous.version,
      previousParts: previous.parts,
      builtAt: FieldValue.serverTimestamp(),
      ...extra,
    });
  });
  // The version before the previous one: no reader still loads it.
  const writer = db.bulkWriter();
  for (let part = 0; older.version > 0 && part < older.parts; part += 1) void writer.delete(searchIndexPart(older.version, part));
  await writer.close();
  return version;
}

/** Deletes the logged changes the new base holds, each only if it has not changed since it was read. */
async function foldChanges(logged: QueryDocumentSnapshot[], coveredUntil: Timestamp): Promise<number> {
  const writer = db.bulkWriter();
  writer.onWriteError(() => false);
  let folded = 0;
  for (const snapshot of logged) {
    if (changeOf(snapshot).changedAt.valueOf() > coveredUntil.valueOf()) continue;
    folded += 1;
    void writer.delete(snapshot.ref, { lastUpdateTime: snapshot.updateTime }).catch(() => (folded -= 1));
  }
  await writer.close();
  return folded;
}

/** The records of the current base with the logged changes applied, and the log as read. */
async function currentRecords(): Promise<{ base: SearchIndexBase | null; baseRecords: SearchRecord[]; records: Map<string, SearchRecord>; logged: QueryDocumentSnapshot[] }> {
  const [state, log] = await Promise.all([searchIndexState.get(), searchIndexChanges.get()]);
  const base = baseOf(state.data());
  const baseRecords = base ? ((await readBaseRecords(base)) ?? []) : [];
  const search = createProductSearch(baseRecords);
  if (base) applyChanges(search, base, log.docs.map(changeOf));
  return { base, baseRecords, records: new Map(search.records.map((record) => [record.id, record])), logged: log.docs };
}

export interface RebuildReport {
  products: number;
  /** Records the base and its change log had wrong (missing, left over or different). */
  repaired: number;
  /** Changes folded into the new base. */
  folded: number;
  ms: number;
}

/** The active products, read a page at a time with only the fields a record needs; and the first page's read time. */
async function activeProductRecords(): Promise<{ records: SearchRecord[]; readTime: Timestamp }> {
  const records: SearchRecord[] = [];
  let readTime: Timestamp | null = null;
  let after: string | null = null;
  for (;;) {
    const query = db.collection('products').where('active', '==', true).orderBy(FieldPath.documentId()).select(...RECORD_FIELDS).limit(REBUILD_PAGE_SIZE);
    const page = await (after === null ? query : query.startAfter(after)).get();
    readTime ??= page.readTime;
    for (const doc of page.docs) {
      const record = recordOf(doc);
      if (record) records.push(record);
    }
    if (page.size < REBUILD_PAGE_SIZE) return { records, readTime };
    after = page.docs.at(-1)!.id;
  }
}

/**
 * Rebuilds the index from the active products: a new base version, covering every write up to
 * when the products were first read, with the change log folded into it.
 */
export async function rebuildSearchIndex(): Promise<RebuildReport> {
  const started = Date.now();
  const { records, readTime } = await activeProductRecords();
  const current = await currentRecords();
  // A change logged after the products were read may be missing from them: not drift.
  const changedSince = new Set(current.logged.map(changeOf).filter((change) => change.changedAt.valueOf() > readTime.valueOf()).map((change) => change.id));
  const rebuilt = new Map(records.map((record) => [record.id, record]));
  let repaired = 0;
  for (const id of new Set([...rebuilt.keys(), ...current.records.keys()])) {
    if (changedSince.has(id)) continue;
    const was = current.records.get(id);
    const now = rebuilt.get(id);
    if (rowOf(was ?? null) !== rowOf(now ?? null)) repaired += 1;
  }
  const ms = Date.now() - started;
  await writeBase(records, readTime, { lastRebuild: { at: FieldValue.serverTimestamp(), products: records.length, ms, repaired } });
  const folded = await foldChanges(current.logged, readTime);
  if (repaired > 0) logger.warn(`The search index had ${repaired} products wrong; the rebuild repaired them.`);
  return { products: records.length, repaired, folded, ms: Date.now() - started };
}

/**
 * Folds the change log into a new base when it has grown past `threshold`, from the base and the
 * log alone; the number of changes folded. Changes of the last minutes stay in the log: one whose
 * trigger ran late could otherwise be logged under an earlier time than the new base's.
 */
export async function compactSearchIndex(threshold = COMPACT_AFTER_CHANGES, settleMs = 5 * 60_000): Promise<number> {
  const count = (await searchIndexChanges.count().get()).data().count;
  if (count <= threshold) return 0;
  const { base, baseRecords, logged } = await currentRecords();
  const settledAt = Timestamp.fromMillis(Date.now() - settleMs);
  const coveredUntil = base && base.coveredUntil.valueOf() > settledAt.valueOf() ? base.coveredUntil : settledAt;
  const settled = logged.filter((snapshot) => changeOf(snapshot).changedAt.valueOf() <= coveredUntil.valueOf());
  // The base holds the settled changes only: the others are applied on top of it.
  const search = createProductSearch(baseRecords);
  if (base) applyChanges(search, base, settled.map(changeOf));
  await writeBase(search.records, coveredUntil, {});
  return foldChanges(settled, coveredUntil);
}

/** Every night (New York time, like the shop's other jobs): the consistency check that repairs any drift. */
export const checkSearchIndex = onSchedule({ schedule: 'every day 03:30', timeZone: 'America/New_York', timeoutSeconds: 540, memory: '1GiB' }, async () => {
  const report = await rebuildSearchIndex();
  logger.info(`The search index was rebuilt: ${report.products} products, ${report.repaired} repaired, ${report.folded} changes folded, ${report.ms} ms.`);
});

/** Every hour: a change log grown past COMPACT_AFTER_CHANGES is folded into a new base. */
export const compactSearchIndexHourly = onSchedule({ schedule: 'every 60 minutes', timeoutSeconds: 540, memory: '1GiB' }, async () => {
  const folded = await compactSearchIndex();
  if (folded > 0) logger.info(`The search index folded ${folded} changes into a new base.`);
});
