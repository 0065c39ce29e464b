/**
 * Webhooks: admins register endpoints that hear about the shop's events, signed per the Standard
 * Webhooks specification. A change queues its event in its own transaction (`queueWebhookEvent`,
 * `webhookEvents/{msg_…}`, the outbox pattern of the e-mails); a trigger fans each event out to the
 * enabled endpoints subscribed to it (a delivery document each, `webhookEndpoints/{id}/deliveries/
 * {msg_…}`, and a task); `deliverWebhook` makes one attempt per task and Cloud Tasks retries with
 * exponential backoff for a day. An endpoint failing that long is turned off and the admins e-mailed.
 * Every URL is checked against server-side request forgery when saved and before each attempt.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { FieldValue, Timestamp, type DocumentReference, type Transaction } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions/logger';
import { onDocumentCreated } from 'firebase-functions/v2/firestore';
import { HttpsError, onCall } from 'firebase-functions/v2/https';
import { onTaskDispatched } from 'firebase-functions/v2/tasks';
import { Webhook } from 'standardwebhooks';
import {
  createWebhookEndpointInputSchema,
  deleteWebhookEndpointInputSchema,
  resendWebhookDeliveryInputSchema,
  storedText,
  updateWebhookEndpointInputSchema,
  WEBHOOK_RETRY_HOURS,
  webhookEndpointFromData,
  webhookHostName,
  webhookTargetProblem,
  type AuditChange,
  type CreateWebhookEndpointResult,
  type WebhookEventData,
  type WebhookEventType,
  type WebhookPayload,
} from '@harbor/domain';
import { db } from '../admin';
import { enqueueTask } from '../tasks';
import { appendAudit } from '../audit';
import { callableOptions, parseInput, requireStaff } from '../callable';
import { shopNow } from '../clock';
import { queueMail } from '../mail/outbox';

/** The task queue function's name, which is also its queue's. */
const QUEUE = 'deliverWebhook';
/** One attempt waits at most this long for the endpoint's answer. */
const DELIVERY_TIMEOUT_MS = 10_000;
const RETRY_MS = WEBHOOK_RETRY_HOURS * 60 * 60 * 1000;
/** What of an endpoint's answer the delivery log keeps. */
const ANSWER_CHARS = 300;

const endpointRef = (endpointId: string) => db.doc(`webhookEndpoints/${endpointId}`);
const secretRef = (endpointId: string) => db.doc(`webhookEndpoints/${endpointId}/private/secret`);
const deliveryRef = (endpointId: string, deliveryId: string) => db.doc(`webhookEndpoints/${endpointId}/deliveries/${deliveryId}`);

/** On the emulators, endpoints a test starts on this machine (http://127.0.0.1) are allowed. */
const onEmulators = () => process.env.FUNCTIONS_EMULATOR === 'true';

/**
 * Queues `type` with `data` in the transaction of the change it reports: the event exists exactly
 * when the change does. Its id is the `webhook-id` every endpoint receives it with.
 */
export function queueWebhookEvent<Type extends WebhookEventType>(transaction: Transaction, type: Type, data: WebhookEventData[Type]): void {
  transaction.create(db.doc(`webhookEvents/msg_${randomUUID().replaceAll('-', '')}`), { type, data, createdAt: Timestamp.now() });
}

/** The addresses `url`'s host resolves to, each of them public (or the emulators' local endpoint); refused with a sentence otherwise. */
async function checkedTarget(url: string): Promise<{ addresses: LookupAddress[] } | { problem: string }> {
  let addresses: LookupAddress[] = [];
  try {
    addresses = await lookup(webhookHostName(url), { all: true, verbatim: true });
  } catch {
    // Not found: judged below as resolving to nothing.
  }
  const problem = webhookTargetProblem(url, addresses.map((each) => each.address), onEmulators());
  return problem ? { problem } : { addresses };
}

