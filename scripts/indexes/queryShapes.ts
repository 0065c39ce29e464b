/**
 * The shape of a Firestore query: what decides which index serves it (collection or collection
 * group, filters with their operators, order-by fields with their directions), without its values.
 * The emulators run any query without an index, so the test harness records the shape of every
 * query the functions and the browser journeys send (./queryRecorder.cjs, e2e/fixtures.ts), and
 * `firestore.queries.json` keeps them, for the index check (./indexCheck.ts) to compare with
 * `firestore.indexes.json`.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../emulators';

/** Where a test run's recorders write their query logs (HARBOR_QUERY_LOG). */
export const QUERY_LOG = join(ROOT, '.cache/query-log');

export type QueryScope = 'COLLECTION' | 'COLLECTION_GROUP';
export type Direction = 'ASCENDING' | 'DESCENDING';

export interface QueryShape {
  collectionGroup: string;
  queryScope: QueryScope;
  /** Sorted by field, then operator; each pair once. */
  filters: { fieldPath: string; op: string }[];
  /** In the query's order; a last `__name__` in the direction of the field before it (implied by every index) is left out. */
  orderBy: { fieldPath: string; direction: Direction }[];
}

/** A structured query as the REST and WebChannel JSON and the Admin SDK's protos spell it. */
export interface StructuredQueryJson {
  from?: { collectionId?: string; allDescendants?: boolean }[];
  where?: FilterJson;
  orderBy?: { field?: { fieldPath?: string }; direction?: string }[];
}

interface FilterJson {
  fieldFilter?: { field?: { fieldPath?: string }; op?: string };
  unaryFilter?: { field?: { fieldPath?: string }; op?: string };
  compositeFilter?: { op?: string; filters?: FilterJson[] };
}

export const DOCUMENT_ID = '__name__';

function filtersOf(filter: FilterJson | undefined): { fieldPath: string; op: string }[] {
  if (!filter) return [];
  if (filter.compositeFilter) return (filter.compositeFilter.filters ?? []).flatMap(filtersOf);
  const single = filter.fieldFilter ?? filter.unaryFilter;
  if (!single?.field?.fieldPath || !single.op) throw new Error(`A filter without a field or operator: ${JSON.stringify(filter)}`);
  // IS_NULL, IS_NAN and their negations are equality and inequality tests on the field.
  const op = single.op.startsWith('IS_NOT_') ? 'NOT_EQUAL' : single.op.startsWith('IS_') ? 'EQUAL' : single.op;
  return [{ fieldPath: single.field.fieldPath, op }];
}

function direction(value: string | undefined): Direction {
  return value === 'DESCENDING' ? 'DESCENDING' : 'ASCENDING';
}

/** Drops a last `__name__` that runs the way the field before it does: every index ends with it. */
export function withoutImpliedDocumentId<T extends { fieldPath: string }>(fields: T[], directionOf: (field: T) => Direction | undefined): T[] {
  const last = fields.at(-1);
  if (!last || last.fieldPath !== DOCUMENT_ID) return fields;
  const before = fields.at(-2);
  const impliedDirection = before ? directionOf(before) : 'ASCENDING';
  return directionOf(last) === impliedDirection ? fields.slice(0, -1) : fields;
}

export function shapeOf(query: StructuredQueryJson): QueryShape {
  const from = query.from?.[0];
  if (!from?.collectionId) throw new Error(`A query without a collection: ${JSON.stringify(query)}`);
  const filters = new Map(filtersOf(query.where).map((filter) => [`${filter.fieldPath} ${filter.op}`, filter]));
  const orderBy = (query.orderBy ?? []).map((order) => ({ fieldPath: order.field?.fieldPath ?? DOCUMENT_ID, direction: direction(order.direction) }));
  return {
    collectionGroup: from.collectionId,
    queryScope: from.allDescendants ? 'COLLECTION_GROUP' : 'COLLECTION',
    filters: [...filters.keys()].sort().map((key) => filters.get(key)!),
    orderBy: withoutImpliedDocumentId(orderBy, (order) => order.direction),
  };
}

/** One line that names a shape, for sorting, comparing and messages. */
export function describeShape(shape: QueryShape): string {
  const scope = shape.queryScope === 'COLLECTION_GROUP' ? 'collection group ' : '';
  const where = shape.filters.map((filter) => `${filter.fieldPath} ${filter.op}`).join(', ');
  const order = shape.orderBy.map((order) => `${order.fieldPath} ${order.direction === 'ASCENDING' ? 'asc' : 'desc'}`).join(', ');
  return `${scope}${shape.collectionGroup}${where ? ` where ${where}` : ''}${order ? ` order by ${order}` : ''}`;
}

export interface QueriesFile {
  queries: QueryShape[];
}

export function readQueriesFile(path: string): QueryShape[] {
  return (JSON.parse(readFileSync(path, 'utf8')) as QueriesFile).queries;
}

/** Writes the shapes sorted and each once, so the committed file changes only when a shape does. */
export function writeQueriesFile(path: string, shapes: QueryShape[]): void {
  const unique = new Map(shapes.map((shape) => [describeShape(shape), shape]));
  const queries = [...unique.keys()].sort().map((key) => unique.get(key)!);
  writeFileSync(path, `${JSON.stringify({ queries } satisfies QueriesFile, null, 2)}\n`);
}

/** The shapes in a folder of query logs: JSON lines of structured queries, one file per recording process. */
export function readQueryLogs(folder: string): QueryShape[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => name.endsWith('.jsonl'))
    .flatMap((name) => readFileSync(join(folder, name), 'utf8').split('\n').filter(Boolean))
    .map((line) => shapeOf(JSON.parse(line) as StructuredQueryJson));
}

/** The recorded shapes that the committed file does not hold. */
export function unlistedShapes(recorded: QueryShape[], listed: QueryShape[]): QueryShape[] {
  const known = new Set(listed.map(describeShape));
  const missing = new Map(recorded.filter((shape) => !known.has(describeShape(shape))).map((shape) => [describeShape(shape), shape]));
  return [...missing.values()];
}
