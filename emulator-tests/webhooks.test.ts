/**
 * Webhooks on the emulators: an endpoint on a local port receives the shop's events signed per
 * the Standard Webhooks specification; a failing one is retried by the delivery queue, resent on
 * request, and turned off (the admins e-mailed) after a day without a success; URLs that reach the
 * shop's own network are refused; an endpoint hears only the events it subscribed to.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Timestamp } from 'firebase-admin/firestore';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CreateWebhookEndpointResult, Orderable, WebhookEventType, WebhookPayload } from '@harbor/domain';
import { adminClient } from './adminFixtures';
import { adminDb, callError, clearFirestore, documentWhen, webClient, type TestClient } from './harness';
import { placeTestOrder, storeOrderable } from './inbox';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

const received: Received[] = [];
/** Answers for a path, in turn; the last one repeats. */
const answers = new Map<string, number[]>();
const waiters: (() => void)[] = [];
let server: Server;
let origin = '';

/** Resolves once `count` requests reached `path` (failing after `timeout`, with what did arrive). */
async function requestsTo(path: string, count: number, timeout = 60_000): Promise<Received[]> {
  const to = () => received.filter((each) => each.path === path);
  const deadline = Date.now() + timeout;
  while (to().length < count) {
    if (Date.now() > deadline) throw new Error(`${to().length} of ${count} requests reached ${path}`);
    await new Promise<void>((resolve) => {
      waiters.push(resolve);
      setTimeout(resolve, 1_000);
    });
  }
  return to();
}

const coffee: Orderable = { id: 'hook-coffee', name: 'Dark Roast', sku: 'HOOK-1', unit: 'bag', imageUrl: '/x.svg', price: 6450, tiers: [], minOrderQty: 1, packSize: 1, stock: 500, active: true };

let admin: TestClient;
let buyer: TestClient;

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      received.push({ path, headers: request.headers, body });
      const queue = answers.get(path) ?? [200];
      const status = queue.length > 1 ? queue.shift()! : queue[0]!;
      response.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : 'Down for maintenance');
      waiters.splice(0).forEach((wake) => wake());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  [admin, buyer] = await Promise.all([adminClient(), webClient(`hooks-buyer-${Date.now()}@harbor.test`)]);
});

afterAll(async () => {
  await Promise.all([admin.close(), buyer.close()]);
  server.close();
});

beforeEach(async () => {
  await clearFirestore();
  await adminDb.doc(`users/${admin.uid}`).set({ name: 'Test Admin', email: 'hooks-admin@harbor.test', role: 'admin' });
  await storeOrderable(coffee);
});

const addEndpoint = (path: string, events: WebhookEventType[]) => admin.call<CreateWebhookEndpointResult>('createWebhookEndpoint', { url: `${origin}${path}`, events });
const deliveries = async (endpointId: string) => (await adminDb.collection(`webhookEndpoints/${endpointId}/deliveries`).get()).docs.map((each) => each.data());