/** Refuses to save an endpoint whose URL the shop must not send to. */
async function requireSafeUrl(url: string): Promise<void> {
  const target = await checkedTarget(url);
  if ('problem' in target) throw new HttpsError('invalid-argument', target.problem);
}

const eventsText = (events: readonly string[]) => events.join(', ');

/** An admin adds an endpoint; the answer holds its signing secret, shown once. */
export const createWebhookEndpoint = onCall(callableOptions(), async (request): Promise<CreateWebhookEndpointResult> => {
  const staff = await requireStaff(request, 'integrations.manage');
  const { url, events } = parseInput(createWebhookEndpointInputSchema, request.data);
  await requireSafeUrl(url);
  // Standard Webhooks' secret: "whsec_" and the base64 of 24 random bytes.
  const secret = `whsec_${randomBytes(24).toString('base64')}`;
  const ref = db.collection('webhookEndpoints').doc();
  await db.runTransaction(async (transaction) => {
    const now = Timestamp.now();
    transaction.create(ref, { url, events, enabled: true, disabledReason: '', createdAt: now, updatedAt: now, failingSince: null, createdBy: staff.uid, createdByName: staff.name });
    transaction.create(secretRef(ref.id), { secret });
    appendAudit(transaction, staff, {
      action: 'webhook.create',
      target: `webhookEndpoints/${ref.id}`,
      summary: `Webhook endpoint ${url} added for ${eventsText(events)}`,
      changes: [
        { field: 'url', from: null, to: url },
        { field: 'events', from: null, to: events },
      ],
    });
  });
  return { endpointId: ref.id, secret };
});

const NO_ENDPOINT = (endpointId: string) => new HttpsError('not-found', `There is no webhook endpoint ${endpointId}. Reload the page to see the endpoints as they are.`);

/** An admin changes an endpoint's URL or events, or turns it off or on again (which forgets its failures). */
export const updateWebhookEndpoint = onCall(callableOptions(), async (request) => {
  const staff = await requireStaff(request, 'integrations.manage');
  const input = parseInput(updateWebhookEndpointInputSchema, request.data);
  if (input.url !== undefined) await requireSafeUrl(input.url);
  return db.runTransaction(async (transaction) => {
    const snapshot = await transaction.get(endpointRef(input.endpointId));
    if (!snapshot.exists) throw NO_ENDPOINT(input.endpointId);
    const endpoint = webhookEndpointFromData(snapshot.id, snapshot.data()!);
    const changes: AuditChange[] = [];
    if (input.url !== undefined && input.url !== endpoint.url) changes.push({ field: 'url', from: endpoint.url, to: input.url });
    if (input.events && eventsText([...input.events].sort()) !== eventsText([...endpoint.events].sort())) changes.push({ field: 'events', from: endpoint.events, to: input.events });
    if (input.enabled !== undefined && input.enabled !== endpoint.enabled) changes.push({ field: 'enabled', from: endpoint.enabled, to: input.enabled });
    if (!changes.length) return { endpointId: endpoint.id };
    transaction.update(snapshot.ref, {
      ...Object.fromEntries(changes.map((change) => [change.field, change.to])),
      // Turned on again, it starts afresh; turned off, the log says by whom.
      ...(input.enabled === true && !endpoint.enabled ? { disabledReason: '', failingSince: null } : {}),
      ...(input.enabled === false && endpoint.enabled ? { disabledReason: `Turned off by ${staff.name}.` } : {}),
      updatedAt: FieldValue.serverTimestamp(),
    });
    appendAudit(transaction, staff, {
      action: 'webhook.update',
      target: `webhookEndpoints/${endpoint.id}`,
      summary: `Webhook endpoint ${input.url ?? endpoint.url} changed: ${changes.map((change) => change.field).join(', ')}`,
      changes,
    });
    return { endpointId: endpoint.id };
  });
});

