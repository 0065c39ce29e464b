/**
 * The Firebase Auth client. Load it with loadAuth() from ./firebase, never import it statically:
 * it stays out of the initial bundle, and the session watcher learns when it arrives.
 */
import { browserLocalPersistence, connectAuthEmulator, initializeAuth } from 'firebase/auth';
import { emulatorHost, firebaseApp, usingEmulators } from './firebase';

export const auth = initializeAuth(firebaseApp, { persistence: browserLocalPersistence });

if (usingEmulators) {
  connectAuthEmulator(auth, `http://${emulatorHost}:${import.meta.env.VITE_AUTH_EMULATOR_PORT || 9099}`, { disableWarnings: true });
}
