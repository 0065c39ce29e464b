import { formatBytes } from './formatting';
import { PRODUCT_IMAGE_RULES } from '@harbor/domain';
import { errorCode } from '../../lib/errorCode';
import { emulators } from '../../lib/firebase';

/** On the emulators, uploads work only when the Storage emulator runs (it needs a JAR not every machine has). */
export const uploadsAvailable = !emulators || emulators.storagePort !== null;

/** Why a file cannot be a product image, or null. The Storage rules check the same on the server. */
export function imageFileProblem(file: { type: string; size: number }): string | null {
  if (!(PRODUCT_IMAGE_RULES.contentTypes as readonly string[]).includes(file.type)) return 'Choose a PNG, JPEG, WebP, GIF or AVIF image.';
  if (file.size > PRODUCT_IMAGE_RULES.maxBytes) return `The image is ${formatBytes(file.size)}; the limit is ${formatBytes(PRODUCT_IMAGE_RULES.maxBytes)}.`;
  return null;
}

const STORAGE_MESSAGES: Record<string, string> = {
  'storage/unauthenticated': 'Please sign in again to upload images.',
  'storage/unauthorized': 'You are not allowed to upload this file. Only administrators may upload images of at most 5 MB.',
  'storage/quota-exceeded': 'The storage quota is used up. Remove old images or raise the quota, then try again.',
  'storage/object-not-found': 'The image no longer exists in storage. Upload it again.',
  'storage/canceled': 'The upload was cancelled.',
  'storage/retry-limit-exceeded': 'The upload timed out. Check the connection and try again.',
  'storage/unknown': 'The upload failed for an unknown reason. Please try again.',
};

/** A readable sentence for a Storage error code. */
export function storageErrorMessage(error: unknown): string {
  return STORAGE_MESSAGES[errorCode(error)] ?? STORAGE_MESSAGES['storage/unknown']!;
}

/** A Storage object name the product schema accepts: products/<time>-<random>-<safe file name>. */
export function imageObjectPath(fileName: string, now = Date.now()): string {
  const safe = fileName.toLowerCase().replace(/[^a-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '').slice(-60) || 'image';
  return `products/${now}-${Math.random().toString(36).slice(2, 8)}-${safe}`;
}

export interface ImageUpload {
  done: Promise<{ url: string; path: string }>;
  cancel(): void;
}

/** Starts a resumable upload, reporting progress from 0 to 1; resolves with the download URL and path. */
export function startImageUpload(file: File, onProgress: (fraction: number) => void): ImageUpload {
  let cancelled = false;
  let cancelTask: (() => void) | null = null;
  const done = (async () => {
    const { storage, ref, uploadBytesResumable, getDownloadURL } = await import('../../lib/storageClient');
    const path = imageObjectPath(file.name);
    const task = uploadBytesResumable(ref(storage, path), file, { contentType: file.type, cacheControl: 'public, max-age=31536000' });
    cancelTask = () => task.cancel();
    if (cancelled) task.cancel();
    await new Promise<void>((resolve, reject) => {
      task.on('state_changed', (snapshot) => onProgress(snapshot.totalBytes ? snapshot.bytesTransferred / snapshot.totalBytes : 0), reject, resolve);
    });
    return { url: await getDownloadURL(task.snapshot.ref), path };
  })();
  return {
    done,
    cancel() {
      cancelled = true;
      cancelTask?.();
    },
  };
}
