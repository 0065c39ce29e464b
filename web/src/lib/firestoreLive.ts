/**
 * The full Firestore SDK's database, for what a page follows live (the signed-in buyer's cart,
 * finance's online payments). The rest of the app reads with the lite SDK: import this module
 * dynamically, so only the pages that listen download it.
 */
import { connectFirestoreEmulator, getFirestore } from 'firebase/firestore';
import { emulators, firebaseApp } from './firebase';

export const liveDb = getFirestore(firebaseApp);
if (emulators) connectFirestoreEmulator(liveDb, emulators.host, emulators.firestorePort);
export { collection, doc, limit, onSnapshot, orderBy, query, runTransaction, serverTimestamp } from 'firebase/firestore';
