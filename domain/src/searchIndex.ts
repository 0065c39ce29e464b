/**
 * The shop's search index: a compact list of the active products (what a suggestion, a facet, a
 * sort or the sitemap needs, nothing more), kept by functions as a base plus a change log
 * (functions/src/searchIndex.ts) and searched in memory by the search functions and, for a catalog
 * of at most SEARCH_INDEX_BROWSER_LIMIT products, by the browser on the first focus of the search box. The browser builds a MiniSearch index of it,
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
  /** When it was last saved, milliseconds (0 when unknown): the sitemap's `<lastmod>`. */
  updatedAt: number;
}

/** Bumped whenever the stored shape changes; a stored index of another format is treated as missing. */
export const SEARCH_INDEX_FORMAT = 2;

/**
 * Above this many products the browser never downloads the index: suggestions and search pages
 * come from the search functions. Measured on synthetic records (Node, this project's 2-core
 * machine): 5,000 records are 115 KB gzip and take MiniSearch 357 ms to build, 10,000 are 228 KB
 * and 652 ms; a phone is several times slower. Past 5,000 the download and the build cost more
 * than the round trip to the function they save.
 */
export const SEARCH_INDEX_BROWSER_LIMIT = 5_000;

/**
 * Firestore holds a document of at most 1 MiB; the index is stored in parts of at most this many
 * characters (see functions/src/searchIndex.ts).
 */
export const SEARCH_INDEX_PART_CHARS = 700_000;

/** The index's record of a product, or null for an inactive one (never searchable). */
export function searchRecordOf(product: Product, createdAt = 0, updatedAt = 0): SearchRecord | null {
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
    updatedAt,
  };
}

type StoredRecord = [string, string, string, string, string, string, number, number, number, number, string, number, number];

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
    record.updatedAt,
  ]);
  return JSON.stringify(rows);
}

/** One record as stored in the change log (`searchIndexChanges/{productId}`.row): the same row as in a part. */
export const encodeSearchRecord = (record: SearchRecord): string => encodeSearchRecords([record]).slice(1, -1);

/** A change log row back as a record; null when malformed. */
export const decodeSearchRecord = (row: string): SearchRecord | null => decodeSearchRecords(`[${row}]`)[0] ?? null;

/** The stored text back as records; rows of an unexpected shape are left out. */
export function decodeSearchRecords(text: string): SearchRecord[] {
  const rows: unknown = JSON.parse(text);
  if (!Array.isArray(rows)) return [];
  return rows.flatMap((row: unknown) => {
    if (!Array.isArray(row) || row.length !== 13) return [];
    const [id, name, sku, brand, category, unit, price, fromPrice, inStock, minQuantity, imageUrl, createdAt, updatedAt] = row as unknown[];
    const texts = [id, name, sku, brand, category, unit, imageUrl];
    const numbers = [price, fromPrice, inStock, minQuantity, createdAt, updatedAt];
    if (!texts.every((value) => typeof value === 'string') || !numbers.every((value) => typeof value === 'number')) return [];
    return [{ id, name, sku, brand, category, unit, price, fromPrice, inStock: inStock === 1, minQuantity, imageUrl, createdAt, updatedAt } as SearchRecord];
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

const indexedRecord = (record: SearchRecord): IndexedRecord => ({ ...record, code: skuKey(record.sku) });
const indexedRecords = (records: SearchRecord[]): IndexedRecord[] => records.map(indexedRecord);

/** A search whose records can be replaced one at a time (the search functions' index, kept in step with the change log). */
export interface LiveProductSearch extends ProductSearch {
  /** Adds the record, or replaces the one of its id. */
  put(record: SearchRecord): void;
  /** Removes the record of this id, if any. */
  remove(id: string): void;
  /** The record of this id, if any. */
  get(id: string): SearchRecord | undefined;
}

function searchOver(index: MiniSearch<IndexedRecord>, initial: SearchRecord[]): LiveProductSearch {
  const byId = new Map(initial.map((record) => [record.id, record]));
  // Each SKU as compared, worked out once per record rather than once per record and query.
  const codes = new Map(initial.map((record) => [record.id, skuKey(record.sku)]));
  let records: SearchRecord[] | null = initial;
  const remove = (id: string) => {
    if (!byId.has(id)) return;
    index.discard(id);
    byId.delete(id);
    codes.delete(id);
    records = null;
  };
  return {
    get records() {
      return (records ??= [...byId.values()]);
    },
    get: (id) => byId.get(id),
    put(record) {
      remove(record.id);
      index.add(indexedRecord(record));
      byId.set(record.id, record);
      codes.set(record.id, skuKey(record.sku));
      records = null;
    },
    remove,
    search(query) {
      const trimmed = query.trim();
      if (!/[\p{L}\p{N}]/u.test(trimmed)) return [];
      const key = skuKey(trimmed);
      // A query shaped like a SKU or its start ("BEV-10", "pap1003") asks for those codes: the
      // products whose SKU begins with it, in SKU order (the exact one first), not fuzzy matches.
      if (SKU_QUERY.test(trimmed)) {
        const bySku: [string, SearchRecord][] = [];
        for (const [id, code] of codes) if (code.startsWith(key)) bySku.push([code, byId.get(id)!]);
        if (bySku.length > 0) return bySku.sort(([a], [b]) => (a < b ? -1 : 1)).map(([, record]) => record);
      }
      const hits: SearchResult[] = index.search(trimmed);
      const found = hits.flatMap((hit) => byId.get(hit.id as string) ?? []);
      const exact = found.findIndex((record) => codes.get(record.id) === key);
      if (exact > 0) found.unshift(...found.splice(exact, 1));
      return found;
    },
  };
}

/** A search over the index's records, built in one task (the server's, and the browser's when a page must search at once). */
export function createProductSearch(records: SearchRecord[]): LiveProductSearch {
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

/** What a suggestion of the header's search box shows. */
export type SearchSuggestion = Pick<SearchRecord, 'id' | 'name' | 'sku' | 'imageUrl' | 'unit' | 'price' | 'fromPrice'>;

/** The most suggestions one answer of the search functions gives. */
export const MAX_SUGGESTIONS = 20;

/** The suggestions of a record, as the search functions answer them. */
export const suggestionOf = ({ id, name, sku, imageUrl, unit, price, fromPrice }: SearchSuggestion): SearchSuggestion => ({ id, name, sku, imageUrl, unit, price, fromPrice });

/** The search functions' answer `{ suggestions }` as read by the browser; null when malformed. */
export function readSearchSuggestions(value: unknown): SearchSuggestion[] | null {
  const suggestions = (value as { suggestions?: unknown } | null)?.suggestions;
  if (!Array.isArray(suggestions)) return null;
  return suggestions.flatMap((entry: unknown) => {
    const { id, name, sku, imageUrl, unit, price, fromPrice } = (entry ?? {}) as Record<string, unknown>;
    if (![id, name, sku, imageUrl, unit].every((text) => typeof text === 'string') || typeof price !== 'number' || typeof fromPrice !== 'number') return [];
    return [{ id, name, sku, imageUrl, unit, price, fromPrice } as SearchSuggestion];
  });
}
