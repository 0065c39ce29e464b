export { authSlice, sessionRestoring, signedIn, signedOut, signedOutState, selectUser, selectAuthStatus } from './authSlice';
export type { AuthState, AuthStatus, SessionUser } from './authSlice';
export { profileApi, useGetProfileQuery } from './profileApi';
export { useAuth } from './useAuth';
export { watchSession } from './watchSession';
