import type * as FirestoreLite from 'firebase/firestore/lite';
import { Timestamp } from 'firebase/firestore/lite';
import { describe, expect, it, vi } from 'vitest';
import {
  decodeCursor,
  encodeCursor,
  FIRST_PAGE,
  neighbourPages,
  readAllPages,
  readPage,
  readPagePosition,
  withPagePosition,
  type ListOrder,
  type Page,
  type PageCursor,
  type PagePosition,
} from './pagination';

interface Stored {
  id: string;
  [field: string]: unknown;
}

type Constraint = { orderBy: [string, 'asc' | 'desc'] } | { startAfter: unknown[] } | { endBefore: unknown[] } | { limit: number } | { limitToLast: number };

interface FakeQuery {
  rows: Stored[];
  constraints: Constraint[];
}

function compare(a: unknown, b: unknown): number {
  if (a instanceof Timestamp && b instanceof Timestamp) return a.seconds - b.seconds || a.nanoseconds - b.nanoseconds;
  return a === b ? 0 : (a as string | number) < (b as string | number) ? -1 : 1;
}

// An in-memory stand-in for the lite SDK's query functions: ordering, cursors and limits as Firestore applies them.
vi.mock('firebase/firestore/lite', async (importOriginal) => ({
  ...(await importOriginal<typeof FirestoreLite>()),
  documentId: () => '__name__',
  orderBy: (field: string, direction: 'asc' | 'desc') => ({ orderBy: [field, direction] }),
  startAfter: (...values: unknown[]) => ({ startAfter: values }),
  endBefore: (...values: unknown[]) => ({ endBefore: values }),
  limit: (count: number) => ({ limit: count }),
  limitToLast: (count: number) => ({ limitToLast: count }),
  query: (base: FakeQuery, ...constraints: Constraint[]): FakeQuery => ({ rows: base.rows, constraints: [...base.constraints, ...constraints] }),
  getDocs: async ({ rows, constraints }: FakeQuery) => {
    const orders = constraints.flatMap((constraint) => ('orderBy' in constraint ? [constraint.orderBy] : []));
    const valuesOf = (row: Stored) => orders.map(([field]) => (field === '__name__' ? row.id : row[field]));
    const sign = (index: number) => (orders[index]![1] === 'desc' ? -1 : 1);
    const byOrder = (a: unknown[], b: unknown[]) => a.reduce<number>((result, value, index) => result || sign(index) * compare(value, b[index]), 0);
    let found = [...rows].sort((a, b) => byOrder(valuesOf(a), valuesOf(b)));
    for (const constraint of constraints) {
      if ('startAfter' in constraint) found = found.filter((row) => byOrder(valuesOf(row), constraint.startAfter) > 0);
      if ('endBefore' in constraint) found = found.filter((row) => byOrder(valuesOf(row), constraint.endBefore) < 0);
    }
    for (const constraint of constraints) {
      if ('limit' in constraint) found = found.slice(0, constraint.limit);
      if ('limitToLast' in constraint) found = found.slice(-constraint.limitToLast);
    }
    return { docs: found.map((row) => ({ id: row.id, data: () => row, get: (field: string) => row[field] })) };
  },
}));

const byPrice: ListOrder = { field: 'price', direction: 'asc', kind: 'number' };
const newestFirst: ListOrder = { field: 'createdAt', direction: 'desc', kind: 'timestamp' };

function collection(rows: Stored[]) {
  return { rows, constraints: [] } as unknown as FirestoreLite.Query<Stored, Stored>;
}

const ids = (page: Page<Stored>) => page.rows.map((row) => row.id);

/** Seven products, prices tied in pairs (the id breaks ties). */
const products = collection(['g', 'f', 'e', 'd', 'c', 'b', 'a'].map((id, index) => ({ id, price: 100 * Math.floor(index / 2) })));

async function walkForward(base: ReturnType<typeof collection>, order: ListOrder, pageSize: number): Promise<Page<Stored>[]> {
  const pages: Page<Stored>[] = [];
  let cursor: PageCursor | null = null;
  do {
    const page: Page<Stored> = await readPage(base, { order, cursor, direction: 'after', pageSize });
    pages.push(page);
    cursor = page.next;
  } while (cursor);
  return pages;
}

