import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { makeStore, type RootState } from '../app/store';

interface Options {
  preloadedState?: Partial<RootState>;
  path?: string;
}

/** Renders a component inside a real store and a memory router; `location()` reads where it navigated. */
export function renderWithStore(ui: ReactElement, { preloadedState, path = '/' }: Options = {}) {
  const store = makeStore(preloadedState);
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...view, store, location: () => `${router.state.location.pathname}${router.state.location.search}` };
}
