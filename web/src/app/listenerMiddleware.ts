import { createListenerMiddleware, addListener } from '@reduxjs/toolkit';
import type { AppDispatch, RootState } from './store';

/** Side effects (saving the cart, loading the profile) live in listeners, not in components. */
export const listenerMiddleware = createListenerMiddleware();

export const startAppListening = listenerMiddleware.startListening.withTypes<RootState, AppDispatch>();
export const addAppListener = addListener.withTypes<RootState, AppDispatch>();
