/**
 * The one way the shop pages through a Firestore list. A list is ordered by a field and then by
 * document id (which breaks ties, so every document is on exactly one page); a page is read
 * forwards after a cursor or backwards before one, one document more than it shows to know
 * whether another page follows. Lists keep their cursor in the URL as a token, so reload,
 * back/forward and shared links show the same page.
 *
 * A list is read through the Firestore lite SDK (loaded when first needed) or, for what anyone may
 * read, over the REST API (./firestoreRest, a RestList). This module depends on nothing else, so
 * the emulator tests run these exact reads.
 */
import type * as FirestoreLite from 'firebase/firestore/lite';
import type { DocumentData, Query, QueryDocumentSnapshot } from 'firebase/firestore/lite';
import { DOCUMENT_ID, DocumentId, RestList, runQuery } from './firestoreRest';

/** A sort value as a cursor keeps it: a Firestore timestamp exactly, as whole seconds and nanoseconds. */
type CursorValue = string | number | { seconds: number; nanoseconds: number };

/** What a sort field holds, so a cursor read from a URL is checked before it reaches a query. */
export type CursorKind = 'text' | 'number' | 'timestamp';

/** Where a page starts or ends: the sort value and the id of a document. */
export interface PageCursor {
  value: CursorValue;
  id: string;
}

/** How a list is ordered; the document id follows in the same direction. */
export interface ListOrder {
  field: string;
  direction: 'asc' | 'desc';
  kind: CursorKind;
}

/** `after`: the page following the cursor's document; `before`: the page preceding it. */
type PageDirection = 'after' | 'before';

export interface Page<Row> {
  rows: Row[];
  /** Where the page after this one starts, or null on the last page. */
  next: PageCursor | null;
  /** Where the page before this one ends, or null on the first page. */
  previous: PageCursor | null;
  /** Documents the query read (what Firestore bills). */
  documentsRead: number;
}

export interface PageRequest {
  order: ListOrder;
  /** Null for the first page. */
  cursor: PageCursor | null;
  direction: PageDirection;
  pageSize: number;
}

export const EMPTY_PAGE: Page<never> = { rows: [], next: null, previous: null, documentsRead: 0 };

/** A document of a page: its row and where it sits in the list's order. */
interface Placed<Row> {
  row: Row;
  cursor: PageCursor;
}

/** pageSize + 1 documents in `order` after the cursor (reversed, before it), through the SDK. */
async function readWithSdk<Row, Stored extends DocumentData>(lite: typeof FirestoreLite, base: Query<Row, Stored>, { order, cursor, pageSize }: PageRequest, backwards: boolean): Promise<Placed<Row>[]> {
  const { documentId, endBefore, getDocs, limit, limitToLast, orderBy, query, startAfter, Timestamp } = lite;
  const bound: [string | number | InstanceType<typeof Timestamp>, string] | null = cursor && [
    typeof cursor.value === 'object' ? new Timestamp(cursor.value.seconds, cursor.value.nanoseconds) : cursor.value,
    cursor.id,
  ];
  const constraints = bound ? [backwards ? endBefore(...bound) : startAfter(...bound)] : [];
  const snapshot = await getDocs(
    query(base, orderBy(order.field, order.direction), orderBy(documentId(), order.direction), ...constraints, backwards ? limitToLast(pageSize + 1) : limit(pageSize + 1)),
  );
  const cursorOf = (document: QueryDocumentSnapshot<Row, Stored>): PageCursor => {
    // `get` reads the stored field, whatever converter the query has.
    const value: unknown = document.get(order.field);
    return { value: value instanceof Timestamp ? { seconds: value.seconds, nanoseconds: value.nanoseconds } : (value as string | number), id: document.id };
  };
  return snapshot.docs.map((document) => ({ row: document.data(), cursor: cursorOf(document) }));
}

/** The same over REST: a page before the cursor is read in the reverse order, then turned round. */
async function readWithRest<Row>({ collection, filters }: RestList<Row>, { order, cursor, pageSize }: PageRequest, backwards: boolean): Promise<Placed<Row>[]> {
  const reversed = { asc: 'desc', desc: 'asc' } as const;
  const direction = backwards ? reversed[order.direction] : order.direction;
  const documents = await runQuery(collection.db, {
    collection: collection.path,
    filters,
    orderBy: [
      { field: order.field, direction },
      { field: DOCUMENT_ID, direction },
    ],
    ...(cursor ? { startAfter: [cursor.value, new DocumentId(cursor.id)] } : {}),
    limit: pageSize + 1,
  });
  if (backwards) documents.reverse();
  return documents.map(({ id, data }) => ({ row: collection.read(id, data), cursor: { value: data[order.field] as CursorValue, id } }));
}

function isQueryList<Row, Stored extends DocumentData>(base: Query<Row, Stored> | readonly Query<Row, Stored>[]): base is readonly Query<Row, Stored>[] {
  return Array.isArray(base);
}

