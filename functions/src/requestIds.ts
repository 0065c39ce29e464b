import { createHash } from 'node:crypto';

/** Crockford's base 32: no I, L, O or U, so a number read out on the phone is unambiguous. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const LENGTH = 10;

/**
 * The id of the document a request creates, derived from who asks (`scope`) and its request id:
 * a retried request lands on the same document, so it is found instead of written twice. Readable
 * and short ("HW-7K3M9QX2AB": 50 bits of the hash), so order numbers can be these ids.
 */
export function requestDocumentId(prefix: string, scope: string, requestId: string): string {
  const digest = createHash('sha256').update(`${scope}\n${requestId}`).digest();
  let code = '';
  for (let index = 0; index < LENGTH; index++) code += ALPHABET[digest[index]! % ALPHABET.length];
  return `${prefix}-${code}`;
}
