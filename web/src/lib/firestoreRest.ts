/**
 * Public Firestore reads over the REST API, for what a visitor sees first: catalog pages, a
 * product, the products of a guest's cart (and the server renderer's reads of the catalog, with
 * the function's token: RestDatabase.accessToken). The Firestore SDK (about 28 KB gzip, with the Firebase
 * app) is then not on the first page's path: it is loaded when something needs it (a signed-in
 * user's reads, the live cart, the back office).
 *
 * A query is sent as a "simple" cross-origin request (no custom header, a text/plain body, as the
 * SDK does), so the browser sends no preflight first: one round trip instead of two. Reads are
 * unauthenticated: only what the rules let anyone read comes back. With App Check on, its token
 * goes in the `X-Firebase-AppCheck` header, as the SDK sends it.
 */
import type { StoredData } from '@harbor/domain';
import { appCheckToken } from './appCheck';
import { NO_SUCH_DOCUMENT } from './errorCode';
import { recordReads } from './readCount';

/** Where the REST API is and which database it reads. */
export interface RestDatabase {
  /** e.g. https://firestore.googleapis.com or the emulator's http://127.0.0.1:8080 */
  origin: string;
  projectId: string;
  /**
   * The server renderer's OAuth token (functions/src/renderPage.ts): its reads are the function's own,
   * which neither App Check nor the rules stand in front of; the queries ask for active products
   * only, as the rules make a visitor's do.
   */
  accessToken?: () => Promise<string>;
}

/** A stored timestamp, exactly (Firestore keeps nanoseconds). */
export interface RestTimestamp {
  seconds: number;
  nanoseconds: number;
}

/** A value as a query compares it: a document id is a `DocumentId` (`__name__`). */
export type RestValue = string | number | boolean | null | RestTimestamp | DocumentId | RestValue[];

export class DocumentId {
  constructor(readonly id: string) {}
}

export const DOCUMENT_ID = '__name__';

/** Whether `db` is a RestDatabase rather than an SDK's Firestore instance. */
export function isRestDatabase(db: object): db is RestDatabase {
  return 'origin' in db && 'projectId' in db;
}

export interface RestFilter {
  field: string;
  op: '==' | 'in' | 'array-contains';
  value: RestValue;
}

export interface RestQuery {
  collection: string;
  filters: RestFilter[];
  orderBy: { field: string; direction: 'asc' | 'desc' }[];
  /** Start after the document with these values of `orderBy`'s fields. */
  startAfter?: RestValue[];
  limit?: number;
}

/** A document as read: its id and its fields, decoded (timestamps as RestTimestamp). */
export interface RestDocument {
  id: string;
  data: StoredData;
}

/** A failed read, with the SDK's code for it ("permission-denied", "not-found", ...). */
export class RestReadError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'RestReadError';
  }
}

/** Firestore's JSON form of a value. */
type JsonValue =
  | { nullValue: null }
  | { booleanValue: boolean }
  | { integerValue: string }
  | { doubleValue: number | string }
  | { timestampValue: string }
  | { stringValue: string }
  | { referenceValue: string }
  | { arrayValue: { values?: JsonValue[] } }
  | { mapValue: { fields?: Record<string, JsonValue> } }
  | { bytesValue: string }
  | { geoPointValue: { latitude?: number; longitude?: number } };

interface JsonDocument {
  name: string;
  fields?: Record<string, JsonValue>;
}

function documentsPath(db: RestDatabase): string {
  return `projects/${db.projectId}/databases/(default)/documents`;
}

/** RFC 3339 with nanoseconds, as Firestore writes timestamps. */
function timestampText({ seconds, nanoseconds }: RestTimestamp): string {
  return `${new Date(seconds * 1000).toISOString().slice(0, 19)}.${String(nanoseconds).padStart(9, '0')}Z`;
}

/** Firestore writes 0, 3, 6 or 9 fraction digits, always in UTC. */
export function parseTimestamp(text: string): RestTimestamp {
  const match = /^(.{19})(?:\.(\d{1,9}))?Z$/.exec(text);
  const seconds = match ? Date.parse(`${match[1]}Z`) / 1000 : Number.NaN;
  if (!match || !Number.isInteger(seconds)) throw new RestReadError('internal', `Firestore sent a timestamp that is not one: ${text}`);
  return { seconds, nanoseconds: Number((match[2] ?? '').padEnd(9, '0')) };
}

export function encodeValue(db: RestDatabase, collection: string, value: RestValue): JsonValue {
  if (value === null) return { nullValue: null };
  if (value instanceof DocumentId) return { referenceValue: `${documentsPath(db)}/${collection}/${value.id}` };
  if (Array.isArray(value)) return { arrayValue: { values: value.map((item) => encodeValue(db, collection, item)) } };
  switch (typeof value) {
    case 'boolean':
      return { booleanValue: value };
    case 'string':
      return { stringValue: value };
    case 'number':
      return Number.isInteger(value) ? { integerValue: String(value) } : { doubleValue: value };
    default:
      return { timestampValue: timestampText(value) };
  }
}

export function decodeValue(value: JsonValue): unknown {
  if ('nullValue' in value) return null;
  if ('booleanValue' in value) return value.booleanValue;
  if ('integerValue' in value) return Number(value.integerValue);
  if ('doubleValue' in value) return Number(value.doubleValue);
  if ('timestampValue' in value) return parseTimestamp(value.timestampValue);
  if ('stringValue' in value) return value.stringValue;
  if ('referenceValue' in value) return value.referenceValue;
  if ('arrayValue' in value) return (value.arrayValue.values ?? []).map(decodeValue);
  if ('mapValue' in value) return decodeFields(value.mapValue.fields);
  if ('bytesValue' in value) return value.bytesValue;
  if ('geoPointValue' in value) return { latitude: value.geoPointValue.latitude ?? 0, longitude: value.geoPointValue.longitude ?? 0 };
  return undefined;
}

