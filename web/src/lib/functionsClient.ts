/**
 * The Cloud Functions client. Kept apart so that firebase/functions is downloaded
 * only with the code that calls a function: lazy pages import `functions` from here, code on the
 * initial path uses callFunction from ./callable.
 */
import { connectFunctionsEmulator, getFunctions, httpsCallable } from 'firebase/functions';
import { FUNCTIONS_REGION } from '../config';
import { emulators, firebaseApp } from './firebase';

export const functions = getFunctions(firebaseApp, FUNCTIONS_REGION);

if (emulators) {
  connectFunctionsEmulator(functions, emulators.host, emulators.functionsPort);
}

export { httpsCallable };
