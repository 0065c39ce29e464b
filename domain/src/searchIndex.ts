/**
 * The shop's embedded search index: a compact list of the active products (what a suggestion, a
 * facet or a sort needs, nothing more), built by a function whenever products change and loaded by
 * the browser on the first focus of the search box. The browser builds a MiniSearch index of it,
 * which answers as the buyer types and forgives typos ("chocolte", "papr towl"); an exact SKU ranks
 * first. Inactive products are never in it.
 */
import MiniSearch, { type SearchResult } from 'minisearch';
import { inStockNow } from './ordering';
import { lowestUnitPrice, smallestValidQuantity } from './pricing';
import type { Product } from './product';

/** What the index keeps of a product. */
export interface SearchRecord {
  id: string;
  name: string;
  sku: string;
  brand: string;
  category: string;
  unit: string;
  /** List price, cents. */
  price: number;
  /** Lowest tier price, cents (the price itself without tiers). */
  fromPrice: number;
  /**
   * Whether its stock (less the units owed to backorders) covers the smallest quantity. The index
   * holds this, not the stock count, so an order that leaves a product in stock does not rebuild the index.
   */
  inStock: boolean;
  /** The smallest quantity that may be ordered. */
  minQuantity: number;
  imageUrl: string;
  /** When it was created, milliseconds (0 when unknown): the "newest" sort. */
  createdAt: number;
}

/** Bumped whenever the stored shape changes; a stored index of another format is treated as missing. */
export const SEARCH_INDEX_FORMAT = 1;

/**
 * Firestore holds a document of at most 1 MiB; the index is stored in parts of at most this many
 * characters (see functions/src/searchIndex.ts).
 */
export const SEARCH_INDEX_PART_CHARS = 700_000;

/** The index's record of a product, or null for an inactive one (never searchable). */
export function searchRecordOf(product: Product, createdAt = 0): SearchRecord | null {
  if (!product.active) return null;
  return {
    id: product.id,
    name: product.name,
    sku: product.sku,
    brand: product.brand,
    category: product.category,
    unit: product.unit,
    price: product.price,
    fromPrice: lowestUnitPrice(product),
    inStock: inStockNow(product),
    minQuantity: smallestValidQuantity(product),
    imageUrl: product.imageUrl,
    createdAt,
  };
}

type StoredRecord = [string, string, string, string, string, string, number, number, number, number, string, number];

/** The records as stored: one JSON array of arrays (about half the size of objects with keys). */
export function encodeSearchRecords(records: SearchRecord[]): string {
  const rows: StoredRecord[] = records.map((record) => [
    record.id,
    record.name,
    record.sku,
    record.brand,
    record.category,
    record.unit,
    record.price,
    record.fromPrice,
    record.inStock ? 1 : 0,
    record.minQuantity,
    record.imageUrl,
    record.createdAt,
  ]);
  return JSON.stringify(rows);
}

/** A stored time as both the Admin SDK's Timestamp and the REST reader give it. */
export interface StoredTime {
  seconds: number;
  nanoseconds: number;
}

/** What the state document `searchIndex/state` says of the index it names. */
export interface SearchIndexStatus {
  /** The version and part count to read; null when there is no usable index (none, another format, stale). */
  index: { version: number; parts: number } | null;
  /** False while a rebuild for later product writes runs: the index may miss their changes. */
  current: boolean;
}

const compareTimes = (a: StoredTime, b: StoredTime) => a.seconds - b.seconds || a.nanoseconds - b.nanoseconds;

/**
 * Whether the index can be used at `now` (milliseconds). Stale: writes were asked to be indexed
 * and no build is running to do it (a build failed and its claim ran out). A build in progress is
 * not stale: the index it replaces is at most seconds old.
 */
export function searchIndexStatus(state: Record<string, unknown> | undefined, now: number): SearchIndexStatus {
  if (!state || state.format !== SEARCH_INDEX_FORMAT) return { index: null, current: false };
  const latestWriteAt = state.latestWriteAt as StoredTime | undefined;
  const coveredUntil = state.coveredUntil as StoredTime | undefined;
  const current = !latestWriteAt || (coveredUntil !== undefined && compareTimes(coveredUntil, latestWriteAt) >= 0);
  const leaseUntil = state.leaseUntil as StoredTime | null | undefined;
  const building = state.building === true && Boolean(leaseUntil) && leaseUntil!.seconds * 1000 + leaseUntil!.nanoseconds / 1e6 > now;
  const { version, parts } = state;
  if ((!current && !building) || typeof version !== 'number' || typeof parts !== 'number' || version < 1 || parts < 1) return { index: null, current: false };
  return { index: { version, parts }, current };
}

