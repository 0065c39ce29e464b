/**
 * The REST API (`/api/v1/**`, a Hosting rewrite to this function): other systems read orders and
 * invoices, post shipments, set stock and save products with an API key (./apiKeys.ts). Writes go
 * through the back office's own code (shipInTransaction, setStockInTransaction, saveProductAs),
 * so they issue the same invoices, e-mails and audit entries, with the key as the actor. Every
 * error is RFC 9457 problem JSON; each key makes at most API_REQUESTS_PER_SECOND requests a second.
 */
import { createHash } from 'node:crypto';
import { FieldPath, FieldValue, Timestamp, type Query } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions/logger';
import { HttpsError, onRequest, type FunctionsErrorCode, type Request } from 'firebase-functions/v2/https';
import {
  API_INVOICE_STATUSES,
  API_REQUESTS_PER_SECOND,
  API_SCOPE_LABELS,
  apiIdempotencyHeadersSchema,
  apiInvoiceOf,
  apiInvoicesQuerySchema,
  apiOrderOf,
  apiOrderPathSchema,
  apiOrdersQuerySchema,
  apiProductBodySchema,
  apiProductPathSchema,
  apiShipmentBodySchema,
  apiStockBodySchema,
  invoiceFromData,
  orderFromData,
  storedNumber,
  type ApiKey,
  type ApiProblem,
  type ApiScope,
} from '@harbor/domain';
import { db } from '../admin';
import { parseInput } from '../callable';
import { sendJson, type Response } from '../http';
import { productIdOfSku, saveProductAs } from '../saveProduct';
import { noSuchOrder, shipInTransaction, SHIPMENT_BUSY } from '../shipments';
import { setStockInTransaction, STOCK_BUSY } from '../staff';
import { CONTENDED_CALL_OPTIONS, runContendedTransaction } from '../transactions';
import { apiKeyActor, authenticateApiKey } from './apiKeys';

/** An answer: its status and JSON body. */
interface Answer {
  status: number;
  body: unknown;
}

/** A refusal with its HTTP status (and headers such as Retry-After), sent as problem JSON. */
class Problem extends Error {
  constructor(
    readonly status: number,
    detail: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
  }
}

const STATUS_TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** The HTTP status of a refusal the shared code throws as an HttpsError. */
const HTTPS_ERROR_STATUS: Partial<Record<FunctionsErrorCode, number>> = {
  'invalid-argument': 400,
  unauthenticated: 401,
  'permission-denied': 403,
  'not-found': 404,
  'already-exists': 409,
  'failed-precondition': 409,
  aborted: 503,
  'resource-exhausted': 429,
};

/** Idempotency and rate records are kept this long (a TTL policy on `expiresAt` deletes them after). */
const IDEMPOTENCY_DAYS = 30;
const RATE_RECORD_SECONDS = 60;

interface Call {
  request: Request;
  key: ApiKey;
  /** The path's parameters, decoded. */
  params: Record<string, string>;
}

interface Route {
  method: 'GET' | 'POST' | 'PUT';
  /** The path after /api/v1, with `{name}` parameters. */
  path: string;
  scope: ApiScope;
  handle(call: Call): Promise<Answer>;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The request's query string as one value per name (a name given twice is refused by the strict schemas as a list). */
function queryOf(request: Request): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [name, value] of new URL(request.originalUrl, 'http://api').searchParams) {
    const before = query[name];
    query[name] = before === undefined ? value : [before].flat().concat(value);
  }
  return query;
}

/** A JSON body: anything else is refused before it is read. */
function bodyOf(request: Request): unknown {
  if (!request.is('application/json')) throw new Problem(415, 'Send the body as JSON, with the header Content-Type: application/json.');
  return request.body as unknown;
}

/** A page's position: base64url of the last item's sort values, opaque to clients. */
const encodeCursor = (values: readonly (string | number)[]) => Buffer.from(JSON.stringify(values)).toString('base64url');
function decodeCursor(cursor: string, shape: readonly ('string' | 'number')[]): (string | number)[] {
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    values = null;
  }
  if (!Array.isArray(values) || values.length !== shape.length || !values.every((value, index) => typeof value === shape[index])) {
    throw new Problem(400, 'The cursor is not one this API gave. Start again without it, or with the nextCursor of the page before.');
  }
  return values as (string | number)[];
}

