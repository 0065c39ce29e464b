import { useEffect } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { cartReplaced, readGuestCart, registerCartListeners } from '../features/cart';
import { registerAuthListeners, watchAuthSession } from '../features/auth';
import { AppRoutes } from './router';
import { makeStore } from './store';

// One store for the page's lifetime; listeners are registered once, at start.
registerAuthListeners();
registerCartListeners();
const store = makeStore();

/**
 * Restores the guest cart, then follows the session: a sign-in must find the guest cart in the
 * store to merge it. Returns the function that stops following the session.
 */
function startSession(): () => void {
  let stopWatching: (() => void) | undefined;
  let stopped = false;
  readGuestCart()
    .then((items) => store.dispatch(cartReplaced(items)))
    .catch((error: unknown) => console.error('The guest cart could not be restored.', error))
    .finally(() => {
      if (!stopped) stopWatching = watchAuthSession(store.dispatch);
    });
  return () => {
    stopped = true;
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
