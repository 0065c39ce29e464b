/**
 * Firebase clients. Firestore uses the lite entry point: the shop reads with one-off queries and
 * needs no listeners, which keeps the initial bundle small.
 */
import { initializeApp } from 'firebase/app';
import { browserLocalPersistence, connectAuthEmulator, initializeAuth } from 'firebase/auth';
import { connectFirestoreEmulator, getFirestore } from 'firebase/firestore/lite';
import { connectFunctionsEmulator, getFunctions } from 'firebase/functions';

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

export const auth = initializeAuth(firebaseApp, { persistence: browserLocalPersistence });
export const db = getFirestore(firebaseApp);
export const functions = getFunctions(firebaseApp);

if (usingEmulators) {
  connectAuthEmulator(auth, `http://${emulatorHost}:${env.VITE_AUTH_EMULATOR_PORT || 9099}`, { disableWarnings: true });
  connectFirestoreEmulator(db, emulatorHost, Number(env.VITE_FIRESTORE_EMULATOR_PORT || 8080));
  connectFunctionsEmulator(functions, emulatorHost, Number(env.VITE_FUNCTIONS_EMULATOR_PORT || 5001));
}

/**
 * App Check (reCAPTCHA Enterprise) guards the backend against clients that are not this app.
 * It is on when a site key is configured and off on the emulators; loaded lazily so shops
 * without it pay nothing for it.
 */
const appCheckSiteKey = env.VITE_APPCHECK_SITE_KEY;
if (appCheckSiteKey && !usingEmulators) {
  void import('firebase/app-check').then(({ initializeAppCheck, ReCaptchaEnterpriseProvider }) =>
    initializeAppCheck(firebaseApp, { provider: new ReCaptchaEnterpriseProvider(appCheckSiteKey), isTokenAutoRefreshEnabled: true }),
  );
}