/** Reads one page of `query` (ordered by the cursor's fields) after `cursor`. */
async function readPage<Item>(query: Query, limit: number, cursor: string | undefined, item: (snapshot: FirebaseFirestore.QueryDocumentSnapshot) => Item, position: (snapshot: FirebaseFirestore.QueryDocumentSnapshot) => (string | number)[]) {
  const snapshots = (await query.limit(limit + 1).get()).docs;
  const page = snapshots.slice(0, limit);
  const last = page.at(-1);
  return { items: page.map(item), nextCursor: last ? encodeCursor(position(last)) : (cursor ?? null), hasMore: snapshots.length > limit };
}

const ORDER_CURSOR = ['number', 'number', 'string'] as const;

/** Orders changed since a time, oldest change first, ties by id: a client paging on from nextCursor never misses or repeats a change. */
async function listOrders({ request }: Call): Promise<Answer> {
  const { updatedSince, cursor, limit } = parseInput(apiOrdersQuerySchema, queryOf(request));
  let query = db.collection('orders').orderBy('updatedAt').orderBy(FieldPath.documentId());
  if (updatedSince) query = query.where('updatedAt', '>=', Timestamp.fromDate(new Date(updatedSince)));
  if (cursor) {
    const [seconds, nanoseconds, id] = decodeCursor(cursor, ORDER_CURSOR) as [number, number, string];
    query = query.startAfter(new Timestamp(seconds, nanoseconds), id);
  }
  const body = await readPage(
    query,
    limit,
    cursor,
    (snapshot) => apiOrderOf(orderFromData(snapshot.id, snapshot.data())),
    (snapshot) => {
      const updatedAt = snapshot.get('updatedAt') as Timestamp;
      return [updatedAt.seconds, updatedAt.nanoseconds, snapshot.id];
    },
  );
  return { status: 200, body };
}

async function getOrder({ params }: Call): Promise<Answer> {
  const { id } = parseInput(apiOrderPathSchema, params);
  const snapshot = await db.doc(`orders/${id}`).get();
  if (!snapshot.exists) throw noSuchOrder(id);
  return { status: 200, body: apiOrderOf(orderFromData(snapshot.id, snapshot.data()!)) };
}

/** Invoices by number, of one company or all, open or paid. */
async function listInvoices({ request }: Call): Promise<Answer> {
  const { status, companyId, cursor, limit } = parseInput(apiInvoicesQuerySchema, queryOf(request));
  let query: Query = db.collection('invoices');
  if (status) query = query.where('status', 'in', API_INVOICE_STATUSES[status]);
  if (companyId) query = query.where('companyId', '==', companyId);
  query = query.orderBy('sequence');
  if (cursor) query = query.startAfter(decodeCursor(cursor, ['number'])[0]);
  const body = await readPage(query, limit, cursor, (snapshot) => apiInvoiceOf(invoiceFromData(snapshot.id, snapshot.data())), (snapshot) => [storedNumber(snapshot.get('sequence'))]);
  return { status: 200, body };
}

/**
 * A write made once per key and Idempotency-Key: the first answer is kept (`apiIdempotency/{hash}`,
 * read by nobody) in the write's transaction, and a repeat answers it again without writing. The
 * same key sent with another request is refused. `write` gets a request id derived from both keys.
 */
async function once(call: Call, busyMessage: string, write: (transaction: FirebaseFirestore.Transaction, requestId: string) => Promise<Answer>): Promise<Answer> {
  const { 'idempotency-key': idempotencyKey } = parseInput(apiIdempotencyHeadersSchema, { 'idempotency-key': call.request.get('idempotency-key') });
  const digest = sha256(`${call.key.id}\n${idempotencyKey}`);
  const record = db.doc(`apiIdempotency/${digest}`);
  const fingerprint = sha256(`${call.request.method} ${call.request.path}\n${JSON.stringify(call.request.body ?? null)}`);
  return runContendedTransaction(async (transaction) => {
    const done = await transaction.get(record);
    if (done.exists) {
      if (done.get('fingerprint') !== fingerprint) throw new Problem(422, 'This Idempotency-Key was already used for another request. Use a new key for each change.');
      return { status: storedNumber(done.get('status')), body: JSON.parse(String(done.get('body'))) as unknown };
    }
    const answer = await write(transaction, `api-${digest.slice(0, 40)}`);
    transaction.create(record, {
      keyId: call.key.id,
      fingerprint,
      status: answer.status,
      body: JSON.stringify(answer.body),
      createdAt: FieldValue.serverTimestamp(),
      expiresAt: Timestamp.fromMillis(Date.now() + IDEMPOTENCY_DAYS * 24 * 60 * 60 * 1000),
    });
    return answer;
  }, busyMessage);
}

