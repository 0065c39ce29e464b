export { signedIn, signedOut, profileLoaded, selectUser, selectProfile, selectIsAdmin } from './authSlice';
export type { AuthState, Profile, SessionUser } from './authSlice';
export { useAuth } from './useAuth';
export { registerAuthListeners, watchAuthSession } from './authListeners';
export { UserMenu } from './components/UserMenu';
export { RequireAuth, RequireAdmin } from './components/RouteGuards';
