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

/**
 * How many of a list's `total` items to render: on the app's first view, `step` more each
 * animation frame, so a page of cards is several short tasks on a slow phone instead of one long
 * one that holds up the page's first input; at once on any later view, so a page returned to has
 * its items in place for its scroll position.
 */
export function useRevealedCount(total: number, step: number): number {
  const [count, setCount] = useState(() => (firstViewShown ? total : Math.min(step, total)));
  const growing = !firstViewShown && count < total;
  useEffect(() => {
    if (!growing) {
      firstViewShown = true;
      return;
    }
    const frame = requestAnimationFrame(() => setCount((shown) => shown + step));
    return () => cancelAnimationFrame(frame);
  }, [growing, count, step]);
  // Left before it had all its items (a card tapped at once): the first view was still seen.
  useEffect(
    () => () => {
      firstViewShown = true;
    },
    [],
  );
  return growing ? count : total;
}