/** Ships units of an order as the warehouse's back office does: the invoice, the buyer's e-mail and the audit entry. */
async function postShipment(call: Call): Promise<Answer> {
  const { id } = parseInput(apiOrderPathSchema, call.params);
  const shipment = parseInput(apiShipmentBodySchema, bodyOf(call.request));
  return once(call, SHIPMENT_BUSY, async (transaction, requestId) => {
    const order = await transaction.get(db.doc(`orders/${id}`));
    if (!order.exists) throw noSuchOrder(id);
    return { status: 201, body: await shipInTransaction(transaction, order, apiKeyActor(call.key, requestId), { requestId, ...shipment }) };
  });
}

const noSuchSku = (sku: string) => new Problem(404, `There is no product with SKU ${sku}. Create it first with PUT /api/v1/products/${sku}.`);

/** Sets the stock counted, as a stock adjustment in the back office does (units owed to backorders first). */
async function putStock(call: Call): Promise<Answer> {
  const { sku } = parseInput(apiProductPathSchema, call.params);
  const { stock, reason } = parseInput(apiStockBodySchema, bodyOf(call.request));
  const productId = await productIdOfSku(sku);
  return once(call, STOCK_BUSY, async (transaction, requestId) => {
    if (!productId) throw noSuchSku(sku);
    const set = await setStockInTransaction(transaction, apiKeyActor(call.key, requestId), productId, () => stock, reason ?? `Counted ${stock} (REST API)`);
    return { status: 200, body: { sku, productId, stock: set.stock } };
  });
}

/** Creates or replaces the product with the SKU, as the back office's product form saves it. */
async function putProduct(call: Call): Promise<Answer> {
  const { sku } = parseInput(apiProductPathSchema, call.params);
  const product = parseInput(apiProductBodySchema, bodyOf(call.request));
  if (product.id !== undefined) throw new Problem(400, 'Leave id out: the SKU in the path names the product.');
  if (product.sku !== sku) throw new Problem(400, `The body's sku (${product.sku}) is not the SKU in the path (${sku}). Send the same SKU in both.`);
  const existing = await productIdOfSku(sku);
  const { id } = await saveProductAs(apiKeyActor(call.key), { ...product, id: existing ?? undefined });
  return { status: existing ? 200 : 201, body: { sku, productId: id, created: !existing } };
}

let openApiJson: Promise<unknown> | null = null;
/** The OpenAPI document, generated from the request schemas on its first request (its generator loads only then). */
function openApi(): Promise<Answer> {
  openApiJson ??= import('./openApi').then(({ openApiDocument }) => openApiDocument());
  return openApiJson.then((body) => ({ status: 200, body }));
}

/** The endpoints; ./openApi.ts documents each with the schemas its handler validates with. */
const ROUTES: readonly Route[] = [
  { method: 'GET', path: '/orders', scope: 'orders:read', handle: listOrders },
  { method: 'GET', path: '/orders/{id}', scope: 'orders:read', handle: getOrder },
  { method: 'POST', path: '/orders/{id}/shipments', scope: 'fulfilment:write', handle: postShipment },
  { method: 'PUT', path: '/products/{sku}/stock', scope: 'inventory:write', handle: putStock },
  { method: 'PUT', path: '/products/{sku}', scope: 'catalog:write', handle: putProduct },
  { method: 'GET', path: '/invoices', scope: 'receivables:read', handle: listInvoices },
];

