import { combineSlices, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { registerCartListeners } from '../features/cart';
import type { CatalogSource } from '../features/catalog/catalogSource';
import { api } from '../lib/api';
import type { AppDispatch } from '../lib/hooks';
import { cartSlice } from '../lib/cart';
import { authSlice } from '../lib/session';

const rootReducer = combineSlices(authSlice, cartSlice, api);

export type RootState = ReturnType<typeof rootReducer>;

/** What the endpoints read from, when not the browser's own (the server renderer's catalog). */
export interface StoreSources {
  catalog?: CatalogSource;
}

/**
 * A store with its own listener middleware, on which each feature registers its side effects
 * (saving the cart) as the store is made: every store, a test's included, behaves the same.
 */
export function makeStore(preloadedState?: Partial<RootState>, sources: StoreSources = {}) {
  const listeners = createListenerMiddleware();
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: sources } }).prepend(listeners.middleware).concat(api.middleware),
  });
  registerCartListeners(listeners.startListening.withTypes<RootState, AppDispatch>());
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
