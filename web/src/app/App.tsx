import { StrictMode, useEffect } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { followGuestCartInOtherTabs, restoreGuestCart } from '../features/cart';
import { announce } from '../lib/deferredModules';
import { watchSession } from '../lib/session';
import { AppRoutes } from './router';
import type { AppStore } from './store';

/**
 * Follows what the browser holds: the guest cart saved here (and in other tabs), then the
 * signed-in session. Started after the first render, so a page hydrated from the server's HTML
 * first matches that HTML exactly (signed out, no cart) and then shows the visitor's own.
 * Returns the function that stops.
 */
function followBrowserState(store: AppStore): () => void {
  let stopWatching: (() => void) | undefined;
  let stopped = false;
  const stopFollowingTabs = followGuestCartInOtherTabs(store);
  // The session only after the guest cart is restored: a sign-in must find it to merge it.
  void restoreGuestCart(store)
    .catch((error: unknown) => console.error('The guest cart could not be restored.', error))
    .then(() => {
      if (!stopped) stopWatching = watchSession(store.dispatch);
    });
  return () => {
    stopped = true;
    stopFollowingTabs();
    stopWatching?.();
  };
}

/** The shop in the browser; the server renders the same routes under a static router (app/renderPage.tsx). */
export function App({ store }: { store: AppStore }) {
  useEffect(() => followBrowserState(store), [store]);
  // A server-rendered page then clicks the buttons tapped before its code started (src/boot.ts).
  useEffect(() => announce(document, 'started'), []);
  return (
    <StrictMode>
      <Provider store={store}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </Provider>
    </StrictMode>
  );
}