/** The route's parameters when `path` matches its pattern, else null. */
function match(route: Route, path: string): Record<string, string> | null {
  const names: string[] = [];
  const pattern = new RegExp(`^${route.path.replace(/\./g, '\\.').replace(/\{(\w+)\}/g, (_, name: string) => (names.push(name), '([^/]+)'))}$`);
  const found = pattern.exec(path);
  if (!found) return null;
  try {
    return Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(found[index + 1]!)]));
  } catch {
    return null;
  }
}

/**
 * Counts the request against the key's second (`apiRateLimits/{keyId}_{second}`, read by
 * nobody), in a transaction so every instance of the function counts on the same document.
 */
async function countRequest(key: ApiKey): Promise<void> {
  const now = Date.now();
  const second = Math.floor(now / 1000);
  const counter = db.doc(`apiRateLimits/${key.id}_${second}`);
  const allowed = await runContendedTransaction(async (transaction) => {
    const count = storedNumber((await transaction.get(counter)).get('count'));
    if (count >= API_REQUESTS_PER_SECOND) return false;
    transaction.set(counter, { keyId: key.id, count: count + 1, expiresAt: Timestamp.fromMillis((second + RATE_RECORD_SECONDS) * 1000) });
    return true;
  }, 'Too many requests at once.');
  if (!allowed) {
    throw new Problem(429, `This API key made ${API_REQUESTS_PER_SECOND} requests this second, as many as a key may. Wait a second and try again.`, { 'Retry-After': '1' });
  }
}

function bearerSecret(request: Request): string {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.get('authorization') ?? '');
  if (!match) throw new Problem(401, 'Send your API key as the header Authorization: Bearer hk_live_…. An admin creates keys on the integrations page.', { 'WWW-Authenticate': 'Bearer' });
  return match[1]!;
}

async function answer(request: Request): Promise<Answer> {
  const path = request.path.replace(/^\/api\/v1(?=\/)/, '');
  if (path === '/openapi.json' && request.method === 'GET') return openApi();
  const matching = ROUTES.flatMap((route) => {
    const params = match(route, path);
    return params ? [{ route, params }] : [];
  });
  if (matching.length === 0) throw new Problem(404, `There is no endpoint ${request.path}. The endpoints are listed in /api/v1/openapi.json.`);
  const found = matching.find(({ route }) => route.method === request.method);
  if (!found) {
    const allowed = matching.map(({ route }) => route.method).join(', ');
    throw new Problem(405, `${request.path} takes ${allowed}, not ${request.method}.`, { Allow: allowed });
  }
  const { route, params } = found;
  let key: ApiKey;
  try {
    key = await authenticateApiKey(bearerSecret(request));
  } catch (error) {
    if (error instanceof HttpsError) throw new Problem(401, error.message, { 'WWW-Authenticate': 'Bearer' });
    throw error;
  }
  await countRequest(key);
  if (!key.scopes.includes(route.scope)) {
    throw new Problem(403, `This API key may not ${API_SCOPE_LABELS[route.scope].toLowerCase()}: it needs the scope ${route.scope}. Ask an admin for a key with that scope.`);
  }
  return route.handle({ request, params, key });
}

function sendProblem(response: Response, status: number, detail: string, headers: Record<string, string> = {}): void {
  const problem: ApiProblem = { type: 'about:blank', title: STATUS_TITLES[status] ?? 'Error', status, detail };
  response.status(status).set({ 'Cache-Control': 'no-store', ...headers }).type('application/problem+json').send(JSON.stringify(problem));
}

/** The API, at /api/v1/** through Hosting. */
export const api = onRequest({ invoker: 'public', timeoutSeconds: CONTENDED_CALL_OPTIONS.timeoutSeconds }, async (request, response) => {
  try {
    const { status, body } = await answer(request);
    sendJson(request, response.status(status), body, 'no-store');
  } catch (error) {
    if (error instanceof Problem) return sendProblem(response, error.status, error.message, error.headers);
    const status = error instanceof HttpsError ? HTTPS_ERROR_STATUS[error.code] : undefined;
    if (status) return sendProblem(response, status, error instanceof HttpsError ? error.message : '', status === 503 ? { 'Retry-After': '1' } : {});
    logger.error('The REST API failed', { path: request.path, error });
    sendProblem(response, 500, 'Something went wrong on our side. Please try again in a moment: a write sent again with the same Idempotency-Key is made at most once.');
  }
});

