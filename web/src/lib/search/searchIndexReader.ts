/**
 * Reads the search index as the file `/search-index.json` on the shop's own origin
 * (functions/src/searchIndexFile.ts behind a Hosting rewrite; Vite's dev server proxies it): one
 * cacheable request, no Firestore SDK, no Firestore reads in the browser. Above
 * SEARCH_INDEX_BROWSER_LIMIT products the file holds no records, only that the browser is to ask
 * the search functions (`browser: false`). Depends only on the domain, so the emulator tests read
 * it exactly as the shop does.
 */
import { decodeSearchRecords, SEARCH_INDEX_FORMAT, type SearchRecord } from '@harbor/domain';
import { SEARCH_INDEX_PATH } from '../../config/paths';

export interface LoadedSearchIndex {
  /** How many products the index holds. */
  products: number;
  /** False when the catalog is too large for the browser: `records` is empty, the search functions answer. */
  browser: boolean;
  records: SearchRecord[];
}

/** The index, or null when there is none or it is of another format. */
export async function fetchSearchIndex(url: string = SEARCH_INDEX_PATH): Promise<LoadedSearchIndex | null> {
  const response = await fetch(url);
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`The search index answered ${response.status}.`);
  const file = (await response.json()) as { format?: unknown; products?: unknown; browser?: unknown; text?: unknown };
  if (file.format !== SEARCH_INDEX_FORMAT || typeof file.products !== 'number' || typeof file.text !== 'string') return null;
  const browser = file.browser === true;
  return { products: file.products, browser, records: browser ? decodeSearchRecords(file.text) : [] };
}

let loading: Promise<LoadedSearchIndex | null> | null = null;

/** The index file, asked once per page load; null when it cannot be had (the shop then searches Firestore). */
export function loadSearchIndexFile(): Promise<LoadedSearchIndex | null> {
  loading ??= fetchSearchIndex().catch((error: unknown) => {
    console.warn('The search index could not be loaded; searching by words instead.', error);
    return null;
  });
  return loading;
}
