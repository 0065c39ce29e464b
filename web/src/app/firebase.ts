/**
 * Firebase clients. Firestore uses the lite entry point: the shop reads with one-off queries and
 * needs no listeners, which keeps the initial bundle small. Auth (./auth) and Cloud Functions
 * (./functions) are downloaded only when needed: see loadAuth and callFunction.
 */
import { initializeApp } from 'firebase/app';
import { connectFirestoreEmulator, getFirestore } from 'firebase/firestore/lite';
import { appCheckReady } from './appCheck';
import type * as AuthModule from './auth';

const env = import.meta.env;
const projectId = env.VITE_FIREBASE_PROJECT_ID || 'demo-harbor';

export const usingEmulators = env.VITE_USE_EMULATORS === 'true';
export const emulatorHost = env.VITE_EMULATOR_HOST || '127.0.0.1';

export const firebaseApp = initializeApp({
  apiKey: env.VITE_FIREBASE_API_KEY || 'demo-api-key',
  authDomain: env.VITE_FIREBASE_AUTH_DOMAIN || `${projectId}.firebaseapp.com`,
  projectId,
  storageBucket: env.VITE_FIREBASE_STORAGE_BUCKET || `${projectId}.appspot.com`,
  appId: env.VITE_FIREBASE_APP_ID,
});

export const db = getFirestore(firebaseApp);
const firestorePort = Number(env.VITE_FIRESTORE_EMULATOR_PORT || 8080);

if (usingEmulators) {
  connectFirestoreEmulator(db, emulatorHost, firestorePort);
}

// Opening the connection to Firestore while the app's code runs takes that round trip off the
// time to the first products. The SDK fetches without credentials.
const preconnect = document.createElement('link');
preconnect.rel = 'preconnect';
preconnect.href = usingEmulators ? `http://${emulatorHost}:${firestorePort}` : 'https://firestore.googleapis.com';
preconnect.crossOrigin = 'anonymous';
document.head.append(preconnect);

/**
 * Calls a callable Cloud Function. firebase/functions is fetched on the first call (cart merge at
 * sign-in), so shoppers who only browse never download it. Lazy pages may import `functions` from
 * ./functions directly.
 */
export async function callFunction<Request, Response>(name: string, data: Request, options?: { timeout?: number }): Promise<Response> {
  const [{ functions, httpsCallable }] = await Promise.all([import('./functions'), appCheckReady]);
  const result = await httpsCallable<Request, Response>(functions, name, options)(data);
  return result.data;
}

/** Where Firebase Auth keeps a signed-in session with the local persistence ./auth uses. */
export const STORED_SESSION_PREFIX = 'firebase:authUser:';

/** True when this browser holds a signed-in session for Auth to restore. */
export function hasStoredSession(): boolean {
  try {
    return Object.keys(localStorage).some((key) => key.startsWith(STORED_SESSION_PREFIX));
  } catch {
    return false;
  }
}

/** Auth and the Auth functions the shop uses (./auth). */
export type AuthClient = typeof AuthModule;

let authClient: Promise<AuthClient> | undefined;
let loadedAuth: AuthClient | undefined;
const authLoadListeners = new Set<(client: AuthClient) => void>();

/**
 * The Auth client, downloaded on first use: to restore a stored session, to sign in or to register.
 * A visitor who is not signed in browses without it. Always reach Auth through here, so
 * onAuthLoaded hears of it.
 */
export function loadAuth(): Promise<AuthClient> {
  authClient ??= Promise.all([import('./auth'), appCheckReady]).then(
    ([client]) => {
      loadedAuth = client;
      authLoadListeners.forEach((listener) => listener(client));
      authLoadListeners.clear();
      return client;
    },
    (error: unknown) => {
      authClient = undefined;
      throw error;
    },
  );
  return authClient;
}

/** Calls `listener` once Auth is loaded, by whoever loads it; returns a function that cancels this. */
export function onAuthLoaded(listener: (client: AuthClient) => void): () => void {
  if (loadedAuth) {
    listener(loadedAuth);
    return () => {};
  }
  authLoadListeners.add(listener);
  return () => {
    authLoadListeners.delete(listener);
  };
}
