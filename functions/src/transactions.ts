import { setTimeout as sleep } from 'node:timers/promises';
import type { DocumentData, DocumentReference, DocumentSnapshot, Transaction, UpdateData } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import { db } from './admin';

/** gRPC status codes Firestore reports when a transaction lost to a concurrent one. */
export const ABORTED = 10;
const FAILED_PRECONDITION = 9;
const INVALID_ARGUMENT = 3;
const ALREADY_EXISTS = 6;

/** Callables that run contended transactions need room for the retries below. */
export const CONTENDED_CALL_OPTIONS = { timeoutSeconds: 120 };
/** Attempts start until then, so the last one still answers before the callable's time limit. */
const RETRY_FOR_MS = 90_000;
/**
 * The pause before a retry is drawn between 0 and FIRST_BACKOFF_MS x 2^retry, at most
 * MAX_BACKOFF_MS ("full jitter"). The SDK's own backoff (1 s, then x1.5, jitter +-50%) kept
 * 20 buyers of one product colliding in step for seconds; random pauses from a few milliseconds
 * spread them out at once, and the doubling makes room when many more are waiting. The ceiling
 * is as long as the emulator waits for a lock, so transactions that still lock what they read
 * (saveProduct) stop meeting each other rather than deadlocking again on every retry.
 */
const FIRST_BACKOFF_MS = 25;
const MAX_BACKOFF_MS = 2_000;

/**
 * Whether an attempt lost to a concurrent transaction and may simply run again:
 * - ABORTED: lock contention (the emulator gives up waiting for a lock after about 2 s);
 * - FAILED_PRECONDITION from the commit: a document written with its update time as the
 *   precondition (readWithoutLock, updateIfUnchanged) changed since it was read;
 * - ALREADY_EXISTS from the commit: a document read as missing and created (a buyer's month of
 *   spending) was created by a concurrent transaction first;
 * - INVALID_ARGUMENT "Transaction is invalid or closed": the transaction was closed under it after
 *   losing its locks (seen under load); the SDK does not retry that one.
 */
function lostToConcurrentWrite(error: unknown, committing: boolean): boolean {
  const { code, details } = error as { code?: unknown; details?: unknown };
  if (code === ABORTED) return true;
  if (code === FAILED_PRECONDITION || code === ALREADY_EXISTS) return committing;
  return code === INVALID_ARGUMENT && typeof details === 'string' && details.includes('Transaction is invalid or closed');
}

/**
 * A transaction on documents others may be changing at the same moment. Each attempt is a single
 * SDK attempt; lost attempts are retried here with a short jittered backoff until RETRY_FOR_MS,
 * then the caller gets `busyMessage` (code aborted). Any other error, the callable's own refusals
 * included, ends it at once.
 */
export async function runContendedTransaction<Result>(update: (transaction: Transaction) => Promise<Result>, busyMessage: string): Promise<Result> {
  const started = Date.now();
  for (let retry = 0; ; retry++) {
    // Set once `update` returned: an error after that came from the commit.
    let committing = false;
    try {
      return await db.runTransaction(
        async (transaction) => {
          const result = await update(transaction);
          committing = true;
          return result;
        },
        { maxAttempts: 1 },
      );
    } catch (error) {
      if (!lostToConcurrentWrite(error, committing)) throw error;
      if (Date.now() - started > RETRY_FOR_MS) throw new HttpsError('aborted', busyMessage);
      await sleep(Math.random() * Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** retry));
    }
  }
}

/**
 * Reads documents that many transactions write at once (products) without a lock, in one request.
 * A transaction's read takes a shared lock that every buyer of a popular product would hold at the
 * same time, and each commit must then wait for all the others to let go: the emulator gives up
 * after 2 s ("Transaction lock timeout") and the retries meet again. Write what was read here with
 * updateIfUnchanged, which keeps the transaction serializable.
 */
export async function readWithoutLock(refs: DocumentReference[]): Promise<DocumentSnapshot[]> {
  return refs.length ? db.getAll(...refs) : [];
}

/**
 * Updates a document read by readWithoutLock only if it has not changed since (its update time is
 * the precondition); otherwise the commit fails and runContendedTransaction runs it all again on
 * fresh data.
 */
export function updateIfUnchanged(transaction: Transaction, snapshot: DocumentSnapshot, data: UpdateData<DocumentData>): void {
  if (!snapshot.updateTime) throw new Error(`${snapshot.ref.path} did not exist when read and cannot be updated.`);
  transaction.update(snapshot.ref, data, { lastUpdateTime: snapshot.updateTime });
}