/** An admin deletes an endpoint: nothing more is sent to it, and its secret and delivery log go with it. */
export const deleteWebhookEndpoint = onCall(callableOptions(), async (request) => {
  const staff = await requireStaff(request, 'integrations.manage');
  const { endpointId } = parseInput(deleteWebhookEndpointInputSchema, request.data);
  const ref = endpointRef(endpointId);
  await db.runTransaction(async (transaction) => {
    const snapshot = await transaction.get(ref);
    if (!snapshot.exists) throw NO_ENDPOINT(endpointId);
    const url = storedText(snapshot.get('url'));
    transaction.delete(ref);
    transaction.delete(secretRef(endpointId));
    appendAudit(transaction, staff, { action: 'webhook.delete', target: `webhookEndpoints/${endpointId}`, summary: `Webhook endpoint ${url} deleted`, changes: [{ field: 'url', from: url, to: null }] });
  });
  // The log, after the endpoint: a task still queued finds no endpoint and ends.
  const log = db.bulkWriter();
  for (const delivery of await ref.collection('deliveries').listDocuments()) void log.delete(delivery);
  await log.close();
  return { endpointId };
});

/** What a task asks `deliverWebhook` to send. */
export interface WebhookTask {
  endpointId: string;
  deliveryId: string;
}

/** Puts an attempt of the delivery on the queue, once per round (a double click on "resend" is one task). */
const enqueueDelivery = (task: WebhookTask, round: string) => enqueueTask<WebhookTask>(QUEUE, task, `${task.endpointId}/${task.deliveryId}`, round, 60);

/**
 * The outbox: each event becomes a delivery (its payload as sent, its status and attempts) for every
 * enabled endpoint subscribed to its type, and a task. A delivery already made (the trigger run
 * again) is kept as it is.
 */
export const fanOutWebhookEvent = onDocumentCreated('webhookEvents/{eventId}', async (event) => {
  const stored = event.data;
  if (!stored) return;
  const type = stored.get('type') as WebhookEventType;
  const createdAt = stored.get('createdAt') as Timestamp;
  const payload: WebhookPayload = { type, timestamp: createdAt.toDate().toISOString(), data: stored.get('data') as WebhookEventData[WebhookEventType] };
  const endpoints = await db.collection('webhookEndpoints').where('events', 'array-contains', type).get();
  await Promise.all(
    endpoints.docs
      .filter((endpoint) => endpoint.get('enabled') !== false)
      .map(async (endpoint) => {
        const now = Timestamp.now();
        await deliveryRef(endpoint.id, stored.id)
          .create({ type, payload, status: 'pending', attempts: 0, responseCode: 0, error: '', createdAt: now, retryingSince: now, lastAttemptAt: null })
          .catch((error: { code?: number }) => {
            // 6: ALREADY_EXISTS, the trigger delivered again.
            if (error.code !== 6) throw error;
          });
        await enqueueDelivery({ endpointId: endpoint.id, deliveryId: stored.id }, 'new');
      }),
  );
});

/** An endpoint's answer to one attempt: its HTTP status (0 when none came) and, unless 2xx, why it failed. */
interface Answer {
  responseCode: number;
  error: string;
}

/**
 * POSTs `body` to `url`, connecting only to `addresses` (the ones just judged public, so a second
 * resolution cannot point elsewhere), following no redirect, waiting at most DELIVERY_TIMEOUT_MS.
 */
