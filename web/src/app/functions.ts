/**
 * The Cloud Functions client. Kept apart from ./firebase so that firebase/functions is downloaded
 * only with the code that calls a function: lazy pages import `functions` from here, code on the
 * initial path uses callFunction from ./firebase.
 */
import { connectFunctionsEmulator, getFunctions, httpsCallable } from 'firebase/functions';
import { emulatorHost, firebaseApp, usingEmulators } from './firebase';

export const functions = getFunctions(firebaseApp);

if (usingEmulators) {
  connectFunctionsEmulator(functions, emulatorHost, Number(import.meta.env.VITE_FUNCTIONS_EMULATOR_PORT || 5001));
}

export { httpsCallable };
