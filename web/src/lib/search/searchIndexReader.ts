/**
 * Reads the embedded search index that functions/src/searchIndex.ts keeps: the state document
 * names the current version and its parts. Depends only on the Firestore lite SDK and the domain,
 * so the emulator tests read it exactly as the shop does.
 */
import { doc, getDoc, type Firestore, type Timestamp } from 'firebase/firestore/lite';
import { decodeSearchRecords, SEARCH_INDEX_FORMAT, type SearchRecord } from '@harbor/domain';

export interface LoadedSearchIndex {
  version: number;
  records: SearchRecord[];
}

/**
 * Stale: writes were asked to be indexed and no build is running to do it (a build failed and its
 * claim ran out). A build in progress is not stale: the index it replaces is at most seconds old.
 */
function isStale(state: Record<string, unknown>, now: number): boolean {
  const latestWriteAt = state.latestWriteAt as Timestamp | undefined;
  const coveredUntil = state.coveredUntil as Timestamp | undefined;
  if (!latestWriteAt || (coveredUntil && coveredUntil.valueOf() >= latestWriteAt.valueOf())) return false;
  const leaseUntil = state.leaseUntil as Timestamp | null | undefined;
  return !(state.building === true && leaseUntil && leaseUntil.toMillis() > now);
}

/** The current index, or null when there is none, it is of another format, or it is stale. */
export async function fetchSearchIndex(db: Firestore, now = Date.now()): Promise<LoadedSearchIndex | null> {
  const state = (await getDoc(doc(db, 'searchIndex/state'))).data();
  if (!state || state.format !== SEARCH_INDEX_FORMAT || isStale(state, now)) return null;
  const { version, parts } = state as { version: unknown; parts: unknown };
  if (typeof version !== 'number' || typeof parts !== 'number' || version < 1 || parts < 1) return null;
  const texts = await Promise.all(Array.from({ length: parts }, (_, part) => getDoc(doc(db, `searchIndexParts/${version}_${part}`))));
  if (texts.some((part) => typeof part.get('text') !== 'string')) return null;
  return { version, records: decodeSearchRecords(texts.map((part) => part.get('text') as string).join('')) };
}
