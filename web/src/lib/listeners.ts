import type { TypedStartListening } from '@reduxjs/toolkit';
import type { AppDispatch } from './hooks';

/**
 * How a feature registers its side effects: app/store.ts passes each store's own listener
 * middleware to the feature, typed with just the state the feature reads.
 */
export type StartListening<State> = TypedStartListening<State, AppDispatch>;
