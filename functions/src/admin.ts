import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';

// The app already set up when a script on the emulators (the bench) runs function code in its own process.
export const app = getApps()[0] ?? initializeApp();

export const db = getFirestore(app);
