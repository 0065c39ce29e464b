import { getApp } from 'firebase/app';
import { webConfig } from '../config';

/**
 * App Check (reCAPTCHA Enterprise) guards the backend against clients that are not this app. It is
 * on when a site key is configured and off on the emulators; loaded lazily so shops without it pay
 * nothing for it.
 */
const siteKey = webConfig.appCheckSiteKey;

/**
 * Settles once App Check is set up (at once when it is off): a request sent before carries no App
 * Check token and is refused where App Check is enforced. Every way to the backend waits for it:
 * RTK Query endpoints (queryResult in ./api), callables (callFunction) and everything a signed-in
 * user does (loadAuth, both in ./firebase).
 */
export const appCheckReady: Promise<void> =
  siteKey
    ? import('firebase/app-check')
        // By now ./firebase has initialised the app (this runs after every module has loaded).
        .then(({ initializeAppCheck, ReCaptchaEnterpriseProvider }) => {
          initializeAppCheck(getApp(), { provider: new ReCaptchaEnterpriseProvider(siteKey), isTokenAutoRefreshEnabled: true });
        })
        // Requests still go out without it; where App Check is enforced, their refusal is shown there.
        .catch((error: unknown) => console.error('App Check could not be set up.', error))
    : Promise.resolve();
