/**
 * API keys for the REST API (`/api/v1`, ./api.ts). An admin creates a key with its scopes and sees
 * its secret once; only the secret's SHA-256 is kept (`apiKeys/{keyId}.secretHash`), so a leaked
 * database leaks no working key. Revoking is final. Both are audited.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { HttpsError, onCall } from 'firebase-functions/v2/https';
import { API_KEY_PREFIX, apiKeyFromData, createApiKeyInputSchema, revokeApiKeyInputSchema, type ApiKey, type CreateApiKeyResult } from '@harbor/domain';
import { db } from '../admin';
import { appendAudit } from '../audit';
import { callableOptions, parseInput, requireStaff, type Staff } from '../callable';

const SECRET_LENGTH = 40;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** Bytes at or above this would make some characters likelier than others (256 is not a multiple of 62). */
const UNBIASED_BELOW = 256 - (256 % BASE62.length);
/** How many characters of the secret the key keeps to tell keys apart (`hk_live_abcd`). */
const SHOWN_PREFIX_LENGTH = 12;
/** lastUsedAt is written at most this often, so a busy key costs no write per request. */
const LAST_USED_PRECISION_MS = 60_000;

/** `hk_live_` and 40 random base62 characters (about 238 bits). */
function newSecret(): string {
  let secret = API_KEY_PREFIX;
  while (secret.length < API_KEY_PREFIX.length + SECRET_LENGTH) {
    for (const byte of randomBytes(SECRET_LENGTH)) {
      if (byte < UNBIASED_BELOW && secret.length < API_KEY_PREFIX.length + SECRET_LENGTH) secret += BASE62[byte % BASE62.length];
    }
  }
  return secret;
}

const secretHash = (secret: string) => createHash('sha256').update(secret).digest('hex');
const SECRET_PATTERN = new RegExp(`^${API_KEY_PREFIX}[0-9A-Za-z]{${SECRET_LENGTH}}$`);

/** An admin creates a key; the answer holds the secret, which is never shown again. */
export const createApiKey = onCall(callableOptions(), async (request): Promise<CreateApiKeyResult> => {
  const staff = await requireStaff(request, 'integrations.manage');
  const { name, scopes } = parseInput(createApiKeyInputSchema, request.data);
  const secret = newSecret();
  const key = db.collection('apiKeys').doc();
  const prefix = secret.slice(0, SHOWN_PREFIX_LENGTH);
  await db.runTransaction(async (transaction) => {
    transaction.create(key, { name, scopes, prefix, secretHash: secretHash(secret), createdAt: FieldValue.serverTimestamp(), createdBy: staff.uid, createdByName: staff.name, lastUsedAt: null, revokedAt: null });
    appendAudit(transaction, staff, {
      action: 'apiKey.create',
      target: `apiKeys/${key.id}`,
      summary: `API key "${name}" (${prefix}…) created for ${scopes.join(', ')}`,
      changes: [{ field: 'scopes', from: null, to: scopes }],
    });
  });
  return { keyId: key.id, secret };
});

/** An admin revokes a key: it stops working at once. Revoking a revoked key answers as the first time did. */
export const revokeApiKey = onCall(callableOptions(), async (request): Promise<{ keyId: string; revokedAt: number }> => {
  const staff = await requireStaff(request, 'integrations.manage');
  const { keyId } = parseInput(revokeApiKeyInputSchema, request.data);
  return db.runTransaction(async (transaction) => {
    const snapshot = await transaction.get(db.doc(`apiKeys/${keyId}`));
    if (!snapshot.exists) throw new HttpsError('not-found', `There is no API key ${keyId}. Reload the page to see the keys as they are.`);
    const key = apiKeyFromData(snapshot.id, snapshot.data()!);
    if (key.revokedAt) return { keyId, revokedAt: key.revokedAt };
    const revokedAt = Timestamp.now();
    transaction.update(snapshot.ref, { revokedAt });
    appendAudit(transaction, staff, { action: 'apiKey.revoke', target: `apiKeys/${keyId}`, summary: `API key "${key.name}" (${key.prefix}…) revoked`, changes: [{ field: 'revoked', from: false, to: true }] });
    return { keyId, revokedAt: revokedAt.toMillis() };
  });
});

/**
 * The key a request's secret belongs to, found by the secret's hash; an unknown or revoked key is
 * refused (unauthenticated). Notes when the key was last used, at most once a minute.
 */
export async function authenticateApiKey(secret: string): Promise<ApiKey> {
  const refused = (detail: string) => new HttpsError('unauthenticated', detail);
  if (!SECRET_PATTERN.test(secret)) throw refused(`That is not an API key: a key starts with ${API_KEY_PREFIX}. An admin creates one on the integrations page.`);
  const found = await db.collection('apiKeys').where('secretHash', '==', secretHash(secret)).limit(1).get();
  const snapshot = found.docs[0];
  if (!snapshot) throw refused('This API key is not known. Check that it was copied whole, or ask an admin for a new one.');
  const key = apiKeyFromData(snapshot.id, snapshot.data());
  if (key.revokedAt) throw refused('This API key was revoked. Ask an admin for a new one.');
  if (Date.now() - key.lastUsedAt >= LAST_USED_PRECISION_MS) await snapshot.ref.update({ lastUsedAt: FieldValue.serverTimestamp() });
  return key;
}

/** Who the audit log names for what a key did: the key itself, with the admin's reach its scopes allow. */
export function apiKeyActor(key: ApiKey, requestId: string = randomUUID()): Staff {
  return { uid: `apikey:${key.id}`, name: `API key "${key.name}"`, role: 'admin', requestId };
}
