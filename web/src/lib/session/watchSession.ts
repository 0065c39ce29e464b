import type { AppDispatch } from '../hooks';
import { hasStoredSession, loadAuth, onAuthLoaded, STORED_SESSION_PREFIX } from '../authLoader';
import { sessionRestoring, signedIn, signedOut } from './authSlice';

/**
 * Mirrors Firebase Auth's session into the store; returns the function that stops watching.
 * Without a stored session the visitor is signed out at once and Auth is not downloaded until a
 * sign-in needs it (or another tab signs in); from then on Auth reports every change.
 */
export function watchSession(dispatch: AppDispatch): () => void {
  let unsubscribe = () => {};
  const stopWaiting = onAuthLoaded(({ auth, onAuthStateChanged }) => {
    unsubscribe = onAuthStateChanged(auth, (user) =>
      dispatch(user ? signedIn({ uid: user.uid, email: user.email, displayName: user.displayName }) : signedOut()),
    );
  });
  // Without Auth's code (offline, a failed download) no session can be restored: the visitor is
  // signed out, so what they do meanwhile (a cart line added) is kept as a guest's, not held.
  const restore = () =>
    loadAuth().catch((error: unknown) => {
      console.error('The sign-in could not be restored.', error);
      dispatch(signedOut());
    });
  const signedInElsewhere = (event: StorageEvent) => {
    if (event.key?.startsWith(STORED_SESSION_PREFIX)) void restore();
  };
  window.addEventListener('storage', signedInElsewhere);
  if (hasStoredSession()) {
    dispatch(sessionRestoring());
    void restore();
  } else dispatch(signedOut());
  return () => {
    stopWaiting();
    unsubscribe();
    window.removeEventListener('storage', signedInElsewhere);
  };
}
