/**
 * The Firebase app and Firestore. Firestore uses the lite entry point: the shop reads with one-off
 * queries and needs no listeners, which keeps the initial bundle small. Auth (./authClient) and
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

// Opening the connection to Firestore while the app's code runs takes that round trip off the
// time to the first products. The SDK fetches without credentials.
const preconnect = document.createElement('link');
preconnect.rel = 'preconnect';
preconnect.href = emulators ? `http://${emulators.host}:${emulators.firestorePort}` : 'https://firestore.googleapis.com';
preconnect.crossOrigin = 'anonymous';
document.head.append(preconnect);
