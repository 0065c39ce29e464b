import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ShippingAddress } from '@harbor/domain';

export interface SessionUser {
  uid: string;
  email: string | null;
  displayName: string | null;
}

/** `users/{uid}` as the client sees it. `role` is set only by an administrator, never by the client. */
export interface Profile {
  name: string;
  email: string;
  company: string;
  phone: string;
  shippingAddress: ShippingAddress;
  role?: 'admin';
}

export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

export interface AuthState {
  status: AuthStatus;
  user: SessionUser | null;
  /** Null until loaded; an empty profile when the document is missing. */
  profile: Profile | null;
}

const initialState: AuthState = { status: 'loading', user: null, profile: null };

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    signedIn(state, action: PayloadAction<SessionUser>) {
      state.status = 'signedIn';
      state.user = action.payload;
      state.profile = null;
    },
    signedOut(state) {
      state.status = 'signedOut';
      state.user = null;
      state.profile = null;
    },
    profileLoaded(state, action: PayloadAction<Profile>) {
      state.profile = action.payload;
    },
  },
  selectors: {
    selectAuthStatus: (state) => state.status,
    selectUser: (state) => state.user,
    selectProfile: (state) => state.profile,
    selectIsAdmin: (state) => state.profile?.role === 'admin',
    /** The greeting name: the profile name, else the e-mail. */
    selectDisplayName: (state) => state.profile?.name || state.user?.email || '',
  },
});

export const { signedIn, signedOut, profileLoaded } = authSlice.actions;
export const { selectAuthStatus, selectUser, selectProfile, selectIsAdmin, selectDisplayName } = authSlice.selectors;