/** The stored text back as records; rows of an unexpected shape are left out. */
export function decodeSearchRecords(text: string): SearchRecord[] {
  const rows: unknown = JSON.parse(text);
  if (!Array.isArray(rows)) return [];
  return rows.flatMap((row: unknown) => {
    if (!Array.isArray(row) || row.length !== 12) return [];
    const [id, name, sku, brand, category, unit, price, fromPrice, inStock, minQuantity, imageUrl, createdAt] = row as unknown[];
    const texts = [id, name, sku, brand, category, unit, imageUrl];
    const numbers = [price, fromPrice, inStock, minQuantity, createdAt];
    if (!texts.every((value) => typeof value === 'string') || !numbers.every((value) => typeof value === 'number')) return [];
    return [{ id, name, sku, brand, category, unit, price, fromPrice, inStock: inStock === 1, minQuantity, imageUrl, createdAt } as SearchRecord];
  });
}

/** The stored text cut into parts that each fit a Firestore document. */
export function splitIndexText(text: string, partChars = SEARCH_INDEX_PART_CHARS): string[] {
  const parts: string[] = [];
  for (let start = 0; start < text.length; start += partChars) parts.push(text.slice(start, start + partChars));
  return parts.length > 0 ? parts : [''];
}

/** Lower case, no accents, a plural "s" dropped ("Towels" and "towel" are one term). */
export function searchTerm(word: string): string | null {
  const plain = word.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  if (!plain) return null;
  return plain.length > 3 && plain.endsWith('s') && !plain.endsWith('ss') ? plain.slice(0, -1) : plain;
}

/** A SKU written any way ("bev-1001", "BEV1001") as the shop compares them. */
function skuKey(text: string): string {
  return text.replace(/[^\p{L}\p{N}]/gu, '').toUpperCase();
}

/** Letters, an optional separator, digits: how a SKU or its start is typed. */
const SKU_QUERY = /^\p{L}{2,}[-\s]?\p{N}+$/u;

/** Typos forgiven per word: none below four letters, one up to seven, two from eight. */
function typoAllowance(term: string): number {
  if (term.length < 4) return 0;
  return term.length < 8 ? 1 : 2;
}

export interface ProductSearch {
  /** Every record, in stored order. */
  records: SearchRecord[];
  /** The records matching a query, best first; an exact SKU first of all. Empty for a query of no word. */
  search(query: string): SearchRecord[];
}

type IndexedRecord = SearchRecord & { code: string };

function emptyMiniSearch(): MiniSearch<IndexedRecord> {
  return new MiniSearch<IndexedRecord>({
    fields: ['name', 'sku', 'code', 'brand', 'category'],
    storeFields: [],
    tokenize: (text) => text.split(/[^\p{L}\p{N}]+/u),
    processTerm: (term) => searchTerm(term),
    searchOptions: {
      boost: { sku: 4, code: 4, name: 2 },
      prefix: true,
      fuzzy: (term) => typoAllowance(term),
      combineWith: 'AND',
    },
  });
}

const indexedRecords = (records: SearchRecord[]): IndexedRecord[] => records.map((record) => ({ ...record, code: skuKey(record.sku) }));

function searchOver(index: MiniSearch<IndexedRecord>, records: SearchRecord[]): ProductSearch {
  const byId = new Map(records.map((record) => [record.id, record]));
  return {
    records,
    search(query) {
      const trimmed = query.trim();
      if (!/[\p{L}\p{N}]/u.test(trimmed)) return [];
      const key = skuKey(trimmed);
      // A query shaped like a SKU or its start ("BEV-10", "pap1003") asks for those codes: the
      // products whose SKU begins with it, in SKU order (the exact one first), not fuzzy matches.
      if (SKU_QUERY.test(trimmed)) {
        const bySku = records.filter((record) => skuKey(record.sku).startsWith(key));
        if (bySku.length > 0) return bySku.sort((a, b) => (skuKey(a.sku) < skuKey(b.sku) ? -1 : 1));
      }
      const hits: SearchResult[] = index.search(trimmed);
      const found = hits.flatMap((hit) => byId.get(hit.id as string) ?? []);
      const exact = found.findIndex((record) => skuKey(record.sku) === key);
      if (exact > 0) found.unshift(...found.splice(exact, 1));
      return found;
    },
  };
}

/** A search over the index's records, built in one task (the server's, and the browser's when a page must search at once). */
export function createProductSearch(records: SearchRecord[]): ProductSearch {
  const index = emptyMiniSearch();
  index.addAll(indexedRecords(records));
  return searchOver(index, records);
}

/** Records indexed per task by `buildProductSearch`: a few milliseconds of work each. */
export const SEARCH_BUILD_SLICE = 100;

/**
 * The same search, built `SEARCH_BUILD_SLICE` records per task, so a page being typed into stays
 * responsive while it is built.
 */
export async function buildProductSearch(records: SearchRecord[]): Promise<ProductSearch> {
  const index = emptyMiniSearch();
  await index.addAllAsync(indexedRecords(records), { chunkSize: SEARCH_BUILD_SLICE });
  return searchOver(index, records);
}