function post(url: string, addresses: LookupAddress[], headers: Record<string, string>, body: string): Promise<Answer> {
  const send = new URL(url).protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const request = send(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'Harbor-Webhooks/1' },
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
        // The addresses judged, when any were looked up (the emulators' local endpoint is resolved as usual).
        ...(addresses.length
          ? {
              lookup: (_host: string, options: { all?: boolean }, callback: (error: null, address: string | LookupAddress[], family?: number) => void) =>
                options.all ? callback(null, addresses) : callback(null, addresses[0]!.address, addresses[0]!.family),
            }
          : {}),
      },
      (response: IncomingMessage) => {
        const status = response.statusCode ?? 0;
        let answer = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (answer.length < ANSWER_CHARS) answer += chunk;
        });
        response.on('end', () => {
          if (status >= 200 && status < 300) return resolve({ responseCode: status, error: '' });
          const why = status >= 300 && status < 400 ? `redirected to ${response.headers.location ?? 'another address'}, which is not followed` : answer.trim().slice(0, ANSWER_CHARS) || response.statusMessage || 'no explanation';
          resolve({ responseCode: status, error: `The endpoint answered ${status}: ${why}.` });
        });
        response.on('error', (error) => resolve({ responseCode: status, error: `The answer was cut off: ${error.message}` }));
      },
    );
    request.on('error', (error: Error & { code?: string }) => {
      const timedOut = error.name === 'AbortError' || error.name === 'TimeoutError';
      resolve({ responseCode: 0, error: timedOut ? `No answer within ${DELIVERY_TIMEOUT_MS / 1000} s.` : `Could not reach the endpoint: ${error.code ?? error.message}.` });
    });
    request.end(body);
  });
}

