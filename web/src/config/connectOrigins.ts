import { firestoreOrigin } from './firestoreOrigin';
import type { WebConfig } from './webConfig';

/** The region the callables are deployed in and called at (Firebase's default). */
export const FUNCTIONS_REGION = 'us-central1';

/**
 * The origins a production build of the app calls besides its own, which the Content-Security-
 * Policy's connect-src must allow: `npm run deploy:check` holds firebase.json to this list.
 */
export function productionConnectOrigins(config: WebConfig): string[] {
  return [
    firestoreOrigin(config),
    // Firebase Auth: sign-in, and refreshing the ID token.
    'https://identitytoolkit.googleapis.com',
    'https://securetoken.googleapis.com',
    // Product image uploads from the back office.
    'https://firebasestorage.googleapis.com',
    // The callables.
    `https://${FUNCTIONS_REGION}-${config.firebase.projectId}.cloudfunctions.net`,
    ...(config.appCheckSiteKey ? ['https://content-firebaseappcheck.googleapis.com', 'https://www.google.com/recaptcha/'] : []),
  ];
}
