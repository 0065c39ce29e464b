import { describe, expect, it } from 'vitest';
import { isDocumentId } from './documentId';

describe('a document id', () => {
  it('is what Firestore can name a document with, and nothing else', () => {
    expect(isDocumentId('Paper Cups #12 & Lids')).toBe(true);
    expect(isDocumentId('x'.repeat(128))).toBe(true);
    for (const id of ['', '  ', 'a/b', '.', '..', '__name__', 'x'.repeat(129)]) expect(isDocumentId(id), id).toBe(false);
  });
});
