import { useAppSelector, useRequireStore } from '../../app/hooks';
import { selectAuthStatus, selectDisplayName, selectIsAdmin, selectProfile, selectUser } from './authSlice';

/** The session as components need it. Throws a clear error outside the store provider. */
export function useAuth() {
  useRequireStore('useAuth');
  const status = useAppSelector(selectAuthStatus);
  const user = useAppSelector(selectUser);
  const profile = useAppSelector(selectProfile);
  const isAdmin = useAppSelector(selectIsAdmin);
  const displayName = useAppSelector(selectDisplayName);
  return { status, user, profile, isAdmin, displayName };
}
