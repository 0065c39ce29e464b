/**
 * Reads the embedded search index as the file `/search-index.json` on the shop's own origin
 * (functions/src/searchIndexFile.ts behind a Hosting rewrite; Vite's dev server proxies it): one
 * cacheable request, no Firestore SDK, no Firestore reads in the browser. Depends only on the
 * domain, so the emulator tests read it exactly as the shop does.
 */
import { decodeSearchRecords, SEARCH_INDEX_FORMAT, type SearchRecord } from '@harbor/domain';
import { SEARCH_INDEX_PATH } from '../../config/paths';

export interface LoadedSearchIndex {
  version: number;
  records: SearchRecord[];
  /** False while a rebuild for later product writes runs: the records may miss their changes. */
  current: boolean;
}

/** The current index, or null when there is none, it is of another format, or it is stale. */
export async function fetchSearchIndex(url: string = SEARCH_INDEX_PATH): Promise<LoadedSearchIndex | null> {
  const response = await fetch(url);
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`The search index answered ${response.status}.`);
  const file = (await response.json()) as { format?: unknown; version?: unknown; current?: unknown; text?: unknown };
  if (file.format !== SEARCH_INDEX_FORMAT || typeof file.version !== 'number' || typeof file.text !== 'string') return null;
  return { version: file.version, records: decodeSearchRecords(file.text), current: file.current === true };
}
