import { useEffect } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { followGuestCartInOtherTabs, restoreGuestCart } from '../features/cart';
import { prefetchLandingCatalog } from '../features/catalog';
import { hasStoredSession } from '../lib/authLoader';
import { signedOutState, watchSession } from '../lib/session';
import { AppRoutes } from './router';
import { makeStore } from './store';

// One store for the page's lifetime. Without a stored session the visitor is known to be signed
// out from the first paint, so the header does not change (and shift the page) a moment later.
const store = makeStore(hasStoredSession() ? {} : { auth: signedOutState });

prefetchLandingCatalog(store.dispatch, window.location);

// The guest cart is restored at once (its validation code may need downloading)...
const guestCartRestored = restoreGuestCart(store).catch((error: unknown) => console.error('The guest cart could not be restored.', error));

/**
 * ...and the session is followed only after that, since a sign-in must find the guest cart in
 * the store to merge it. Returns the function that stops following the session.
 */
function startSession(): () => void {
  let stopWatching: (() => void) | undefined;
  let stopped = false;
  const stopFollowingTabs = followGuestCartInOtherTabs(store);
  void guestCartRestored.then(() => {
    if (!stopped) stopWatching = watchSession(store.dispatch);
  });
  return () => {
    stopped = true;
    stopFollowingTabs();
    stopWatching?.();
  };
}

export function App() {
  useEffect(startSession, []);
  return (
    <Provider store={store}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Provider>
  );
}
