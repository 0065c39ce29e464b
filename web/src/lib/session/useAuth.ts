import { skipToken } from '@reduxjs/toolkit/query/react';
import { useSelector } from 'react-redux';
import { emptyProfile, staffMay, type StaffPermission } from '@harbor/domain';
import { useRequireStore } from '../hooks';
import { selectAuthStatus, selectUser } from './authSlice';
import { useGetProfileQuery } from './profileApi';

/**
 * The session as components need it: who is signed in and their profile (null until loaded; an
 * empty profile when the document is missing or unreadable). Throws a clear error outside the
 * store provider.
 */
export function useAuth() {
  useRequireStore('useAuth');
  const status = useSelector(selectAuthStatus);
  const user = useSelector(selectUser);
  const { currentData, isError } = useGetProfileQuery(user?.uid ?? skipToken);
  const profile = user ? (currentData ?? (isError ? emptyProfile : null)) : null;
  const role = profile?.role ?? null;
  return {
    status,
    user,
    profile,
    /** The signed-in user's staff role (domain/src/staff.ts); null for a customer or while loading. */
    role,
    isStaff: role !== null,
    isAdmin: role === 'admin',
    /** Whether the signed-in user's role may do this in the back office. */
    may: (permission: StaffPermission) => staffMay(role, permission),
    /** The greeting name: the profile name, else the e-mail. */
    displayName: profile?.name || user?.email || '',
  };
}
