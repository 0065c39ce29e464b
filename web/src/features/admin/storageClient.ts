/**
 * Cloud Storage for product images. Loaded on demand by imageUpload.ts, so firebase/storage
 * stays out of every bundle but the admin's, and out of the admin's until an upload starts.
 */
import { connectStorageEmulator, getStorage } from 'firebase/storage';
import { emulatorHost, firebaseApp } from '../../app/firebase';

export { getDownloadURL, ref, uploadBytesResumable } from 'firebase/storage';

export const storage = getStorage(firebaseApp);

const emulatorPort = import.meta.env.VITE_STORAGE_EMULATOR_PORT;
if (emulatorPort) connectStorageEmulator(storage, emulatorHost, Number(emulatorPort));
