import type * as FirestoreClientModule from './firestoreClient';

export type FirestoreClient = typeof FirestoreClientModule;

/** The Firestore SDK and the database (./firestoreClient), downloaded on first use. */
export function loadFirestore(): Promise<FirestoreClient> {
  return import('./firestoreClient');
}
