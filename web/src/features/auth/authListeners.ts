import { startAppListening } from '../../app/listenerMiddleware';
import type { AppDispatch } from '../../app/store';
import { emptyProfile, loadProfile, watchSession } from './authApi';
import { profileLoaded, signedIn, signedOut, type Profile } from './authSlice';

export function registerAuthListeners(): void {
  startAppListening({
    actionCreator: signedIn,
    effect: async (action, listenerApi) => {
      let profile: Profile;
      try {
        profile = await loadProfile(action.payload.uid);
      } catch (error) {
        console.warn('The profile could not be loaded; treating it as empty.', error);
        profile = emptyProfile;
      }
      // Registration writes the profile just after sign-in and loads it itself; an empty read
      // that raced that write must not replace the profile it loaded.
      if (profile === emptyProfile && listenerApi.getState().auth.profile !== null) return;
      listenerApi.dispatch(profileLoaded(profile));
    },
  });
}

/** Mirrors Firebase Auth's session into the store; returns the unsubscribe function. */
export function watchAuthSession(dispatch: AppDispatch): () => void {
  return watchSession((user) => dispatch(user ? signedIn(user) : signedOut()));
}
