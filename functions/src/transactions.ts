import type { Transaction } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import { db } from './admin';

/** gRPC status Firestore reports when a transaction kept losing to concurrent ones. */
const ABORTED = 10;
/**
 * Orders, cancellations and stock edits for one popular product contend for its document; each
 * lost round is retried after a growing, jittered pause (about 75 s in all for 10 attempts, the
 * SDK's ceiling), so a burst resolves into results instead of errors.
 */
const TRANSACTION_ATTEMPTS = 10;
/** Callables that run contended transactions need room for all those attempts. */
export const CONTENDED_CALL_OPTIONS = { timeoutSeconds: 120 };

/**
 * A transaction that lost its locks to another can be closed under it before it commits; its next
 * read then fails with INVALID_ARGUMENT "Transaction is invalid or closed" (seen under load), which
 * the SDK does not retry. The whole transaction is safe to run again.
 */
const CLOSED_TRANSACTION_RETRIES = 3;

function isClosedTransaction(error: unknown): boolean {
  const { code, details } = error as { code?: unknown; details?: unknown };
  return code === 3 && typeof details === 'string' && details.includes('Transaction is invalid or closed');
}

/** A transaction on documents others may be changing at the same moment; gives up with a readable message. */
export async function runContendedTransaction<Result>(update: (transaction: Transaction) => Promise<Result>, busyMessage: string): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.runTransaction(update, { maxAttempts: TRANSACTION_ATTEMPTS });
    } catch (error) {
      if (isClosedTransaction(error) && attempt < CLOSED_TRANSACTION_RETRIES) continue;
      if ((error as { code?: unknown }).code === ABORTED || isClosedTransaction(error)) throw new HttpsError('aborted', busyMessage);
      throw error;
    }
  }
}
