import { useEffect } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { readGuestCart, registerCartListeners } from '../features/cart';
import { registerAuthListeners, watchAuthSession } from '../features/auth';
import { makeRouter } from './router';
import { makeStore } from './store';

// One store and router for the page's lifetime; listeners are registered once, at start.
registerAuthListeners();
registerCartListeners();
const store = makeStore({ cart: { items: readGuestCart(), loading: false } });
const router = makeRouter();

export function App() {
  useEffect(() => watchAuthSession(store.dispatch), []);
  return (
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  );
}
