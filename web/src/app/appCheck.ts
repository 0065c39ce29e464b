import { firebaseApp, usingEmulators } from './firebase';

/**
 * App Check (reCAPTCHA Enterprise) guards the backend against clients that are not this app.
 * It is on when a site key is configured and off on the emulators; loaded lazily so shops
 * without it pay nothing for it.
 */
const appCheckSiteKey = import.meta.env.VITE_APPCHECK_SITE_KEY;

/**
 * Settles once App Check is set up (at once when it is off): a request sent before would carry no
 * App Check token and be refused where App Check is enforced. Reads and calls wait for it
 * (see queryResult in ./api).
 */
export const appCheckReady: Promise<void> =
  appCheckSiteKey && !usingEmulators
    ? import('firebase/app-check')
        .then(({ initializeAppCheck, ReCaptchaEnterpriseProvider }) => {
          initializeAppCheck(firebaseApp, { provider: new ReCaptchaEnterpriseProvider(appCheckSiteKey), isTokenAutoRefreshEnabled: true });
        })
        // Requests still go out without it; where App Check is enforced, their refusal is shown there.
        .catch((error: unknown) => console.error('App Check could not be set up.', error))
    : Promise.resolve();
