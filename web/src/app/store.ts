import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { authSlice } from '../features/auth/authSlice';
import { cartSlice } from '../features/cart/cartSlice';
import { quickOrderSlice } from '../features/catalog/quickOrderSlice';
import { api } from './api';
import { listenerMiddleware } from './listenerMiddleware';

const rootReducer = combineSlices(authSlice, cartSlice, quickOrderSlice, api);

export type RootState = ReturnType<typeof rootReducer>;

export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().prepend(listenerMiddleware.middleware).concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
