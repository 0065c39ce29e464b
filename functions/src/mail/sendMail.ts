import { FieldValue, Timestamp, type DocumentReference } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions/logger';
import { defineInt, defineSecret } from 'firebase-functions/params';
import { onDocumentCreated } from 'firebase-functions/v2/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { onTaskDispatched } from 'firebase-functions/v2/tasks';
import { MAIL } from '@harbor/domain';
import { db } from '../admin';
import { enqueueTask } from '../tasks';
import type { MailDocument } from './outbox';
import { MAIL_TEMPLATES, UndeliverableMail, type MailTemplateName } from './templates';

/**
 * The SMTP server, e.g. smtps://user:password@smtp.example.com:465. A secret in production
 * (`firebase functions:secrets:set SMTP_URL`); the emulators read it from functions/.secret.local,
 * which the harness writes to point at its local maildev.
 */
const SMTP_URL = defineSecret('SMTP_URL');

/**
 * The delivery queue's retries: 12 attempts, 2 s after the first failure, doubling, at most
 * 10 minutes apart (about 37 minutes of retries in all). Cloud Tasks waits between attempts, so no
 * function runs while a message waits.
 */
const RETRY = { maxAttempts: 12, minBackoffSeconds: 2, maxBackoffSeconds: 600, maxDoublings: 9 };
export const MAX_ATTEMPTS = RETRY.maxAttempts;
/**
 * Attempts running at once (MAIL_SENDS_AT_ONCE in functions/.env.<project>). An SMTP server takes a
 * handful of connections from one sender, and an attempt takes about a second, so three send
 * thousands of messages an hour. The emulators' projects send one at a time, as their outbox
 * trigger used to: the functions emulator starts a process for each attempt running at once, and a
 * burst of orders (emulator-tests/orderDocuments.test.ts, 20 at once) would starve a small machine.
 */
const SENDS_AT_ONCE = defineInt('MAIL_SENDS_AT_ONCE', { default: 3, description: 'How many e-mails are sent at once (the delivery queue\'s maxConcurrentDispatches).' });
/**
 * How long one attempt may wait: connecting, the greeting and each answer. SMTP_TIMEOUT_SECONDS in
 * functions/.env.<project> may change it (the emulators' project sets 2 s for its local server).
 */
const SMTP_TIMEOUT_MS = (Number(process.env.SMTP_TIMEOUT_SECONDS) || 10) * 1000;
/** One attempt's time limit: the SMTP waits above and the rendering (an invoice PDF). */
const ATTEMPT_SECONDS = 120;
/** A waiting message the queue should have tried this long ago is taken as lost by `retryMail`. */
const LOST_AFTER_MS = 10 * 60_000;
/** The task queue function's name, which is also its queue's. */
const QUEUE = 'deliverMail';

/** The payload of a delivery task. */
export interface MailTask {
  mailId: string;
}

/**
 * The SMTP URL with the attempt's time limits as query options, unless it sets its own. Given a
 * URL, nodemailer takes its options from the URL alone (a second argument is message defaults).
 */
function smtpUrl(): string {
  const url = new URL(SMTP_URL.value());
  for (const option of ['connectionTimeout', 'greetingTimeout', 'socketTimeout']) {
    if (!url.searchParams.has(option)) url.searchParams.set(option, String(SMTP_TIMEOUT_MS));
  }
  return url.toString();
}

/** How long the queue waits after the nth failed attempt (its retryConfig): 2 s, doubling, at most 10 minutes. */
export function retryDelay(attempts: number): number {
  return Math.min(RETRY.maxBackoffSeconds, RETRY.minBackoffSeconds * 2 ** (attempts - 1)) * 1000;
}

/**
 * Claims the message for one attempt: only while it waits (`pending` or `retry`). A task reaches
 * the function only once the queue's backoff has passed, so a `retry` is due whenever a task
 * arrives; the claim does not second-guess the queue's clock. Two tasks for one message (a
 * redelivery, the sweeper's) that meet here claim it once: the other finds it `sending` or `sent`.
 */
async function claim(ref: DocumentReference): Promise<MailDocument | null> {
  return db.runTransaction(async (transaction) => {
    const mail = (await transaction.get(ref)).data() as MailDocument | undefined;
    if (!mail || (mail.status !== 'pending' && mail.status !== 'retry')) return null;
    transaction.update(ref, { status: 'sending', attempts: mail.attempts + 1, updatedAt: FieldValue.serverTimestamp() });
    return mail;
  });
}

function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}