describe('readPage', () => {
  it('pages forward by the sort field, then the id, reading one document more than a page', async () => {
    const pages = await walkForward(products, byPrice, 3);
    expect(pages.map(ids)).toEqual([
      ['f', 'g', 'd'],
      ['e', 'b', 'c'],
      ['a'],
    ]);
    expect(pages.map((page) => page.documentsRead)).toEqual([4, 4, 1]);
    expect(pages[0]!.previous).toBeNull();
    expect(pages[1]!.previous).toEqual({ value: 100, id: 'e' });
    expect(pages[0]!.next).toEqual({ value: 100, id: 'd' });
    expect(pages[2]!.next).toBeNull();
  });

  it('pages back with the "before" cursor to the same pages', async () => {
    const forward = await walkForward(products, byPrice, 3);
    const back: string[][] = [ids(forward.at(-1)!)];
    let cursor = forward.at(-1)!.previous;
    while (cursor) {
      const page = await readPage(products, { order: byPrice, cursor, direction: 'before', pageSize: 3 });
      expect(page.documentsRead).toBeLessThanOrEqual(4);
      expect(page.next).not.toBeNull();
      back.unshift(ids(page));
      cursor = page.previous;
    }
    expect(back).toEqual(forward.map(ids));
  });

  it('keeps timestamps exactly, so orders apart by less than a millisecond are neither skipped nor repeated', async () => {
    const orders = collection(
      Array.from({ length: 6 }, (_, index) => ({ id: `o${index}`, createdAt: new Timestamp(1_767_600_000, 100_000 + (index % 3) * 300_000 + Math.floor(index / 3)) })),
    );
    const pages = await walkForward(orders, newestFirst, 2);
    expect(pages[0]!.next).toEqual({ value: { seconds: 1_767_600_000, nanoseconds: 700_000 }, id: 'o2' });
    expect(pages.flatMap(ids)).toEqual(['o5', 'o2', 'o4', 'o1', 'o3', 'o0']);
  });

  it('pages several queries listed together as one query of all their documents, both ways', async () => {
    const rows = ['g', 'f', 'e', 'd', 'c', 'b', 'a'].map((id, index) => ({ id, price: 100 * Math.floor(index / 2) }));
    const parts = [collection(rows.filter((_, index) => index % 3 === 0)), collection(rows.filter((_, index) => index % 3 !== 0))];
    const pages = await walkForward(parts as unknown as ReturnType<typeof collection>, byPrice, 3);
    expect(pages.map(ids)).toEqual((await walkForward(products, byPrice, 3)).map(ids));
    const back = await readPage(parts, { order: byPrice, cursor: pages[2]!.previous, direction: 'before', pageSize: 3 });
    expect(ids(back)).toEqual(ids(pages[1]!));
    expect(back.previous).toEqual(pages[1]!.previous);
  });

  it('answers an empty page with no cursors', async () => {
    expect(await readPage(collection([]), { order: byPrice, cursor: null, direction: 'after', pageSize: 3 })).toEqual({ rows: [], next: null, previous: null, documentsRead: 0 });
  });
});

