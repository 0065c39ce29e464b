/**
 * Cloud Storage for product images. Loaded on demand by the admin's image upload, so firebase/storage
 * stays out of every bundle but the admin's, and out of the admin's until an upload starts.
 */
import { connectStorageEmulator, getStorage } from 'firebase/storage';
import { emulators, firebaseApp } from './firebase';

export { getDownloadURL, ref, uploadBytesResumable } from 'firebase/storage';

export const storage = getStorage(firebaseApp);

if (emulators?.storagePort) connectStorageEmulator(storage, emulators.host, emulators.storagePort);
