import { logger } from 'firebase-functions/logger';
import { getStorage } from 'firebase-admin/storage';
import { db } from './admin';

/**
 * Removes an uploaded product image that no product uses any more (two products may share one
 * when an admin reuses its URL). A missing object is fine (already gone). Other failures
 * are logged, not thrown: the product change has already been committed, and an orphaned file
 * costs only storage, while failing the call would misreport a change that did happen.
 */
export async function deleteStoredImage(path: string): Promise<void> {
  if (!path) return;
  // Never reach for a real bucket from the emulators when the Storage emulator is not running.
  if (process.env.FUNCTIONS_EMULATOR === 'true' && !process.env.FIREBASE_STORAGE_EMULATOR_HOST) {
    logger.warn(`Storage emulator not running: the stored image ${path} was left in place.`);
    return;
  }
  try {
    const stillUsed = await db.collection('products').where('imagePath', '==', path).limit(1).get();
    if (!stillUsed.empty) return;
    await getStorage().bucket().file(path).delete({ ignoreNotFound: true });
  } catch (error) {
    logger.error(`The stored image ${path} could not be deleted.`, error);
  }
}