/** How two sort values compare: timestamps by seconds, then nanoseconds. */
function compareValues(a: CursorValue, b: CursorValue): number {
  if (typeof a === 'object' && typeof b === 'object') return a.seconds - b.seconds || a.nanoseconds - b.nanoseconds;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** How two documents' places compare in `order`: the sort value, then the id, both in the order's direction. */
function compareCursors(a: PageCursor, b: PageCursor, order: ListOrder): number {
  const ascending = compareValues(a.value, b.value) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  return order.direction === 'asc' ? ascending : -ascending;
}

/**
 * The same read over several queries of one collection (a filter Firestore takes only a few
 * values of at a time, split in parts): each query's pageSize + 1 documents on that side of the
 * cursor, merged in order. The page is then taken from them as from one query's: the documents
 * nearest the cursor are those one query of them all would have read.
 */
async function readMerged<Row, Stored extends DocumentData>(lite: typeof FirestoreLite, bases: readonly Query<Row, Stored>[], request: PageRequest, backwards: boolean): Promise<Placed<Row>[]> {
  const parts = await Promise.all(bases.map((base) => readWithSdk(lite, base, request, backwards)));
  return parts.flat().sort((a, b) => compareCursors(a.cursor, b.cursor, request.order));
}

/**
 * One page of `base` (its filters and converter, several such queries whose documents are listed
 * together, or a RestList) in `order`, starting at the cursor; reads at most pageSize + 1
 * documents of each query.
 */
export async function readPage<Row, Stored extends DocumentData>(base: Query<Row, Stored> | readonly Query<Row, Stored>[] | RestList<Row>, request: PageRequest): Promise<Page<Row>> {
  const { cursor, direction, pageSize } = request;
  const backwards = direction === 'before' && cursor !== null;
  let docs: Placed<Row>[];
  if (base instanceof RestList) docs = await readWithRest(base, request, backwards);
  else {
    const lite = await import('firebase/firestore/lite');
    docs = isQueryList(base) ? await readMerged(lite, base, request, backwards) : await readWithSdk(lite, base, request, backwards);
  }
  const more = docs.length > pageSize;
  const shown = backwards ? docs.slice(-pageSize) : docs.slice(0, pageSize);
  const hasNext = backwards || more;
  const hasPrevious = backwards ? more : cursor !== null;
  return {
    rows: shown.map((document) => document.row),
    next: hasNext ? (shown.at(-1)?.cursor ?? null) : null,
    previous: hasPrevious ? (shown[0]?.cursor ?? null) : null,
    documentsRead: docs.length,
  };
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

/** An opaque URL-safe token for a cursor. */
export function encodeCursor(cursor: PageCursor): string {
  return toBase64Url(JSON.stringify([cursor.value, cursor.id]));
}

function isValueOfKind(value: unknown, kind: CursorKind): value is CursorValue {
  switch (kind) {
    case 'text':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'timestamp': {
      const { seconds, nanoseconds } = (value ?? {}) as Record<string, unknown>;
      return Number.isInteger(seconds) && Number.isInteger(nanoseconds) && (nanoseconds as number) >= 0 && (nanoseconds as number) < 1e9;
    }
  }
}

/** The cursor a token names, or null when it is not one for a field of this kind (e.g. edited by hand). */
export function decodeCursor(token: string, kind: CursorKind): PageCursor | null {
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
  if (typeof id !== 'string' || id === '' || id.includes('/') || !isValueOfKind(value, kind)) return null;
  return { value, id };
}

/** Which page of a list a view shows: its number (for people) and the cursor it is read from. */
export interface PagePosition {
  /** Null on the first page. */
  cursor: PageCursor | null;
  direction: PageDirection;
  /** 1-based; the cursor decides what is read. */
  page: number;
}

export const FIRST_PAGE: PagePosition = { cursor: null, direction: 'after', page: 1 };

/** The position in a URL (`after` or `before`, and `page`); a malformed or foreign cursor means the first page. */
export function readPagePosition(params: URLSearchParams, kind: CursorKind): PagePosition {
  const after = params.get('after');
  const before = params.get('before');
  const direction: PageDirection = after ? 'after' : 'before';
  const token = after || before;
  const cursor = token ? decodeCursor(token, kind) : null;
  if (!cursor) return FIRST_PAGE;
  const page = Number(params.get('page'));
  return { cursor, direction, page: Number.isInteger(page) && page > 1 ? page : 1 };
}

/** `params` showing `position`: the first page has no cursor parameters, so it has one URL. */
export function withPagePosition(params: URLSearchParams, { cursor, direction, page }: PagePosition): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of ['after', 'before', 'page']) next.delete(name);
  if (cursor) {
    next.set(direction, encodeCursor(cursor));
    next.set('page', String(page));
  }
  return next;
}

/** Where Previous and Next lead from a page read at `position` (null: there is no such page). */
export function neighbourPages({ page }: PagePosition, { next, previous }: Pick<Page<unknown>, 'next' | 'previous'>): { previous: PagePosition | null; next: PagePosition | null } {
  return {
    // Back to page 1 is the plain first-page URL, the one a visit starts from (and has cached).
    previous: previous && (page <= 2 ? FIRST_PAGE : { cursor: previous, direction: 'before', page: page - 1 }),
    next: next && { cursor: next, direction: 'after', page: page + 1 },
  };
}

/**
 * Every row of a paged list, page after page of `readPageAt` from the first, up to `limit` rows
 * (an export): `truncated` when more were left.
 */
export async function readAllPages<Row>(readPageAt: (position: PagePosition) => Promise<Page<Row>>, limit: number): Promise<{ rows: Row[]; truncated: boolean }> {
  const rows: Row[] = [];
  let position = FIRST_PAGE;
  let page: Page<Row>;
  do {
    page = await readPageAt(position);
    rows.push(...page.rows);
    position = { cursor: page.next, direction: 'after', page: position.page + 1 };
  } while (page.next && rows.length < limit);
  return { rows: rows.slice(0, limit), truncated: page.next !== null || rows.length > limit };
}