/** Renders the message and hands it to the SMTP server; throws what either step throws. */
async function send(ref: DocumentReference, mail: MailDocument): Promise<string> {
  const template = MAIL_TEMPLATES[mail.template as MailTemplateName] as { render(data: unknown): ReturnType<(typeof MAIL_TEMPLATES)['orderProcessing']['render']> } | undefined;
  if (!template) throw new UndeliverableMail(`There is no e-mail template "${mail.template}".`);
  const message = await template.render(mail.data);
  // Loaded on first use, so the callables' cold starts do not pay for it.
  const { createTransport } = await import('nodemailer');
  const transport = createTransport(smtpUrl());
  try {
    const info = await transport.sendMail({ from: MAIL.from, to: mail.to, ...message, messageId: `<${ref.id}@harbor-wholesale>` });
    return String(info.response ?? '');
  } finally {
    transport.close();
  }
}

/**
 * One attempt at the message. Resolves once it is sent, given up (`failed`: undeliverable, or its
 * last attempt), or not this task's to send; throws after a failure worth retrying, which it
 * records as `retry`, so the queue tries again after its backoff.
 */
async function attempt(ref: DocumentReference): Promise<void> {
  const claimed = await claim(ref);
  if (!claimed) return;
  const attempts = claimed.attempts + 1;
  let response: string;
  try {
    response = await send(ref, claimed);
  } catch (error) {
    const giveUp = error instanceof UndeliverableMail || attempts >= MAX_ATTEMPTS;
    await ref.update({
      status: giveUp ? 'failed' : 'retry',
      lastError: errorText(error),
      // When the queue tries again; `retryMail` looks for messages long past it.
      nextAttemptAt: Timestamp.fromMillis(Date.now() + (giveUp ? 0 : retryDelay(attempts))),
      updatedAt: FieldValue.serverTimestamp(),
    });
    const note = `mail/${ref.id}, attempt ${attempts} of ${MAX_ATTEMPTS}: ${errorText(error)}`;
    if (giveUp) {
      logger.error(`deliverMail: gave up on ${note}`);
      return;
    }
    logger.warn(`deliverMail: the queue tries again in ${retryDelay(attempts) / 1000} s; ${note}`);
    // An HttpsError, so the handler answers 503 without logging it again as an unhandled error.
    throw new HttpsError('unavailable', note);
  }
  // Outside the catch: the server has the message, so a failure to record it must not mark it
  // `retry`. It stays `sending`, which no task claims, rather than go out twice.
  await ref.update({ status: 'sent', sentAt: FieldValue.serverTimestamp(), updatedAt: FieldValue.serverTimestamp(), lastError: null, response });
}

/**
 * Puts a delivery task for the message on the queue, once per round. The queue gives up waiting
 * for an attempt when the function would (the default is longer in production, 60 s on the emulator).
 */
const enqueueDelivery = (mailId: string, round: string) => enqueueTask<MailTask>(QUEUE, { mailId }, mailId, round, ATTEMPT_SECONDS);

/** The outbox: each new `mail/{id}` becomes a delivery task. Nothing here waits for SMTP. */
export const sendMail = onDocumentCreated('mail/{mailId}', async (event) => {
  await enqueueDelivery(event.params.mailId, 'new');
});

/**
 * Delivers one message per task, one attempt per dispatch. Cloud Tasks holds the message between
 * attempts (retryConfig's backoff) and keeps the SMTP server to SENDS_AT_ONCE connections.
 * A sent message is never sent again; one cut off while sending stays `sending` rather than risk a
 * duplicate.
 */
export const deliverMail = onTaskDispatched<MailTask>(
  { retryConfig: RETRY, rateLimits: { maxConcurrentDispatches: SENDS_AT_ONCE }, secrets: [SMTP_URL], timeoutSeconds: ATTEMPT_SECONDS },
  async (request) => {
    const mailId = request.data?.mailId;
    if (typeof mailId !== 'string' || !mailId || mailId.includes('/')) {
      logger.error('deliverMail: a task without a message id', { data: request.data });
      return;
    }
    await attempt(db.doc(`mail/${mailId}`));
  },
);

/**
 * The sweeper. The queue holds every message between attempts, so this is no retry loop: it only
 * puts back on the queue a message nobody holds any more, waiting (`pending` or `retry`) long past
 * the time its next attempt was due. That happens when the outbox trigger could not queue it (the
 * Tasks API failed, the event was lost), when the queue dropped or ran out of a task before the
 * message's own count of attempts did, and for messages a deploy of this sender finds waiting. A
 * sweep's task id names the attempts so far, so sweeps that find the message unchanged queue it once.
 */
export const retryMail = onSchedule({ schedule: 'every 10 minutes', timeoutSeconds: 120 }, async () => {
  const lost = await db
    .collection('mail')
    .where('status', 'in', ['pending', 'retry'])
    .where('nextAttemptAt', '<=', Timestamp.fromMillis(Date.now() - LOST_AFTER_MS))
    .limit(200)
    .get();
  await Promise.all(lost.docs.map((document) => enqueueDelivery(document.id, `sweep-${String(document.get('attempts'))}`)));
  if (!lost.empty) logger.warn(`retryMail: ${lost.size} messages queued again`, { ids: lost.docs.map((document) => document.id) });
});
