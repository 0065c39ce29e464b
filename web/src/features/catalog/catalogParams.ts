/**
 * The catalog's state lives in the URL (search, category, sort, page cursor), so reload,
 * back/forward and shared links show the same page. This module reads and writes those
 * parameters; it is pure, so the emulator tests run the same queries the shop runs.
 */
import { PRODUCT_CATEGORIES, searchPlan, type SearchPlan } from '@harbor/domain';

export const CATALOG_PAGE_SIZE = 24;

export const SORT_OPTIONS = {
  name: { label: 'Name: A to Z', field: 'name', direction: 'asc' },
  'price-asc': { label: 'Price: low to high', field: 'price', direction: 'asc' },
  'price-desc': { label: 'Price: high to low', field: 'price', direction: 'desc' },
  newest: { label: 'Newest first', field: 'createdAt', direction: 'desc' },
} as const;
export type SortKey = keyof typeof SORT_OPTIONS;
export const SORT_KEYS = Object.keys(SORT_OPTIONS) as SortKey[];
const DEFAULT_SORT: SortKey = 'name';

export interface PageCursor {
  /** `after`: the page following the product the token names; `before`: the page preceding it. */
  direction: 'after' | 'before';
  token: string;
}

export interface CatalogParams {
  /** The trimmed search text; empty for none. */
  search: string;
  category: string | null;
  sort: SortKey;
  /** Null on the first page. */
  cursor: PageCursor | null;
  /** 1-based page number, shown to the buyer; the cursor decides what is read. */
  page: number;
}

function isSortKey(value: string | null): value is SortKey {
  return value !== null && value in SORT_OPTIONS;
}

/** The catalog parameters in a URL; anything unknown or malformed (an edited cursor too) falls back to the default. */
export function readCatalogParams(searchParams: URLSearchParams): CatalogParams {
  const category = searchParams.get('category');
  const sortParam = searchParams.get('sort');
  const sort = isSortKey(sortParam) ? sortParam : DEFAULT_SORT;
  const after = searchParams.get('after');
  const before = searchParams.get('before');
  const given: PageCursor | null = after ? { direction: 'after', token: after } : before ? { direction: 'before', token: before } : null;
  const cursor = given && decodeCursor(given.token, sort) ? given : null;
  const page = Number(searchParams.get('page'));
  return {
    search: (searchParams.get('search') ?? '').trim(),
    category: category !== null && (PRODUCT_CATEGORIES as readonly string[]).includes(category) ? category : null,
    sort,
    cursor,
    page: cursor && Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The URL of a catalog view; default values are left out so links stay short. */
export function catalogHref({ search = '', category = null, sort = DEFAULT_SORT, cursor = null, page = 1 }: Partial<CatalogParams>): string {
  const searchParams = new URLSearchParams();
  if (search) searchParams.set('search', search);
  if (category) searchParams.set('category', category);
  if (sort !== DEFAULT_SORT) searchParams.set('sort', sort);
  if (cursor) {
    searchParams.set(cursor.direction, cursor.token);
    searchParams.set('page', String(page));
  }
  const query = searchParams.toString();
  return query ? `/?${query}` : '/';
}

/** A sort value as it travels in a cursor: Firestore timestamps as whole seconds and nanoseconds. */
export type CursorValue = string | number | { seconds: number; nanoseconds: number };

/** Where a page starts or ends: the sort value and id of a product (the id breaks ties). */
export interface CursorPosition {
  value: CursorValue;
  id: string;
}

function toBase64Url(text: string): string {
  const binary = Array.from(new TextEncoder().encode(text), (byte) => String.fromCharCode(byte)).join('');
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(token: string): string | null {
  try {
    const binary = atob(token.replace(/-/g, '+').replace(/_/g, '/'));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
  } catch {
    return null;
  }
}

/** An opaque URL-safe token for a cursor position. */
export function encodeCursor(position: CursorPosition): string {
  return toBase64Url(JSON.stringify([position.value, position.id]));
}

function validValue(value: unknown, sort: SortKey): value is CursorValue {
  switch (SORT_OPTIONS[sort].field) {
    case 'name':
      return typeof value === 'string';
    case 'price':
      return typeof value === 'number' && Number.isFinite(value);
    case 'createdAt': {
      const { seconds, nanoseconds } = (value ?? {}) as Record<string, unknown>;
      return Number.isInteger(seconds) && Number.isInteger(nanoseconds) && (nanoseconds as number) >= 0 && (nanoseconds as number) < 1e9;
    }
  }
}

/** The position a token names, or null when it is not a valid cursor for this sort (e.g. edited by hand). */
export function decodeCursor(token: string, sort: SortKey): CursorPosition | null {
  const json = fromBase64Url(token);
  if (json === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) return null;
  const [value, id] = parsed as [unknown, unknown];
  if (typeof id !== 'string' || id === '' || id.includes('/') || !validValue(value, sort)) return null;
  return { value, id };
}

export interface CatalogQueryDescription {
  /** Equality filters, then at most one `array-contains` on `searchTokens`. */
  filters: { field: string; op: '==' | 'array-contains'; value: string | boolean }[];
  /** The sort; the document id follows in the same direction to break ties. */
  order: { field: string; direction: 'asc' | 'desc' };
  /** The search, when there is one; its other words are checked on the page read. */
  plan: SearchPlan | null;
}

/**
 * What a catalog view asks Firestore, as plain data (the index test checks every shape against
 * firestore.indexes.json); null when a search holds no word, so nothing needs reading.
 */
export function describeCatalogQuery(params: Pick<CatalogParams, 'search' | 'category' | 'sort'>): CatalogQueryDescription | null {
  const plan = params.search ? searchPlan(params.search) : null;
  if (params.search && !plan) return null;
  const filters: CatalogQueryDescription['filters'] = [{ field: 'active', op: '==', value: true }];
  if (params.category) filters.push({ field: 'category', op: '==', value: params.category });
  if (plan) filters.push({ field: 'searchTokens', op: 'array-contains', value: plan.token });
  const { field, direction } = SORT_OPTIONS[params.sort];
  return { filters, order: { field, direction }, plan };
}
