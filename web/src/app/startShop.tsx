import { startTransition } from 'react';
import { createRoot, hydrateRoot, type RootOptions } from './reactDom';
import { serverReadsHydrated } from '../lib/api';
import { hasStoredSession } from '../lib/authLoader';
import { announce } from '../lib/deferredModules';
import { nextTask } from '../lib/nextTask';
import { readServerState } from '../lib/serverState';
import { signedOutState } from '../lib/session';
import { restoreGuestCart } from '../features/cart';
import { App } from './App';
import { preloadPageAt } from './router';
import { makeStore } from './store';

/**
 * Starts the shop in `rootElement`: hydrates the HTML a server rendered (with the reads it was
 * rendered from), or renders a page of the static app shell. Settles once React has been given
 * the page.
 */
export async function startShop(rootElement: HTMLElement, options: Pick<RootOptions, 'onRecoverableError'> = {}): Promise<void> {
  const serverState = readServerState(rootElement.ownerDocument);
  // A page rendered on the server was rendered signed out, and hydrates so (the session follows,
  // App.tsx). Elsewhere, without a stored session the visitor is known to be signed out from the
  // first paint, so the header does not change a moment later.
  const store = makeStore(serverState || !hasStoredSession() ? { auth: signedOutState } : {});
  // Evaluating the shop's code, filling the store with the server's reads and finding the page
  // are each a task of their own: together they would block a slow phone's main thread for
  // over 100 ms (input waits for the end of a task).
  await nextTask();
  if (serverState?.api) store.dispatch(serverReadsHydrated(serverState.api));
  await nextTask();
  // A page of the app shell matches no server HTML: reading the guest cart saved here starts
  // beside the page's code, so the cart page's first render usually holds its lines rather than a
  // spinner (its validation code may still be on its way). The app reports a failure.
  if (!serverState) restoreGuestCart(store).catch(() => {});
  // The page's code first, so the first render is the page itself (not a spinner, nor, when
  // hydrating, a suspended page that React would leave as the server's HTML until it arrives); a
  // failed download is the page's error to show.
  await preloadPageAt(window.location.pathname).catch(() => {});
  // In a transition, so a tap or a keystroke meanwhile is answered first.
  startTransition(() => {
    if (serverState) {
      hydrateRoot(rootElement, <App store={store} />, options);
      // React answers the page's events from here (hydrating the part an event reaches first), so
      // the boot script stops keeping them to do again.
      announce(document, 'hydrating');
    } else createRoot(rootElement, options).render(<App store={store} />);
  });
}
