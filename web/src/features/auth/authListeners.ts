import { startAppListening } from '../../app/listenerMiddleware';
import type { AppDispatch } from '../../app/store';
import { emptyProfile, loadProfile, watchSession } from './authApi';
import { profileLoaded, signedIn, signedOut } from './authSlice';

export function registerAuthListeners(): void {
  startAppListening({
    actionCreator: signedIn,
    effect: async (action, listenerApi) => {
      try {
        listenerApi.dispatch(profileLoaded(await loadProfile(action.payload.uid)));
      } catch (error) {
        console.warn('The profile could not be loaded; treating it as empty.', error);
        listenerApi.dispatch(profileLoaded(emptyProfile));
      }
    },
  });
}

/** Mirrors Firebase Auth's session into the store; returns the unsubscribe function. */
export function watchAuthSession(dispatch: AppDispatch): () => void {
  return watchSession((user) => dispatch(user ? signedIn(user) : signedOut()));
}
