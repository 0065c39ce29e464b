import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** The signed-in Firebase Auth user, as plain data. */
export interface SessionUser {
  uid: string;
  email: string | null;
  displayName: string | null;
}

export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

/** Who is signed in. The profile is server state: see ./profileApi. */
export interface AuthState {
  status: AuthStatus;
  user: SessionUser | null;
}

export const signedOutState: AuthState = { status: 'signedOut', user: null };

const initialState: AuthState = { status: 'loading', user: null };

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    signedIn(state, action: PayloadAction<SessionUser>) {
      state.status = 'signedIn';
      state.user = action.payload;
    },
    signedOut() {
      return signedOutState;
    },
    /** A stored session is being restored (a page hydrated as signed out learns this after). */
    sessionRestoring(state) {
      if (state.status === 'signedOut') state.status = 'loading';
    },
  },
  selectors: {
    selectAuthStatus: (state) => state.status,
    selectUser: (state) => state.user,
  },
});

export const { signedIn, signedOut, sessionRestoring } = authSlice.actions;
export const { selectAuthStatus, selectUser } = authSlice.selectors;
