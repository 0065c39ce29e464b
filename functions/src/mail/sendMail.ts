import { setTimeout as sleep } from 'node:timers/promises';
import { FieldValue, Timestamp, type DocumentReference } from 'firebase-admin/firestore';
import { defineSecret } from 'firebase-functions/params';
import { onDocumentCreated } from 'firebase-functions/v2/firestore';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { MAIL } from '@harbor/domain';
import { db } from '../admin';
import type { MailDocument } from './outbox';
import { MAIL_TEMPLATES, UndeliverableMail, type MailTemplateName } from './templates';

/**
 * The SMTP server, e.g. smtps://user:password@smtp.example.com:465. A secret in production
 * (`firebase functions:secrets:set SMTP_URL`); the emulators read it from functions/.secret.local,
 * which the harness writes to point at its local maildev.
 */
const SMTP_URL = defineSecret('SMTP_URL');

/** Attempts before a message is given up (about 50 minutes of retries in all). */
export const MAX_ATTEMPTS = 12;
const FIRST_RETRY_MS = 2_000;
const MAX_RETRY_MS = 5 * 60_000;
/**
 * How long one attempt may wait: connecting, the greeting and each answer. SMTP_TIMEOUT_SECONDS in
 * functions/.env.<project> may change it (the emulators' project sets 2 s for its local server).
 */
const SMTP_TIMEOUT_MS = (Number(process.env.SMTP_TIMEOUT_SECONDS) || 10) * 1000;
const RUN_SECONDS = 540;
/** A run stops waiting for its next attempt this long before its time limit; the sweeper takes over. */
const MARGIN_MS = 60_000;

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

/** The pause after the nth failed attempt: 2 s, doubling, at most 5 minutes. */
export function retryDelay(attempts: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** (attempts - 1));
}

/**
 * Claims the message for one attempt: only while it is waiting (pending, or retry once its time
 * has come). Two runs that meet here (a trigger delivered twice, the sweeper) claim it once.
 */
async function claim(ref: DocumentReference): Promise<MailDocument | null> {
  return db.runTransaction(async (transaction) => {
    const mail = (await transaction.get(ref)).data() as MailDocument | undefined;
    if (!mail || (mail.status !== 'pending' && mail.status !== 'retry') || mail.nextAttemptAt.toMillis() > Date.now()) return null;
    transaction.update(ref, { status: 'sending', attempts: mail.attempts + 1, updatedAt: FieldValue.serverTimestamp() });
    return mail;
  });
}

function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}

/** One attempt; resolves with the time of the next one, or null when the message is done (sent or given up). */
async function attempt(ref: DocumentReference): Promise<number | null> {
  const claimed = await claim(ref);
  if (!claimed) return null;
  const attempts = claimed.attempts + 1;
  try {
    const template = MAIL_TEMPLATES[claimed.template as MailTemplateName] as { render(data: unknown): ReturnType<(typeof MAIL_TEMPLATES)['orderProcessing']['render']> } | undefined;
    if (!template) throw new UndeliverableMail(`There is no e-mail template "${claimed.template}".`);
    const message = await template.render(claimed.data);
    // Loaded on first use, so the callables' cold starts do not pay for it.
    const { createTransport } = await import('nodemailer');
    const transport = createTransport(smtpUrl());
    try {
      const info = await transport.sendMail({ from: MAIL.from, to: claimed.to, ...message, messageId: `<${ref.id}@harbor-wholesale>` });
      await ref.update({ status: 'sent', sentAt: FieldValue.serverTimestamp(), updatedAt: FieldValue.serverTimestamp(), lastError: null, response: String(info.response ?? '') });
      return null;
    } finally {
      transport.close();
    }
  } catch (error) {
    const giveUp = error instanceof UndeliverableMail || attempts >= MAX_ATTEMPTS;
    const next = Date.now() + retryDelay(attempts);
    await ref.update({ status: giveUp ? 'failed' : 'retry', lastError: errorText(error), nextAttemptAt: Timestamp.fromMillis(next), updatedAt: FieldValue.serverTimestamp() });
    return giveUp ? null : next;
  }
}

/** Attempts until the message is sent or given up, or until `until` comes before its next attempt. */
async function deliver(ref: DocumentReference, until: number): Promise<void> {
  for (let next = await attempt(ref); next !== null; next = await attempt(ref)) {
    if (next > until) return;
    await sleep(Math.max(0, next - Date.now()));
  }
}

/**
 * Sends each new `mail/{id}` message, retrying with backoff within the run; a message still
 * failing near the run's time limit is left as `retry` for `retryMail`. Sent messages are never
 * sent again, and a message cut off while sending stays `sending` rather than risk a duplicate.
 */
export const sendMail = onDocumentCreated({ document: 'mail/{mailId}', secrets: [SMTP_URL], timeoutSeconds: RUN_SECONDS }, async (event) => {
  if (event.data) await deliver(event.data.ref, Date.now() + RUN_SECONDS * 1000 - MARGIN_MS);
});

/** Every 5 minutes, the messages whose next attempt has come (after a long SMTP outage). */
export const retryMail = onSchedule({ schedule: 'every 5 minutes', secrets: [SMTP_URL], timeoutSeconds: RUN_SECONDS }, async () => {
  const due = await db.collection('mail').where('status', '==', 'retry').where('nextAttemptAt', '<=', Timestamp.now()).limit(100).get();
  const until = Date.now() + RUN_SECONDS * 1000 - MARGIN_MS;
  await Promise.all(due.docs.map((document) => deliver(document.ref, until)));
});
