import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import { db } from '../admin';
import type { MailData, MailTemplateName } from './templates';

/** Where a message is in its life: queued, being sent, sent, waiting to be tried again, or given up. */
export type MailStatus = 'pending' | 'sending' | 'sent' | 'retry' | 'failed';

/** `mail/{id}`: one message, written by the event that causes it and delivered by `deliverMail` (sendMail.ts). */
export interface MailDocument<Name extends MailTemplateName = MailTemplateName> {
  to: string[];
  template: Name;
  data: MailData<Name>;
  status: MailStatus;
  attempts: number;
  lastError: string | null;
  /** When the delivery queue tries it next (its backoff); `retryMail` queues it again when long past. */
  nextAttemptAt: Timestamp;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  sentAt?: Timestamp;
  /** The SMTP server's answer when it accepted the message. */
  response?: string;
}

export interface MailMessage<Name extends MailTemplateName> {
  /**
   * The message's id, derived from its event (e.g. "HW-7K3M9QX2AB-shipped"), so a transaction
   * that runs again queues it once.
   */
  id: string;
  to: string[];
  template: Name;
  data: MailData<Name>;
}

/** Queues a message in the caller's transaction: it exists exactly when the event it tells of does. */
export function queueMail<Name extends MailTemplateName>(transaction: Transaction, message: MailMessage<Name>): void {
  const now = Timestamp.now();
  const document: MailDocument<Name> = {
    to: message.to,
    template: message.template,
    data: message.data,
    status: 'pending',
    attempts: 0,
    lastError: null,
    nextAttemptAt: now,
    createdAt: now,
    updatedAt: now,
  };
  transaction.create(db.doc(`mail/${message.id}`), document);
}
