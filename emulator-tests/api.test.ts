/**
 * The REST API through the shop's origin (Hosting's /api/v1/** rewrite to the `api` function), with
 * keys an admin creates: paging orders while orders arrive, refusals as problem JSON, idempotent
 * writes through the back office's code, the rate limit and the OpenAPI document.
 */
import { randomUUID } from 'node:crypto';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_REQUESTS_PER_SECOND, type ApiOrder, type ApiScope, type CreateApiKeyResult, type Orderable } from '@harbor/domain';
import { shopUrl } from '../scripts/emulators';
import { orderItem, storedOrder, storedProduct } from './adminFixtures';
import { adminDb, clearFirestore } from './harness';
import { arrangeCompany, placeInvoiceOrder, signInCompanyPeople, UPS, type CompanyPeople } from './orderFixtures';

const COMPANY = 'co-api';
const buyerEmail = `buyer-${Date.now()}@api.test`;
const crates: Orderable = { id: 'crates', name: 'Crates', sku: 'CRT-1', unit: 'crate', imageUrl: '', price: 2_500, tiers: [], minOrderQty: 1, packSize: 1, stock: 50, active: true, backorderable: false, backordered: 0, restockDate: '' };
let people: CompanyPeople;

beforeAll(async () => {
  await clearFirestore();
  people = await signInCompanyPeople(buyerEmail);
  await arrangeCompany(people, COMPANY, buyerEmail, [crates]);
}, 60_000);

afterAll(async () => {
  await Promise.all(Object.values(people).map((client) => client.close()));
});

const newKey = (scopes: ApiScope[], name = `Key ${randomUUID().slice(0, 8)}`) => people.admin.call<CreateApiKeyResult>('createApiKey', { name, scopes });

interface Sent {
  status: number;
  type: string;
  headers: Headers;
  body: Record<string, unknown>;
}

async function send(path: string, secret: string | null, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Sent> {
  const response = await fetch(`${shopUrl}/api/v1${path}`, {
    method: init.method ?? 'GET',
    headers: { ...(secret ? { Authorization: `Bearer ${secret}` } : {}), ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }), ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, type: response.headers.get('content-type') ?? '', headers: response.headers, body: (await response.json()) as Record<string, unknown> };
}

/** A refusal: problem JSON with a readable sentence. */
function expectProblem(sent: Sent, status: number): void {
  expect(sent.status).toBe(status);
  expect(sent.type).toMatch(/^application\/problem\+json/);
  expect(sent.body).toMatchObject({ type: 'about:blank', title: expect.any(String), status });
  // A sentence, after the field it is about when there is one.
  expect(sent.body.detail).toMatch(/^([\w.[\]-]+: )?[A-Z][^\n]{10,300}[.)]$/);
}

async function auditOf(keyId: string, action: string) {
  return (await adminDb.collection('auditLog').where('actor.uid', '==', `apikey:${keyId}`).where('action', '==', action).get()).docs.map((entry) => entry.data());
}

describe('API keys', () => {
  it('are created with a secret shown once (only its hash kept) and revoked, each audited once; a revoked key gets 401', async () => {
    const { keyId, secret } = await newKey(['orders:read'], 'ERP');
    expect(secret).toMatch(/^hk_live_[0-9A-Za-z]{40}$/);
    const stored = (await adminDb.doc(`apiKeys/${keyId}`).get()).data()!;
    expect(stored).toMatchObject({ name: 'ERP', scopes: ['orders:read'], prefix: secret.slice(0, 12), createdBy: people.admin.uid });
    expect(JSON.stringify(stored)).not.toContain(secret.slice(8));
    expect((await send('/orders?limit=1', secret)).status).toBe(200);
    expect((await adminDb.doc(`apiKeys/${keyId}`).get()).get('lastUsedAt')).toBeInstanceOf(Timestamp);

    const first = await people.admin.call<{ revokedAt: number }>('revokeApiKey', { keyId });
    expect(await people.admin.call('revokeApiKey', { keyId })).toEqual(first);
    const entries = (await adminDb.collection('auditLog').where('target', '==', `apiKeys/${keyId}`).get()).docs.map((entry) => entry.data());
    expect(entries.map((entry) => [entry.action, entry.changes]).sort()).toEqual([
      ['apiKey.create', [{ field: 'scopes', from: null, to: ['orders:read'] }]],
      ['apiKey.revoke', [{ field: 'revoked', from: false, to: true }]],
    ]);
    expectProblem(await send('/orders', secret), 401);
  });

  it('refuses a missing or unknown key (401) and a key without the scope (403), as problem JSON', async () => {
    const missing = await send('/orders', null);
    expectProblem(missing, 401);
    expect(missing.headers.get('www-authenticate')).toBe('Bearer');
    expectProblem(await send('/orders', `hk_live_${'x'.repeat(40)}`), 401);
    const { secret } = await newKey(['inventory:write']);
    expectProblem(await send('/orders', secret), 403);
    expectProblem(await send('/invoices', secret), 403);
    expectProblem(await send('/nothing-here', secret), 404);
    expectProblem(await send('/orders?limit=500', (await newKey(['orders:read'])).secret), 400);
  });
});

