import { setTimeout as sleep } from 'node:timers/promises';
import { FieldValue, Timestamp, type DocumentReference } from 'firebase-admin/firestore';
import { defineSecret } from 'firebase-functions/params';
import { onDocumentWritten } from 'firebase-functions/v2/firestore';
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
/** How long one attempt may take: connecting, the greeting and each answer. */
const SMTP_TIMEOUT_MS = 10_000;

/** The pause after the nth failed attempt: 2 s, doubling, at most 5 minutes. */
export function retryDelay(attempts: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** (attempts - 1));
}

/**
 * Claims the message for one attempt: only if it is still waiting with the attempts this event
 * saw, so two deliveries of the same event (triggers run at least once) never both send it.
 */
async function claim(ref: DocumentReference, attemptsSeen: number): Promise<MailDocument | null> {
  return db.runTransaction(async (transaction) => {
    const snapshot = await transaction.get(ref);
    const mail = snapshot.data() as MailDocument | undefined;
    if (!mail || (mail.status !== 'pending' && mail.status !== 'retry') || mail.attempts !== attemptsSeen) return null;
    transaction.update(ref, { status: 'sending', attempts: attemptsSeen + 1, updatedAt: FieldValue.serverTimestamp() });
    return mail;
  });
}

function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}

/**
 * Sends the messages of `mail/{id}`. Each attempt is one run of this trigger: a failure writes
 * `retry` with the time of the next attempt, which runs this trigger again; it waits until then,
 * claims the message and tries once more. Sent messages are never sent again.
 */
export const sendMail = onDocumentWritten({ document: 'mail/{mailId}', secrets: [SMTP_URL], timeoutSeconds: 540, retry: false }, async (event) => {
  const after = event.data?.after;
  if (!after?.exists) return;
  const mail = after.data() as MailDocument;
  if (mail.status !== 'pending' && mail.status !== 'retry') return;
  const wait = mail.nextAttemptAt.toMillis() - Date.now();
  if (wait > 0) await sleep(wait);

  const claimed = await claim(after.ref, mail.attempts);
  if (!claimed) return;
  const attempts = claimed.attempts + 1;
  try {
    const template = MAIL_TEMPLATES[claimed.template as MailTemplateName] as { render(data: unknown): ReturnType<(typeof MAIL_TEMPLATES)['orderProcessing']['render']> } | undefined;
    if (!template) throw new UndeliverableMail(`There is no e-mail template "${claimed.template}".`);
    const message = await template.render(claimed.data);
    const { createTransport } = await import('nodemailer');
    const transport = createTransport(SMTP_URL.value(), { connectionTimeout: SMTP_TIMEOUT_MS, greetingTimeout: SMTP_TIMEOUT_MS, socketTimeout: SMTP_TIMEOUT_MS });
    const info = await transport.sendMail({ from: MAIL.from, to: claimed.to, ...message, messageId: `<${after.id}@harbor-wholesale>` });
    transport.close();
    await after.ref.update({ status: 'sent', sentAt: FieldValue.serverTimestamp(), updatedAt: FieldValue.serverTimestamp(), lastError: null, response: String(info.response ?? '') });
  } catch (error) {
    const giveUp = error instanceof UndeliverableMail || attempts >= MAX_ATTEMPTS;
    await after.ref.update({
      status: giveUp ? 'failed' : 'retry',
      lastError: errorText(error),
      nextAttemptAt: Timestamp.fromMillis(Date.now() + retryDelay(attempts)),
      updatedAt: FieldValue.serverTimestamp(),
    });
  }
});
