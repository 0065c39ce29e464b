import { useContext } from 'react';
import { ReactReduxContext, useDispatch, useSelector } from 'react-redux';
import type { AppDispatch, RootState } from './store';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

/** Throws a clear error when a feature hook is used outside the store provider. */
export function useRequireStore(hookName: string): void {
  if (!useContext(ReactReduxContext)) {
    throw new Error(`${hookName} must be used inside the Redux <Provider> (see web/src/app/App.tsx).`);
  }
}
