import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { CartItem, Profile } from '@harbor/domain';
import { makeStore, type RootState } from '../app/store';
import type { CartState } from '../lib/cart';
import { profileApi, type SessionUser } from '../lib/session';

interface Options {
  preloadedState?: Partial<RootState>;
  path?: string;
  /** Signs this user in, with this profile already loaded. */
  signedInAs?: { user: SessionUser; profile: Profile };
}

/** A store, signed in when asked, with the profile in the cache as if it had been read. */
export function makeTestStore({ preloadedState, signedInAs }: Pick<Options, 'preloadedState' | 'signedInAs'> = {}) {
  const store = makeStore(signedInAs ? { ...preloadedState, auth: { status: 'signedIn', user: signedInAs.user } } : preloadedState);
  if (signedInAs) store.dispatch(profileApi.util.upsertQueryEntries([{ endpointName: 'getProfile', arg: signedInAs.user.uid, value: signedInAs.profile }]));
  return store;
}

/** Renders a component inside a real store and a memory router; `location()` reads where it navigated. */
export function renderWithStore(ui: ReactElement, { preloadedState, path = '/', signedInAs }: Options = {}) {
  const store = makeTestStore({ preloadedState, signedInAs });
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...view, store, location: () => `${router.state.location.pathname}${router.state.location.search}` };
}

/** A loaded cart holding these lines (a guest's, unless `owner` says otherwise). */
export function cartWith(items: CartItem[], owner: CartState['owner'] = 'guest'): CartState {
  return { items, loading: false, owner, unsaved: [], serverItems: owner === 'server' ? items : [], connected: owner === 'server', guestItemsBeforeSession: null };
}
