import type { WebConfig } from './webConfig';

/** Where the web app reaches Firestore: the emulator, or Firestore's front end in production. */
export function firestoreOrigin({ emulators }: Pick<WebConfig, 'emulators'>): string {
  return emulators ? `http://${emulators.host}:${emulators.firestorePort}` : 'https://firestore.googleapis.com';
}