describe('GET /orders', () => {
  it('pages through every order once, oldest change first, while new orders arrive', async () => {
    const { secret } = await newKey(['orders:read']);
    // Several orders changed at the very same moment: ties go by id.
    const tied = Timestamp.now();
    for (const id of ['tie-c', 'tie-a', 'tie-b']) {
      await storedOrder(id, { items: [orderItem('p1', 1)] });
      await adminDb.doc(`orders/${id}`).update({ updatedAt: tied });
    }
    const seen: string[] = [];
    const arrived: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 30; page++) {
      if (page < 6) {
        const id = `arrived-${page}`;
        await storedOrder(id);
        await adminDb.doc(`orders/${id}`).update({ updatedAt: FieldValue.serverTimestamp() });
        arrived.push(id);
      }
      const sent = await send(`/orders?limit=2${cursor ? `&cursor=${cursor}` : ''}`, secret);
      expect(sent.status).toBe(200);
      const items = sent.body.items as ApiOrder[];
      seen.push(...items.map((order) => order.id));
      cursor = sent.body.nextCursor as string;
      if (!sent.body.hasMore && page >= 6) break;
    }
    const all = (await adminDb.collection('orders').get()).docs.map((order) => order.id);
    expect([...seen].sort()).toEqual([...all].sort());
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((id) => id.startsWith('tie-'))).toEqual(['tie-a', 'tie-b', 'tie-c']);
    expect(seen.filter((id) => arrived.includes(id))).toEqual(arrived);

    // Polling on from the last cursor lists nothing until something changes, then only that.
    expect((await send(`/orders?cursor=${cursor}`, secret)).body).toMatchObject({ items: [], nextCursor: cursor, hasMore: false });
    await adminDb.doc('orders/tie-b').update({ status: 'processing', updatedAt: FieldValue.serverTimestamp() });
    const changed = await send(`/orders?cursor=${cursor}`, secret);
    expect((changed.body.items as ApiOrder[]).map((order) => [order.id, order.status])).toEqual([['tie-b', 'processing']]);
    expectProblem(await send('/orders?cursor=not-a-cursor', secret), 400);
  });

  it('shows one order in its public shape, and a missing one as 404', async () => {
    const { secret } = await newKey(['orders:read']);
    await storedOrder('shape-1', { items: [orderItem('p1', 3, 1250)] });
    const sent = await send('/orders/shape-1', secret);
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ id: 'shape-1', status: 'pending', currency: 'USD', totals: { subtotal: 3750, total: 3750 }, lines: [{ productId: 'p1', quantity: 3, unitPrice: 1250, lineTotal: 3750 }], shipments: { count: 0, numbers: [] }, invoiceNumbers: [] });
    expect(sent.body.updatedAt).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
    expectProblem(await send('/orders/nope', secret), 404);
    const since = await send(`/orders?updatedSince=${new Date(Date.parse(sent.body.updatedAt as string) - 1).toISOString()}&limit=200`, secret);
    expect((since.body.items as ApiOrder[]).map((order) => order.id)).toContain('shape-1');
    expect((await send(`/orders?updatedSince=${new Date(Date.now() + 60_000).toISOString()}`, secret)).body.items).toEqual([]);
  });
});

