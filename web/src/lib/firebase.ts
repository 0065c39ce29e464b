/**
 * The Firebase app and Firestore, for signed-in reads and the back office; what anyone may read
 * goes over REST (./firestoreRest, ./publicDb) and a visitor's first page loads none of this.
 * Firestore uses the lite entry point: one-off queries, no listeners. Auth (./authClient) and
 * Cloud Functions (./functionsClient) are downloaded only when needed: see loadAuth in
 * ./authLoader and callFunction in ./callable.
 */
import { initializeApp } from 'firebase/app';
import { connectFirestoreEmulator, getFirestore } from 'firebase/firestore/lite';
import { webConfig } from '../config';

/** The local emulators this build talks to, or null in production. */
export const emulators = webConfig.emulators;

export const firebaseApp = initializeApp(webConfig.firebase);

export const db = getFirestore(firebaseApp);

if (emulators) {
  connectFirestoreEmulator(db, emulators.host, emulators.firestorePort);
}
