import { HttpsError, type CallableRequest } from 'firebase-functions/v2/https';
import type { z } from 'zod';
import { firstIssueMessage, readableIssue } from '@harbor/domain';
import { db } from './admin';

/** Payloads above this size are refused before parsing (the platform's own limit is 10 MB). */
const MAX_PAYLOAD_BYTES = 256 * 1024;

/** Parses a callable payload with a shared schema; bad input becomes a readable invalid-argument. */
export function parseInput<Schema extends z.ZodType>(schema: Schema, data: unknown): z.infer<Schema> {
  let size: number;
  try {
    size = JSON.stringify(data ?? null).length;
  } catch {
    throw new HttpsError('invalid-argument', 'The request could not be read.');
  }
  if (size > MAX_PAYLOAD_BYTES) throw new HttpsError('invalid-argument', 'The request is too large.');
  const result = schema.safeParse(data, { error: readableIssue });
  if (!result.success) throw new HttpsError('invalid-argument', firstIssueMessage(result.error));
  return result.data;
}

export function requireUser(request: CallableRequest): string {
  const uid = request.auth?.uid;
  if (!uid) throw new HttpsError('unauthenticated', 'Please sign in first.');
  return uid;
}

/** The caller's uid, when its profile has role `admin`. A guest is refused the same way as a shopper. */
export async function requireAdmin(request: CallableRequest): Promise<string> {
  const uid = request.auth?.uid;
  if (!uid) throw new HttpsError('permission-denied', 'Only shop administrators may do this. Please sign in with an administrator account.');
  const profile = await db.doc(`users/${uid}`).get();
  if (profile.get('role') !== 'admin') throw new HttpsError('permission-denied', 'Only shop administrators may do this.');
  return uid;
}
