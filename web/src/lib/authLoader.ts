import { appCheckReady } from './appCheck';
import type * as AuthModule from './authClient';

/** Where Firebase Auth keeps a signed-in session with the local persistence ./authClient uses. */
export const STORED_SESSION_PREFIX = 'firebase:authUser:';

/** True when this browser holds a signed-in session for Auth to restore. */
export function hasStoredSession(): boolean {
  try {
    return Object.keys(localStorage).some((key) => key.startsWith(STORED_SESSION_PREFIX));
  } catch {
    return false;
  }
}

/** Auth and the Auth functions the shop uses (./authClient). */
export type AuthClient = typeof AuthModule;

let authClient: Promise<AuthClient> | undefined;
let loadedAuth: AuthClient | undefined;
const authLoadListeners = new Set<(client: AuthClient) => void>();

/**
 * The Auth client, downloaded on first use: to restore a stored session, to sign in or to register.
 * A visitor who is not signed in browses without it. Always reach Auth through here, so
 * onAuthLoaded hears of it.
 */
export function loadAuth(): Promise<AuthClient> {
  authClient ??= Promise.all([import('./authClient'), appCheckReady]).then(
    ([client]) => {
      loadedAuth = client;
      authLoadListeners.forEach((listener) => listener(client));
      authLoadListeners.clear();
      return client;
    },
    (error: unknown) => {
      authClient = undefined;
      throw error;
    },
  );
  return authClient;
}

/** Calls `listener` once Auth is loaded, by whoever loads it; returns a function that cancels this. */
export function onAuthLoaded(listener: (client: AuthClient) => void): () => void {
  if (loadedAuth) {
    listener(loadedAuth);
    return () => {};
  }
  authLoadListeners.add(listener);
  return () => {
    authLoadListeners.delete(listener);
  };
}