describe('webhook deliveries', () => {
  it('sends order.created signed per Standard Webhooks, once, and nothing to an endpoint not subscribed to it', { timeout: 120_000 }, async () => {
    const hooked = await addEndpoint('/orders', ['order.created']);
    const other = await addEndpoint('/products', ['product.updated']);
    expect(hooked.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    // The secret is kept apart, never on the endpoint admins read.
    expect((await adminDb.doc(`webhookEndpoints/${hooked.endpointId}`).get()).data()).not.toHaveProperty('secret');

    const orderId = await placeTestOrder(buyer, coffee, 2);
    const [delivery] = await requestsTo('/orders', 1);
    const headers = { 'webhook-id': String(delivery!.headers['webhook-id']), 'webhook-timestamp': String(delivery!.headers['webhook-timestamp']), 'webhook-signature': String(delivery!.headers['webhook-signature']) };
    const payload = new Webhook(hooked.secret).verify(delivery!.body, headers) as WebhookPayload<'order.created'>;
    expect(payload).toMatchObject({ type: 'order.created', data: { orderId, status: 'pending', total: expect.any(Number), currency: 'USD' } });
    expect(Date.parse(payload.timestamp)).not.toBeNaN();
    expect(headers['webhook-id']).toMatch(/^msg_/);
    // Signed with another secret, it does not verify.
    expect(() => new Webhook(other.secret).verify(delivery!.body, headers)).toThrow();

    const log = await documentWhen(`webhookEndpoints/${hooked.endpointId}/deliveries/${headers['webhook-id']}`, (data) => data.status === 'delivered');
    expect(log).toMatchObject({ type: 'order.created', status: 'delivered', attempts: 1, responseCode: 200, error: '' });
    expect(await deliveries(other.endpointId)).toEqual([]);
    expect(received.filter((each) => each.path === '/products')).toEqual([]);
  });

  it('retries a failing endpoint until it answers, logs each attempt, and resends on request as the same webhook-id', { timeout: 120_000 }, async () => {
    answers.set('/flaky', [500, 200]);
    const { endpointId } = await addEndpoint('/flaky', ['order.created']);
    await placeTestOrder(buyer, coffee, 2);
    const [first, second] = await requestsTo('/flaky', 2);
    expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    const deliveryId = String(first!.headers['webhook-id']);
    const path = `webhookEndpoints/${endpointId}/deliveries/${deliveryId}`;
    expect(await documentWhen(path, (data) => data.status === 'delivered')).toMatchObject({ status: 'delivered', attempts: 2, responseCode: 200, error: '' });
    // The failure was on the endpoint until the success cleared it.
    expect((await adminDb.doc(`webhookEndpoints/${endpointId}`).get()).get('failingSince')).toBeNull();

    await admin.call('resendWebhookDelivery', { endpointId, deliveryId });
    const resent = (await requestsTo('/flaky', 3))[2]!;
    expect(resent.headers['webhook-id']).toBe(deliveryId);
    expect(resent.body).toBe(first!.body);
    expect(await documentWhen(path, (data) => data.attempts === 3 && data.status === 'delivered')).toMatchObject({ status: 'delivered', attempts: 3 });
    expect(await callError(admin.call('resendWebhookDelivery', { endpointId, deliveryId: 'msg_none' }))).toMatchObject({ code: 'not-found' });
  });

  it('turns off an endpoint that has failed for a day, and e-mails the admins', { timeout: 120_000 }, async () => {
    answers.set('/down', [503]);
    const { endpointId } = await addEndpoint('/down', ['product.updated']);
    await adminDb.doc(`webhookEndpoints/${endpointId}`).update({ failingSince: Timestamp.fromMillis(Date.now() - 25 * 60 * 60 * 1000) });
    await admin.call('adjustStock', { productId: coffee.id, delta: 5, reason: 'Recount' });
    const endpoint = await documentWhen(`webhookEndpoints/${endpointId}`, (data) => data.enabled === false);
    expect(endpoint).toMatchObject({ enabled: false, disabledReason: expect.stringMatching(/^No delivery succeeded for 24 hours; the last answer: The endpoint answered 503: Down for maintenance\./) });
    const [log] = await deliveries(endpointId);
    expect(log).toMatchObject({ type: 'product.updated', status: 'failed', attempts: 1, responseCode: 503 });
    expect(log!.payload.data).toMatchObject({ productId: coffee.id, sku: 'HOOK-1', stock: 505, deleted: false });
    const mail = (await adminDb.collection('mail').where('template', '==', 'webhookEndpointDisabled').get()).docs.map((each) => each.data());
    expect(mail).toEqual([expect.objectContaining({ to: ['hooks-admin@harbor.test'], data: { endpointId } })]);

    // Turned on again, it starts afresh; a resend goes out again.
    await admin.call('updateWebhookEndpoint', { endpointId, enabled: true });
    expect((await adminDb.doc(`webhookEndpoints/${endpointId}`).get()).data()).toMatchObject({ enabled: true, disabledReason: '', failingSince: null });
  });
});

describe('webhook endpoint URLs', () => {
  it('refuses URLs that reach the shop’s own network, after resolution, even on the emulators', async () => {
    const auditBefore = (await adminDb.collection('auditLog').count().get()).data().count;
    const refused = async (url: string) => callError(admin.call('createWebhookEndpoint', { url, events: ['order.created'] }));
    expect(await refused('http://10.0.0.1/hooks')).toEqual({ code: 'invalid-argument', message: 'The URL must start with https://, so deliveries are encrypted.' });
    expect(await refused('https://10.0.0.1/hooks')).toEqual({ code: 'invalid-argument', message: 'The address 10.0.0.1 is a private network address. Webhooks go only to addresses on the public internet. Please give a public https:// URL.' });
    expect(await refused('https://169.254.169.254/latest/meta-data')).toMatchObject({ code: 'invalid-argument', message: expect.stringMatching(/^The address 169\.254\.169\.254 is a link-local address/) });
    expect(await refused('https://localhost/hooks')).toMatchObject({ code: 'invalid-argument', message: expect.stringMatching(/^The host localhost resolves to (127\.0\.0\.1|::1), which is a loopback address/) });
    expect(await refused('https://[::ffff:192.168.1.1]/hooks')).toMatchObject({ code: 'invalid-argument', message: expect.stringMatching(/is a private network address/) });
    expect(await refused('https://metadata.google.internal/')).toMatchObject({ code: 'invalid-argument', message: expect.stringMatching(/cloud metadata service/) });
    const { endpointId } = await addEndpoint('/ok', ['order.created']);
    expect(await callError(admin.call('updateWebhookEndpoint', { endpointId, url: 'https://192.168.0.10/hooks' }))).toMatchObject({ code: 'invalid-argument', message: expect.stringMatching(/private network address/) });
    // Only the endpoint that was added is audited.
    expect((await adminDb.collection('auditLog').count().get()).data().count).toBe(auditBefore + 1);
    const [entry] = (await adminDb.collection('auditLog').where('target', '==', `webhookEndpoints/${endpointId}`).get()).docs;
    expect(entry!.data()).toMatchObject({ action: 'webhook.create', changes: [{ field: 'url', from: null, to: `${origin}/ok` }, { field: 'events', from: null, to: ['order.created'] }] });

    await admin.call('deleteWebhookEndpoint', { endpointId });
    expect((await adminDb.doc(`webhookEndpoints/${endpointId}`).get()).exists).toBe(false);
    expect((await adminDb.doc(`webhookEndpoints/${endpointId}/private/secret`).get()).exists).toBe(false);
  });
});
