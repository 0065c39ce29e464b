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

/**
 * False until the browser has shown the component's first render, then true: work the first view
 * does not need (a read whose answer only fills in figures) starts after that view is on screen,
 * so its answer never competes with the first paint on a slow phone. Two animation frames: the
 * second starts once the frame of the first render has been presented.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => setPainted(true));
    });
    return () => cancelAnimationFrame(frame);
  }, []);
  return painted;
}
