/**
 * The Firebase Auth client and the Auth functions the shop uses. Load it with loadAuth() from
 * ./authLoader, never import it statically: it stays out of the initial bundle, and the session
 * watcher learns when it arrives. Re-exporting only what is used keeps the chunk small (a dynamic
 * import of 'firebase/auth' itself would keep all of it); add a function here when you need one.
 */
import { browserLocalPersistence, connectAuthEmulator, initializeAuth } from 'firebase/auth';
import { emulators, firebaseApp } from './firebase';

export {
  createUserWithEmailAndPassword,
  EmailAuthProvider,
  onAuthStateChanged,
  reauthenticateWithCredential,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signOut,
  updatePassword,
  updateProfile,
} from 'firebase/auth';

export const auth = initializeAuth(firebaseApp, { persistence: browserLocalPersistence });

if (emulators) {
  connectAuthEmulator(auth, `http://${emulators.host}:${emulators.authPort}`, { disableWarnings: true });
}
