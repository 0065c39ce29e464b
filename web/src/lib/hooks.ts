import { useContext, useEffect, useState } from 'react';
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

/** Set once the app's first view has been on screen. */
let firstViewShown = false;

/**
 * False until the app's first view is on screen, then true: work that view does not need (a read
 * whose answer only fills in figures) starts after it, so on a slow phone its answer never
 * competes with the first paint. Two animation frames: the second starts once the frame of the
 * first render has been presented. True at once after that (a page opened from within the app
 * uses what is cached, without a wait).
 */
export function useAfterFirstView(): boolean {
  const [shown, setShown] = useState(firstViewShown);
  useEffect(() => {
    if (shown) return;
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        firstViewShown = true;
        setShown(true);
      });
    });
    return () => cancelAnimationFrame(frame);
  }, [shown]);
  return shown;
}