describe('writes through the back office’s code', () => {
  it('a shipment posted through the API issues the invoice, e-mails the buyer and is audited under the key; the same Idempotency-Key ships once', async () => {
    const { keyId, secret } = await newKey(['fulfilment:write', 'receivables:read']);
    const orderId = await placeInvoiceOrder(people.buyer, [[crates, 4]]);
    const idempotencyKey = randomUUID();
    const shipment = { lines: [{ productId: 'crates', quantity: 3 }], ...UPS };
    expectProblem(await send(`/orders/${orderId}/shipments`, secret, { method: 'POST', body: shipment }), 400);
    const first = await send(`/orders/${orderId}/shipments`, secret, { method: 'POST', body: shipment, headers: { 'Idempotency-Key': idempotencyKey } });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ orderId, sequence: 1, status: 'partially-shipped', invoiceNumber: expect.stringMatching(/^INV-\d{6}$/) });
    const again = await send(`/orders/${orderId}/shipments`, secret, { method: 'POST', body: shipment, headers: { 'Idempotency-Key': idempotencyKey } });
    expect([again.status, again.body]).toEqual([201, first.body]);
    expectProblem(await send(`/orders/${orderId}/shipments`, secret, { method: 'POST', body: { ...shipment, lines: [{ productId: 'crates', quantity: 1 }] }, headers: { 'Idempotency-Key': idempotencyKey } }), 422);

    const invoice = (await adminDb.doc(`invoices/${first.body.invoiceNumber as string}`).get()).data()!;
    expect(invoice).toMatchObject({ orderId, companyId: COMPANY, subtotal: 7_500 });
    expect((await adminDb.collection(`orders/${orderId}/shipments`).get()).size).toBe(1);
    expect((await adminDb.doc(`mail/${orderId}-shipment-1`).get()).exists).toBe(true);
    const [entry, ...more] = await auditOf(keyId, 'order.shipment');
    expect(more).toEqual([]);
    expect(entry!.actor).toMatchObject({ uid: `apikey:${keyId}`, name: expect.stringMatching(/^API key "/), role: 'admin' });

    const open = await send(`/invoices?status=open&companyId=${COMPANY}`, secret);
    expect((open.body.items as { number: string }[]).map((item) => item.number)).toContain(first.body.invoiceNumber);
    expect((await send('/invoices?status=paid', secret)).body.items).toEqual([]);
    expect((await send(`/invoices?companyId=${COMPANY}&limit=1`, secret)).body).toMatchObject({ items: [{ number: first.body.invoiceNumber, amountOpen: invoice.total }], hasMore: false });
    // Units the order does not have to ship: a conflict, nothing written.
    expectProblem(await send(`/orders/${orderId}/shipments`, secret, { method: 'POST', body: { ...shipment, lines: [{ productId: 'crates', quantity: 9 }] }, headers: { 'Idempotency-Key': randomUUID() } }), 409);
  });

  it('a stock PUT with the same Idempotency-Key twice changes the stock once', async () => {
    const { keyId, secret } = await newKey(['inventory:write']);
    await storedProduct('bins', { sku: 'BIN-1', stock: 10 });
    const idempotencyKey = randomUUID();
    const put = () => send('/products/BIN-1/stock', secret, { method: 'PUT', body: { stock: 25 }, headers: { 'Idempotency-Key': idempotencyKey } });
    const first = await put();
    expect([first.status, first.body]).toEqual([200, { sku: 'BIN-1', productId: 'bins', stock: 25 }]);
    // Meanwhile an order takes units: the repeated request must not set 25 again.
    await adminDb.doc('products/bins').update({ stock: 20 });
    expect((await put()).body).toEqual(first.body);
    expect((await adminDb.doc('products/bins').get()).get('stock')).toBe(20);
    expect(await auditOf(keyId, 'stock.adjust')).toHaveLength(1);
    expectProblem(await send('/products/NOPE-1/stock', secret, { method: 'PUT', body: { stock: 1 }, headers: { 'Idempotency-Key': randomUUID() } }), 404);
    expectProblem(await send('/products/BIN-1/stock', secret, { method: 'PUT', body: { stock: -1 }, headers: { 'Idempotency-Key': randomUUID() } }), 400);
  });

  it('a product PUT creates, then updates, the product with the SKU through saveProduct', async () => {
    const { keyId, secret } = await newKey(['catalog:write']);
    const product = { name: 'Pallet Wrap', sku: 'WRAP-1', brand: 'Harborline', description: 'Stretch film.', category: 'Safety', price: 3_900, unit: 'roll', packSize: 1, minOrderQty: 1, stock: 12, active: true, tiers: [], imageUrl: '', imagePath: '' };
    const created = await send('/products/WRAP-1', secret, { method: 'PUT', body: product });
    expect([created.status, created.body]).toEqual([201, { sku: 'WRAP-1', productId: 'wrap-1', created: true }]);
    const updated = await send('/products/wrap-1', secret, { method: 'PUT', body: { ...product, price: 3_700 } });
    expect([updated.status, updated.body]).toEqual([200, { sku: 'WRAP-1', productId: 'wrap-1', created: false }]);
    expect((await adminDb.doc('products/wrap-1').get()).data()).toMatchObject({ price: 3_700, searchTokens: expect.any(Array) });
    expect((await auditOf(keyId, 'product.create')).length + (await auditOf(keyId, 'product.update')).length).toBe(2);
    expectProblem(await send('/products/OTHER-1', secret, { method: 'PUT', body: product }), 400);
    expectProblem(await send('/products/WRAP-1', secret, { method: 'PUT', body: { ...product, price: 'cheap' } }), 400);
  });
});

describe('limits and the document', () => {
  it(`answers 429 with Retry-After beyond ${API_REQUESTS_PER_SECOND} requests a second of one key, counted in Firestore for every instance`, async () => {
    const { keyId, secret } = await newKey(['orders:read']);
    /** The key's count for each second of the next half minute, as if other instances had answered that many. */
    const countEverySecond = async (count: number) => {
      const now = Math.floor(Date.now() / 1000);
      const batch = adminDb.batch();
      for (let second = now - 2; second < now + 30; second++) batch.set(adminDb.doc(`apiRateLimits/${keyId}_${second}`), { keyId, count });
      await batch.commit();
    };
    const counts = async () => (await adminDb.collection('apiRateLimits').where('keyId', '==', keyId).get()).docs.map((second) => second.get('count') as number);

    await countEverySecond(API_REQUESTS_PER_SECOND - 1);
    expect((await send('/orders?limit=1', secret)).status).toBe(200);
    expect((await counts()).filter((count) => count === API_REQUESTS_PER_SECOND)).toHaveLength(1);

    await countEverySecond(API_REQUESTS_PER_SECOND);
    const refused = await send('/orders?limit=1', secret);
    expectProblem(refused, 429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(Math.max(...(await counts()))).toBe(API_REQUESTS_PER_SECOND);
  });

  it('serves an OpenAPI 3.1 document generated from the request schemas, without a key', async () => {
    const sent = await send('/openapi.json', null);
    expect(sent.status).toBe(200);
    const document = sent.body as { openapi: string; paths: Record<string, Record<string, { security?: unknown; parameters?: { name: string }[] }>>; components: { schemas: Record<string, unknown> } };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths).sort()).toEqual(['/invoices', '/openapi.json', '/orders', '/orders/{id}', '/orders/{id}/shipments', '/products/{sku}', '/products/{sku}/stock']);
    expect(document.paths['/orders']!.get!.security).toEqual([{ apiKey: ['orders:read'] }]);
    expect(document.paths['/orders']!.get!.parameters!.map((parameter) => parameter.name)).toEqual(['updatedSince', 'cursor', 'limit']);
    // Every reference resolves.
    for (const [, name] of JSON.stringify(document).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)) expect(document.components.schemas).toHaveProperty(name!);
  });
});