describe('cursor tokens', () => {
  it('round-trip names with any characters, prices and timestamps to the nanosecond', () => {
    expect(decodeCursor(encodeCursor({ value: 'Crème brûlée “deluxe” / 50% off', id: 'p-1' }), 'text')).toEqual({ value: 'Crème brûlée “deluxe” / 50% off', id: 'p-1' });
    expect(decodeCursor(encodeCursor({ value: 0, id: 'p-2' }), 'number')).toEqual({ value: 0, id: 'p-2' });
    expect(decodeCursor(encodeCursor({ value: { seconds: 1767603600, nanoseconds: 123456789 }, id: 'p-3' }), 'timestamp')).toEqual({
      value: { seconds: 1767603600, nanoseconds: 123456789 },
      id: 'p-3',
    });
  });

  it('are URL-safe', () => {
    expect(encodeCursor({ value: '???>>>~~~', id: 'p' })).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('refuse malformed tokens', () => {
    for (const token of ['', '%%%', btoa('not json'), btoa('[1]'), btoa('["a", ""]'), btoa('["a", "x/y"]'), btoa('{"a":1}')]) {
      expect(decodeCursor(token, 'text'), token).toBeNull();
    }
    expect(decodeCursor(encodeCursor({ value: { seconds: 1, nanoseconds: 2e9 }, id: 'p' }), 'timestamp')).toBeNull();
    expect(decodeCursor(encodeCursor({ value: { seconds: 1.5, nanoseconds: 0 }, id: 'p' }), 'timestamp')).toBeNull();
  });

  it('refuse a value of another kind than the sort field holds', () => {
    const name = encodeCursor({ value: 'Tea', id: 'p' });
    expect(decodeCursor(name, 'number')).toBeNull();
    expect(decodeCursor(name, 'timestamp')).toBeNull();
    expect(decodeCursor(encodeCursor({ value: 5, id: 'p' }), 'text')).toBeNull();
  });
});

describe('page positions in the URL', () => {
  const cursor: PageCursor = { value: { seconds: 12, nanoseconds: 345 }, id: 'HW-1' };

  it('round-trip, keeping the other parameters', () => {
    const position: PagePosition = { cursor, direction: 'before', page: 3 };
    const params = withPagePosition(new URLSearchParams('status=shipped'), position);
    expect(params.get('status')).toBe('shipped');
    expect(params.has('after')).toBe(false);
    expect(readPagePosition(params, 'timestamp')).toEqual(position);
  });

  it('leave the first page without cursor parameters, so it has one URL', () => {
    const params = withPagePosition(new URLSearchParams(`q=tea&after=${encodeCursor(cursor)}&page=2`), FIRST_PAGE);
    expect(params.toString()).toBe('q=tea');
    expect(readPagePosition(params, 'timestamp')).toEqual(FIRST_PAGE);
  });

  it('fall back to the first page for a foreign cursor, and number a cursor without a page as 1', () => {
    expect(readPagePosition(new URLSearchParams(`after=${encodeCursor({ value: 'Tea', id: 'p' })}&page=4`), 'number')).toEqual(FIRST_PAGE);
    expect(readPagePosition(new URLSearchParams('after=garbage!!&page=4'), 'text')).toEqual(FIRST_PAGE);
    expect(readPagePosition(new URLSearchParams(`after=${encodeCursor(cursor)}`), 'timestamp')).toEqual({ cursor, direction: 'after', page: 1 });
  });

  it('lead Previous back to the plain first page from page 2, and by cursor from later pages', () => {
    const first: PageCursor = { value: 1, id: 'a' };
    const last: PageCursor = { value: 9, id: 'z' };
    expect(neighbourPages({ cursor, direction: 'after', page: 2 }, { previous: first, next: last })).toEqual({
      previous: FIRST_PAGE,
      next: { cursor: last, direction: 'after', page: 3 },
    });
    expect(neighbourPages({ cursor, direction: 'after', page: 5 }, { previous: first, next: null })).toEqual({
      previous: { cursor: first, direction: 'before', page: 4 },
      next: null,
    });
    expect(neighbourPages(FIRST_PAGE, { previous: null, next: null })).toEqual({ previous: null, next: null });
  });
});

describe('readAllPages', () => {
  /** A list of `total` numbered rows, `size` to a page; the cursor is the last row's number. */
  const numbers = (total: number, size: number) => async ({ cursor }: PagePosition): Promise<Page<number>> => {
    const start = cursor ? Number(cursor.value) : 0;
    const rows = Array.from({ length: Math.max(0, Math.min(size, total - start)) }, (_, index) => start + index + 1);
    const last = rows.at(-1);
    return { rows, next: last !== undefined && last < total ? { value: last, id: String(last) } : null, previous: null, documentsRead: rows.length };
  };

  it('reads page after page from the first until the list ends', async () => {
    expect(await readAllPages(numbers(7, 3), 100)).toEqual({ rows: [1, 2, 3, 4, 5, 6, 7], truncated: false });
  });

  it('stops at the limit and says the rest was left', async () => {
    expect(await readAllPages(numbers(10, 3), 5)).toEqual({ rows: [1, 2, 3, 4, 5], truncated: true });
    expect(await readAllPages(numbers(6, 3), 6)).toEqual({ rows: [1, 2, 3, 4, 5, 6], truncated: false });
  });
});
