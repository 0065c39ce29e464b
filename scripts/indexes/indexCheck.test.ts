/**
 * The index check says which composite index a query needs, accepts what Firestore serves from
 * single-field indexes, and fails `npm run check:indexes` when an index a recorded query needs is
 * removed from a copy of firestore.indexes.json.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../emulators';
import { checkIndexes, needsCompositeIndex, type IndexesFile } from './indexCheck';
import { readQueriesFile, shapeOf, type QueryShape } from './queryShapes';

const field = (fieldPath: string) => ({ field: { fieldPath } });
const orders = (where: object | undefined, ...orderBy: [string, string][]): QueryShape =>
  shapeOf({ from: [{ collectionId: 'orders' }], ...(where ? { where } : {}), orderBy: orderBy.map(([path, direction]) => ({ ...field(path), direction })) });
const equal = (path: string) => ({ fieldFilter: { ...field(path), op: 'EQUAL' } });
const and = (...filters: object[]) => ({ compositeFilter: { op: 'AND', filters } });

describe('shapeOf', () => {
  it('keeps collection, filters and orders without values, and drops the document id every index ends with', () => {
    const shape = shapeOf({
      from: [{ collectionId: 'orders', allDescendants: false }],
      where: and({ fieldFilter: { ...field('userId'), op: 'EQUAL', value: { stringValue: 'u1' } } as object }, { unaryFilter: { ...field('poNumber'), op: 'IS_NULL' } }),
      orderBy: [
        { ...field('createdAt'), direction: 'DESCENDING' },
        { ...field('__name__'), direction: 'DESCENDING' },
      ],
    });
    expect(shape).toEqual({
      collectionGroup: 'orders',
      queryScope: 'COLLECTION',
      filters: [
        { fieldPath: 'poNumber', op: 'EQUAL' },
        { fieldPath: 'userId', op: 'EQUAL' },
      ],
      orderBy: [{ fieldPath: 'createdAt', direction: 'DESCENDING' }],
    });
  });
});

describe('needsCompositeIndex', () => {
  it('is false for what single-field indexes serve: equalities alone (merged), or one ordered field', () => {
    expect(needsCompositeIndex(orders(and(equal('userId'), equal('status'))))).toBe(false);
    expect(needsCompositeIndex(orders(undefined, ['createdAt', 'DESCENDING']))).toBe(false);
    expect(needsCompositeIndex(orders({ fieldFilter: { ...field('total'), op: 'GREATER_THAN' } }, ['total', 'ASCENDING']))).toBe(false);
  });

  it('is true for an equality with an order on another field, two ordered fields, or a document id against the order', () => {
    expect(needsCompositeIndex(orders(equal('userId'), ['createdAt', 'DESCENDING']))).toBe(true);
    expect(needsCompositeIndex(orders(undefined, ['status', 'ASCENDING'], ['createdAt', 'DESCENDING']))).toBe(true);
    expect(needsCompositeIndex(orders(undefined, ['createdAt', 'DESCENDING'], ['__name__', 'ASCENDING']))).toBe(true);
    expect(needsCompositeIndex(orders(equal('status'), ['__name__', 'DESCENDING']))).toBe(false);
  });
});

describe('checkIndexes', () => {
  const index = (...fields: [string, string][]) => ({
    collectionGroup: 'orders',
    queryScope: 'COLLECTION' as const,
    fields: fields.map(([fieldPath, mode]) => (mode === 'CONTAINS' ? { fieldPath, arrayConfig: 'CONTAINS' as const } : { fieldPath, order: mode as 'ASCENDING' })),
  });

  it('matches the equality fields in any order, then the ordered fields in order and direction', () => {
    const shape = orders(and(equal('userId'), equal('status')), ['createdAt', 'DESCENDING']);
    expect(checkIndexes([shape], { indexes: [index(['status', 'ASCENDING'], ['userId', 'ASCENDING'], ['createdAt', 'DESCENDING'])] }).problems).toEqual([]);
    const wrongDirection = checkIndexes([shape], { indexes: [index(['status', 'ASCENDING'], ['userId', 'ASCENDING'], ['createdAt', 'ASCENDING'])] });
    expect(wrongDirection.problems).toEqual([
      'orders where status EQUAL, userId EQUAL order by createdAt desc: no composite index; declare {"collectionGroup":"orders","queryScope":"COLLECTION","fields":[{"fieldPath":"status","order":"ASCENDING"},{"fieldPath":"userId","order":"ASCENDING"},{"fieldPath":"createdAt","order":"DESCENDING"}]}',
    ]);
    expect(wrongDirection.unused).toEqual(['orders (status ASCENDING, userId ASCENDING, createdAt ASCENDING)']);
  });

  it('refuses a single-field query on a field whose override removed the index it needs, and a collection group without one', () => {
    const tags = shapeOf({ from: [{ collectionId: 'products' }], orderBy: [{ ...field('searchTokens'), direction: 'ASCENDING' }] });
    const file: IndexesFile = { indexes: [], fieldOverrides: [{ collectionGroup: 'products', fieldPath: 'searchTokens', indexes: [{ queryScope: 'COLLECTION', arrayConfig: 'CONTAINS' }] }] };
    expect(checkIndexes([tags], file).problems).toEqual(['products order by searchTokens asc: the field override of searchTokens leaves no COLLECTION index this query can use']);
    const group = shapeOf({ from: [{ collectionId: 'history', allDescendants: true }], where: equal('by') });
    expect(checkIndexes([group], { indexes: [] }).problems).toEqual(['collection group history where by EQUAL: needs a field override of by with a COLLECTION_GROUP index']);
  });
});

describe('npm run check:indexes', () => {
  const run = (indexesPath?: string) =>
    spawnSync(join(ROOT, 'node_modules/.bin/tsx'), ['scripts/indexes/checkIndexes.ts', ...(indexesPath ? ['--indexes', indexesPath] : [])], { cwd: ROOT, encoding: 'utf8' });

  it('passes the committed files, and fails naming the query when an index it needs is removed from a copy', () => {
    const committed = run();
    expect(committed.stdout).toContain(', 0 without the index production needs');
    expect(committed.status).toBe(0);

    const indexes = JSON.parse(readFileSync(join(ROOT, 'firestore.indexes.json'), 'utf8')) as IndexesFile;
    const shapes = readQueriesFile(join(ROOT, 'firestore.queries.json'));
    const needed = shapes.find(needsCompositeIndex)!;
    const removed = indexes.indexes.filter((candidate) => checkIndexes([needed], { indexes: [candidate] }).problems.length > 0);
    expect(removed.length).toBe(indexes.indexes.length - 1);
    const copy = join(mkdtempSync(join(tmpdir(), 'index-check-')), 'firestore.indexes.json');
    writeFileSync(copy, JSON.stringify({ ...indexes, indexes: removed }));
    const planted = run(copy);
    expect(planted.status).toBe(1);
    expect(planted.stderr).toContain(`Index check: ${checkIndexes([needed], { indexes: [] }).problems[0]}`);
  });
});
