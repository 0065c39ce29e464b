/** The most characters the shop allows in a document id it is given. */
export const MAX_DOCUMENT_ID_LENGTH = 128;

/**
 * Whether `id` can name a Firestore document: not blank, at most MAX_DOCUMENT_ID_LENGTH
 * characters, no "/", not "." or "..", not "__…__" (reserved).
 */
export function isDocumentId(id: string): boolean {
  return id.trim() !== '' && id.length <= MAX_DOCUMENT_ID_LENGTH && !id.includes('/') && id !== '.' && id !== '..' && !/^__.*__$/.test(id);
}
