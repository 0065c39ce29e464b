/**
 * Where the search index is kept in Firestore, and the one in-memory copy each instance of the
 * search functions (searchPage, searchSuggestions, searchIndexFile, sitemap, renderPage) searches.
 *
 * The index is a base plus a change log. The base is a version of compact parts,
 * `searchIndexParts/{version}_{n}` (encoded records, each part under Firestore's 1 MiB), named by
 * `searchIndex/state` (`version`, `parts`, `products`, `coveredUntil`: when the rebuild that wrote
 * it read the products). The change log holds one document per product changed since,
 * `searchIndexChanges/{productId}` (`row`: its encoded record, or null when it is gone or inactive;
 * `changedAt`: the product write's time; `indexedAt`: when the change was logged).
 *
 * An instance loads the base and the changes logged after it once (a cold start: the parts and one
 * query), then, at most once a second, reads the changes logged since its last read (one query,
 * one read when there are none, plus the state document) and applies them in place.
 */
import { Timestamp, type DocumentReference, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { createProductSearch, decodeSearchRecord, decodeSearchRecords, SEARCH_INDEX_FORMAT, type LiveProductSearch } from '@harbor/domain';
import { db } from './admin';

export const searchIndexState = db.doc('searchIndex/state');
export const searchIndexChanges = db.collection('searchIndexChanges');
export const searchIndexPart = (version: number, part: number): DocumentReference => db.doc(`searchIndexParts/${version}_${part}`);

/** The search functions hold the whole index in memory: 100,000 products take some 300 MB. */
export const SEARCH_FUNCTION_MEMORY = '1GiB';

/** Changes are read again at most this often per instance. */
const REFRESH_MS = 1_000;

/**
 * Each read of the log starts this long before the previous read's time: a change committed just
 * before that time may become visible just after it (the emulator's read times are its clock's).
 * What is read twice is skipped, not applied again.
 */
const LOG_OVERLAP_MS = 2_000;

/** The base a state document names: version 0 (no parts) before the first rebuild. */
export interface SearchIndexBase {
  version: number;
  parts: number;
  coveredUntil: Timestamp;
}

export function baseOf(state: Record<string, unknown> | undefined): SearchIndexBase | null {
  if (!state) return { version: 0, parts: 0, coveredUntil: Timestamp.fromMillis(0) };
  const { version, parts, coveredUntil } = state;
  if (state.format !== SEARCH_INDEX_FORMAT || typeof version !== 'number' || typeof parts !== 'number' || !(coveredUntil instanceof Timestamp)) return null;
  return { version, parts, coveredUntil };
}

/** The encoded records of a base; null when its parts were deleted meanwhile (two newer rebuilds in between). */
export async function readBaseRecords(base: SearchIndexBase) {
  if (base.parts === 0) return [];
  const parts = await db.getAll(...Array.from({ length: base.parts }, (_, part) => searchIndexPart(base.version, part)));
  const texts = parts.map((part) => part.get('text') as unknown);
  return texts.every((text) => typeof text === 'string') ? decodeSearchRecords(texts.join('')) : null;
}

/** A change of the log as stored. */
export interface SearchIndexChange {
  id: string;
  row: string | null;
  changedAt: Timestamp;
}

export const changeOf = (snapshot: QueryDocumentSnapshot): SearchIndexChange => ({
  id: snapshot.id,
  row: (snapshot.get('row') as string | null | undefined) ?? null,
  changedAt: snapshot.get('changedAt') as Timestamp,
});

const isAfter = (a: Timestamp, b: Timestamp) => a.valueOf() > b.valueOf();

/**
 * Applies the changes the base does not already hold (a change logged late may be older than the
 * base), and not applied already (`applied`: the time of the change applied per product). How many
 * it applied.
 */
export function applyChanges(search: LiveProductSearch, base: SearchIndexBase, changes: SearchIndexChange[], applied = new Map<string, string>()): number {
  let count = 0;
  for (const change of changes) {
    if (!isAfter(change.changedAt, base.coveredUntil) || applied.get(change.id) === change.changedAt.valueOf()) continue;
    applied.set(change.id, change.changedAt.valueOf());
    const record = change.row === null ? null : decodeSearchRecord(change.row);
    if (record) search.put(record);
    else search.remove(change.id);
    count++;
  }
  return count;
}

/** The changes logged after `since`, and the time of the read (the next read's start: a commit up to it is in this answer). */
async function changesLoggedAfter(since: Timestamp): Promise<{ changes: SearchIndexChange[]; readTime: Timestamp }> {
  const snapshot = await searchIndexChanges.where('indexedAt', '>', since).orderBy('indexedAt').get();
  return { changes: snapshot.docs.map(changeOf), readTime: snapshot.readTime };
}

export interface LoadedSearchIndex {
  /** The base it started from (a new one is loaded whole). */
  base: SearchIndexBase;
  search: LiveProductSearch;
  /** Until when the change log has been read. */
  readUntil: Timestamp;
  /** The time of the change applied per product. */
  applied: Map<string, string>;
  refreshedAt: number;
  /** Changes applied to the base so far: with the base, names what the index holds. */
  changesApplied: number;
}

/** A name for what the index holds now, which changes whenever a search could answer otherwise. */
export const revisionOf = (index: LoadedSearchIndex): string => `${index.base.version}-${index.base.coveredUntil.toMillis()}-${index.changesApplied}`;

/** The base and the changes after it, searchable; null when the state names an index of another format or parts are gone. */
export async function loadSearchIndexFrom(state: Record<string, unknown> | undefined): Promise<LoadedSearchIndex | null> {
  const base = baseOf(state);
  if (!base) return null;
  const [records, logged] = await Promise.all([readBaseRecords(base), changesLoggedAfter(base.coveredUntil)]);
  if (!records) return null;
  const search = createProductSearch(records);
  const applied = new Map<string, string>();
  const changesApplied = applyChanges(search, base, logged.changes, applied);
  return { base, search, readUntil: logged.readTime, applied, refreshedAt: Date.now(), changesApplied };
}

let loaded: LoadedSearchIndex | null = null;
let refreshing: Promise<LoadedSearchIndex | null> | null = null;

async function refresh(): Promise<LoadedSearchIndex | null> {
  const current = loaded;
  const state = (await searchIndexState.get()).data();
  const base = baseOf(state);
  if (!current || !base || base.version !== current.base.version || !base.coveredUntil.isEqual(current.base.coveredUntil)) {
    loaded = await loadSearchIndexFrom(state);
    return loaded;
  }
  const logged = await changesLoggedAfter(Timestamp.fromMillis(current.readUntil.toMillis() - LOG_OVERLAP_MS));
  current.changesApplied += applyChanges(current.search, current.base, logged.changes, current.applied);
  current.readUntil = logged.readTime;
  current.refreshedAt = Date.now();
  return current;
}

/**
 * The index this instance searches, its changes read at most a second ago; null when there is no
 * usable index (the shop then falls back to its token search).
 */
export function searchIndexNow(): Promise<LoadedSearchIndex | null> {
  if (loaded && Date.now() - loaded.refreshedAt < REFRESH_MS) return Promise.resolve(loaded);
  refreshing ??= refresh().finally(() => (refreshing = null));
  return refreshing;
}

/** Forgets the loaded index, as a new instance would start (tests of a cold start). */
export function forgetLoadedSearchIndex(): void {
  loaded = null;
}
