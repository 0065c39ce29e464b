import { describe, expect, it, vi } from 'vitest';
import { productInputSchema } from '@harbor/domain';
import { imageFileProblem, imageObjectPath, storageErrorMessage } from './imageUpload';

vi.mock('../../lib/firebase', () => ({ emulators: { host: '127.0.0.1', storagePort: 9199 }, firebaseApp: {} }));

describe('imageFileProblem', () => {
  it('accepts the image types the Storage rules accept, up to 5 MB', () => {
    expect(imageFileProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(imageFileProblem({ type: 'image/webp', size: 5 * 1024 * 1024 })).toBeNull();
  });

  it('refuses other types, SVG included, and larger files', () => {
    expect(imageFileProblem({ type: 'application/pdf', size: 10 })).toBe('Choose a PNG, JPEG, WebP, GIF or AVIF image.');
    expect(imageFileProblem({ type: 'image/svg+xml', size: 10 })).toBe('Choose a PNG, JPEG, WebP, GIF or AVIF image.');
    expect(imageFileProblem({ type: 'image/jpeg', size: 7 * 1024 * 1024 })).toBe('The image is 7.0 MB; the limit is 5.0 MB.');
  });
});

describe('storageErrorMessage', () => {
  it('has a readable sentence for each Storage error code', () => {
    const codes = ['unauthenticated', 'unauthorized', 'quota-exceeded', 'object-not-found', 'canceled', 'unknown'];
    const messages = codes.map((code) => storageErrorMessage({ code: `storage/${code}` }));
    expect(new Set(messages).size).toBe(codes.length);
    expect(messages[0]).toBe('Please sign in again to upload images.');
    expect(messages[2]).toContain('quota');
    expect(messages[4]).toBe('The upload was cancelled.');
  });

  it('treats unexpected codes and values as unknown', () => {
    expect(storageErrorMessage({ code: 'storage/something-new' })).toBe(storageErrorMessage({ code: 'storage/unknown' }));
    expect(storageErrorMessage('boom')).toBe(storageErrorMessage({ code: 'storage/unknown' }));
  });
});

describe('imageObjectPath', () => {
  it('makes a path under products/ that the product schema accepts', () => {
    const path = imageObjectPath('Café Photo (1).JPG', 1_700_000_000_000);
    expect(path).toMatch(/^products\/1700000000000-[a-z0-9]+-caf-photo-1-.jpg$/);
    const parsed = productInputSchema.shape.imagePath.safeParse(path);
    expect(parsed.success).toBe(true);
  });
});