function decodeFields(fields: Record<string, JsonValue> = {}): StoredData {
  return Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, decodeValue(value)]));
}

export function decodeDocument(document: JsonDocument): RestDocument {
  return { id: document.name.slice(document.name.lastIndexOf('/') + 1), data: decodeFields(document.fields) };
}

const OPERATORS = { '==': 'EQUAL', in: 'IN', 'array-contains': 'ARRAY_CONTAINS' } as const;

/** The `structuredQuery` of the REST API for a query. */
export function structuredQuery(db: RestDatabase, { collection, filters, orderBy, startAfter, limit }: RestQuery): object {
  const fieldFilters = filters.map(({ field, op, value }) => ({
    fieldFilter: { field: { fieldPath: field }, op: OPERATORS[op], value: encodeValue(db, collection, value) },
  }));
  return {
    from: [{ collectionId: collection }],
    ...(fieldFilters.length > 1 ? { where: { compositeFilter: { op: 'AND', filters: fieldFilters } } } : fieldFilters.length === 1 ? { where: fieldFilters[0] } : {}),
    ...(orderBy.length ? { orderBy: orderBy.map(({ field, direction }) => ({ field: { fieldPath: field }, direction: direction === 'asc' ? 'ASCENDING' : 'DESCENDING' })) } : {}),
    ...(startAfter ? { startAt: { values: startAfter.map((value) => encodeValue(db, collection, value)), before: false } } : {}),
    ...(limit === undefined ? {} : { limit }),
  };
}

/** The gRPC status names the REST API answers with, as the SDK's error codes. */
function errorCodeOf(status: unknown, httpStatus: number): string {
  if (typeof status === 'string' && status) return status.toLowerCase().replace(/_/g, '-');
  return httpStatus === 404 ? 'not-found' : httpStatus === 403 ? 'permission-denied' : 'unavailable';
}

async function request(db: RestDatabase, path: string, body?: object): Promise<unknown> {
  const [token, accessToken] = await Promise.all([db.accessToken ? null : appCheckToken(), db.accessToken?.()]);
  const response = await fetch(`${db.origin}/v1/${documentsPath(db)}${path}`, {
    method: body ? 'POST' : 'GET',
    // text/plain keeps the request simple (no preflight); Firestore reads the body as JSON all the same.
    headers: {
      ...(body ? { 'Content-Type': 'text/plain' } : {}),
      ...(token ? { 'X-Firebase-AppCheck': token } : {}),
      ...(accessToken ? { Authorization: `Bearer ${accessToken}` } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const json: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (json as { error?: { status?: unknown; message?: unknown } } | null)?.error;
    throw new RestReadError(errorCodeOf(error?.status, response.status), typeof error?.message === 'string' ? error.message : `Firestore answered ${response.status}.`);
  }
  return json;
}

/** The documents a query matches. Counted as Firestore bills it: one read per document, one for none. */
export async function runQuery(db: RestDatabase, query: RestQuery): Promise<RestDocument[]> {
  const json = await request(db, ':runQuery', { structuredQuery: structuredQuery(db, query) });
  const documents = (json as { document?: JsonDocument }[]).flatMap((result) => (result.document ? [decodeDocument(result.document)] : []));
  recordReads('query', Math.max(1, documents.length));
  return documents;
}

/** One document, or null when there is none that anyone may read (missing, refused or no valid id). */
export async function getDocument(db: RestDatabase, collection: string, id: string): Promise<RestDocument | null> {
  try {
    const json = await request(db, `/${collection}/${encodeURIComponent(id)}`);
    recordReads('document', 1);
    return decodeDocument(json as JsonDocument);
  } catch (error) {
    if (error instanceof RestReadError && error.code === 'not-found') {
      recordReads('document', 1);
      return null;
    }
    // A refusal is "no such document" to a visitor; to the server renderer, whose reads the rules
    // do not judge, it is a misconfiguration to report, not a missing product.
    if (error instanceof RestReadError && NO_SUCH_DOCUMENT.has(error.code) && !(db.accessToken && error.code === 'permission-denied')) return null;
    throw error;
  }
}

/**
 * The documents with these ids that exist, by one request (`batchGet`), in no set order. The
 * rules check each document as a single read and refuse the whole request if they refuse one
 * (a missing product too, since they read its fields). Counted as Firestore bills it: a read
 * per id asked.
 */
export async function batchGetDocuments(db: RestDatabase, collection: string, ids: readonly string[]): Promise<RestDocument[]> {
  const documents = ids.map((id) => `${documentsPath(db)}/${collection}/${id}`);
  const json = await request(db, ':batchGet', { documents });
  recordReads('document', ids.length);
  return (json as { found?: JsonDocument }[]).flatMap((result) => (result.found ? [decodeDocument(result.found)] : []));
}

/** A collection read over REST, with the domain reader that turns a document into a row. */
export class RestCollection<Row> {
  constructor(
    readonly db: RestDatabase,
    readonly path: string,
    readonly read: (id: string, data: StoredData) => Row,
  ) {}
}

/** The documents of a collection that pass these filters (a list to read in pages). */
export class RestList<Row> {
  constructor(
    readonly collection: RestCollection<Row>,
    readonly filters: RestFilter[],
  ) {}
}
