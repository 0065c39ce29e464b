/**
 * Reads the embedded search index that functions/src/searchIndex.ts keeps: the state document
 * names the current version and its parts. Anyone may read it, so it is read over the REST API
 * (../firestoreRest), like the catalog: filters and suggestions do not download the Firestore SDK.
 * Depends only on that reader and the domain, so the emulator tests read it exactly as the shop does.
 */
import { decodeSearchRecords, SEARCH_INDEX_FORMAT, type SearchRecord } from '@harbor/domain';
import { getDocument, type RestDatabase, type RestTimestamp } from '../firestoreRest';

export interface LoadedSearchIndex {
  version: number;
  records: SearchRecord[];
  /** False while a rebuild for later product writes runs: the records may miss their changes. */
  current: boolean;
}

/**
 * Stale: writes were asked to be indexed and no build is running to do it (a build failed and its
 * claim ran out). A build in progress is not stale: the index it replaces is at most seconds old.
 */
function isStale(state: Record<string, unknown>, now: number): boolean {
  const latestWriteAt = state.latestWriteAt as RestTimestamp | undefined;
  const coveredUntil = state.coveredUntil as RestTimestamp | undefined;
  if (!latestWriteAt || (coveredUntil && compareTimes(coveredUntil, latestWriteAt) >= 0)) return false;
  const leaseUntil = state.leaseUntil as RestTimestamp | null | undefined;
  return !(state.building === true && leaseUntil && leaseUntil.seconds * 1000 + leaseUntil.nanoseconds / 1e6 > now);
}

/** Orders two stored times to the nanosecond. */
function compareTimes(a: RestTimestamp, b: RestTimestamp): number {
  return a.seconds - b.seconds || a.nanoseconds - b.nanoseconds;
}

/** The current index, or null when there is none, it is of another format, or it is stale. */
export async function fetchSearchIndex(db: RestDatabase, now = Date.now()): Promise<LoadedSearchIndex | null> {
  const state = (await getDocument(db, 'searchIndex', 'state'))?.data;
  if (!state || state.format !== SEARCH_INDEX_FORMAT || isStale(state, now)) return null;
  const { version, parts } = state as { version: unknown; parts: unknown };
  if (typeof version !== 'number' || typeof parts !== 'number' || version < 1 || parts < 1) return null;
  const texts = (await Promise.all(Array.from({ length: parts }, (_, part) => getDocument(db, 'searchIndexParts', `${version}_${part}`)))).map((part) => part?.data.text);
  if (texts.some((text) => typeof text !== 'string')) return null;
  const latestWriteAt = state.latestWriteAt as RestTimestamp | undefined;
  const coveredUntil = state.coveredUntil as RestTimestamp | undefined;
  const current = !latestWriteAt || (coveredUntil !== undefined && compareTimes(coveredUntil, latestWriteAt) >= 0);
  return { version, records: decodeSearchRecords(texts.join('')), current };
}
