import { useContext } from 'react';
import { ReactReduxContext, useDispatch } from 'react-redux';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';

/**
 * The store's dispatch as features see it: plain actions and thunks (RTK Query's included). Typed
 * without the root state, which only app/ knows, so that nothing below app/ imports app/.
 */
export type AppDispatch = ThunkDispatch<unknown, unknown, UnknownAction>;

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();

/** Throws a clear error when a feature hook is used outside the store provider. */
export function useRequireStore(hookName: string): void {
  if (!useContext(ReactReduxContext)) {
    throw new Error(`${hookName} must be used inside the Redux <Provider> (see web/src/app/App.tsx).`);
  }
}
