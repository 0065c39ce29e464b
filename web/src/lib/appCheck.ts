import type { AppCheck, getToken } from 'firebase/app-check';
import { webConfig } from '../config';

/**
 * App Check (reCAPTCHA Enterprise) guards the backend against clients that are not this app. It is
 * on when a site key is configured and off on the emulators; loaded lazily (with the Firebase app)
 * so shops without it pay nothing for it.
 */
// Not on the server renderer, whose reads are the function's own (./firestoreRest).
const siteKey = import.meta.env.SSR ? '' : webConfig.appCheckSiteKey;

let appCheck: { instance: AppCheck; getToken: typeof getToken } | null = null;

/**
 * Settles once App Check is set up (at once when it is off): a request sent before carries no App
 * Check token and is refused where App Check is enforced. Every way to the backend waits for it:
 * RTK Query endpoints (queryResult in ./api), the REST reads (./firestoreRest), callables
 * (callFunction) and everything a signed-in user does (loadAuth).
 */
export const appCheckReady: Promise<void> = siteKey
  ? Promise.all([import('firebase/app-check'), import('./firebase')])
      .then(([{ initializeAppCheck, ReCaptchaEnterpriseProvider, getToken }, { firebaseApp }]) => {
        appCheck = { instance: initializeAppCheck(firebaseApp, { provider: new ReCaptchaEnterpriseProvider(siteKey), isTokenAutoRefreshEnabled: true }), getToken };
      })
      // Requests still go out without it; where App Check is enforced, their refusal is shown there.
      .catch((error: unknown) => console.error('App Check could not be set up.', error))
  : Promise.resolve();

/**
 * The App Check token for a request the SDK does not send (./firestoreRest), or null when App
 * Check is off or has no token (the request then goes without, and is refused where enforced).
 */
export async function appCheckToken(): Promise<string | null> {
  await appCheckReady;
  if (!appCheck) return null;
  try {
    return (await appCheck.getToken(appCheck.instance)).token;
  } catch (error) {
    console.error('No App Check token for a Firestore read.', error);
    return null;
  }
}