/** Signs and sends one attempt of the delivery (Standard Webhooks headers), after checking its URL again. */
async function attemptDelivery(url: string, secret: string, deliveryId: string, payload: unknown): Promise<Answer> {
  const target = await checkedTarget(url);
  if ('problem' in target) return { responseCode: 0, error: `Not sent: ${target.problem}` };
  const body = JSON.stringify(payload);
  const sentAt = new Date();
  const signature = new Webhook(secret).sign(deliveryId, sentAt, body);
  const headers = { 'webhook-id': deliveryId, 'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)), 'webhook-signature': signature };
  // The emulators' local endpoint is reached as its name resolves; any other only at the addresses judged.
  return post(url, new URL(url).protocol === 'https:' ? target.addresses : [], headers, body);
}

/**
 * Records an attempt: the delivery's status, attempts, answer; the endpoint's failures. A success
 * clears them; a failure starts or continues them, and after WEBHOOK_RETRY_HOURS without a success
 * turns the endpoint off and e-mails the admins. Answers whether the queue should try again.
 */
async function recordAttempt(endpoint: DocumentReference, delivery: DocumentReference, answer: Answer, now: number): Promise<boolean> {
  return db.runTransaction(async (transaction) => {
    const [endpointSnapshot, deliverySnapshot] = await transaction.getAll(endpoint, delivery);
    if (!endpointSnapshot!.exists || !deliverySnapshot!.exists) return false;
    const admins = answer.error ? await transaction.get(db.collection('users').where('role', '==', 'admin')) : null;
    const current = webhookEndpointFromData(endpoint.id, endpointSnapshot!.data()!);
    const attempts = Number(deliverySnapshot!.get('attempts') ?? 0) + 1;
    const attempt = { attempts, responseCode: answer.responseCode, error: answer.error, lastAttemptAt: Timestamp.fromMillis(now) };
    if (!answer.error) {
      transaction.update(delivery, { ...attempt, status: 'delivered' });
      if (current.failingSince) transaction.update(endpoint, { failingSince: null });
      return false;
    }
    const failingSince = current.failingSince || now;
    const disable = current.enabled && now - failingSince >= RETRY_MS;
    const retryingSince = (deliverySnapshot!.get('retryingSince') as Timestamp | undefined)?.toMillis() ?? now;
    const giveUp = disable || !current.enabled || now - retryingSince >= RETRY_MS;
    transaction.update(delivery, { ...attempt, status: giveUp ? 'failed' : 'retrying' });
    if (disable) {
      const disabledReason = `No delivery succeeded for ${WEBHOOK_RETRY_HOURS} hours; the last answer: ${answer.error}`;
      transaction.update(endpoint, { enabled: false, disabledReason, failingSince: Timestamp.fromMillis(failingSince), updatedAt: FieldValue.serverTimestamp() });
      const to = admins!.docs.map((admin) => storedText(admin.get('email'))).filter((email) => email.includes('@'));
      if (to.length) queueMail(transaction, { id: `webhook-${endpoint.id}-disabled-${failingSince}`, to, template: 'webhookEndpointDisabled', data: { endpointId: endpoint.id } });
    } else if (!current.failingSince) transaction.update(endpoint, { failingSince: Timestamp.fromMillis(failingSince) });
    return !giveUp;
  });
}

/**
 * One attempt of one delivery per task. A delivery already delivered or given up is left as it is
 * (a task delivered twice); a failure records why and throws, so Cloud Tasks tries again after its
 * backoff (5 s, doubling, at most an hour apart) for WEBHOOK_RETRY_HOURS.
 */
export const deliverWebhook = onTaskDispatched<WebhookTask>(
  {
    retryConfig: { maxAttempts: 100, maxRetrySeconds: RETRY_MS / 1000, minBackoffSeconds: 5, maxBackoffSeconds: 3600, maxDoublings: 10 },
    rateLimits: { maxConcurrentDispatches: 6 },
    timeoutSeconds: 60,
  },
  async (request) => {
    const { endpointId, deliveryId } = request.data ?? {};
    if (typeof endpointId !== 'string' || typeof deliveryId !== 'string' || !endpointId || !deliveryId || `${endpointId}${deliveryId}`.includes('/')) {
      logger.error('deliverWebhook: a task without an endpoint or delivery id', { data: request.data });
      return;
    }
    const endpoint = endpointRef(endpointId);
    const delivery = deliveryRef(endpointId, deliveryId);
    const [endpointSnapshot, secretSnapshot, deliverySnapshot] = await db.getAll(endpoint, secretRef(endpointId), delivery);
    // Deleted since, or already delivered or given up.
    if (!endpointSnapshot!.exists || !secretSnapshot!.exists || !deliverySnapshot!.exists) return;
    if (!['pending', 'retrying'].includes(storedText(deliverySnapshot!.get('status')))) return;
    const answer = endpointSnapshot!.get('enabled') === false
      ? { responseCode: 0, error: 'Not sent: the endpoint is turned off.' }
      : await attemptDelivery(storedText(endpointSnapshot!.get('url')), storedText(secretSnapshot!.get('secret')), deliveryId, deliverySnapshot!.get('payload'));
    const again = await recordAttempt(endpoint, delivery, answer, await shopNow());
    if (again) {
      logger.warn(`deliverWebhook: ${endpointId}/${deliveryId} failed, the queue tries again: ${answer.error}`);
      // An HttpsError, so the handler answers 503 without logging it again as an unhandled error.
      throw new HttpsError('unavailable', answer.error);
    }
  },
);

/** An admin sends a delivery again: a new attempt of the same webhook-id, with a day of retries of its own. */
export const resendWebhookDelivery = onCall(callableOptions(), async (request) => {
  await requireStaff(request, 'integrations.manage');
  const { endpointId, deliveryId } = parseInput(resendWebhookDeliveryInputSchema, request.data);
  const attempts = await db.runTransaction(async (transaction) => {
    const [endpoint, delivery] = await transaction.getAll(endpointRef(endpointId), deliveryRef(endpointId, deliveryId));
    if (!endpoint!.exists) throw NO_ENDPOINT(endpointId);
    if (!delivery!.exists) throw new HttpsError('not-found', `Endpoint ${storedText(endpoint!.get('url'))} has no delivery ${deliveryId}.`);
    if (endpoint!.get('enabled') === false) throw new HttpsError('failed-precondition', 'This endpoint is turned off. Turn it on first, then send the delivery again.');
    transaction.update(delivery!.ref, { status: 'pending', retryingSince: Timestamp.now() });
    return Number(delivery!.get('attempts') ?? 0);
  });
  // One task per resend after that many attempts: a double click queues it once.
  await enqueueDelivery({ endpointId, deliveryId }, `resend-${attempts}`);
  return { endpointId, deliveryId };
});
