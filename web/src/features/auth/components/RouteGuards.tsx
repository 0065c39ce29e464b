import type { ReactNode } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router-dom';
import type { StaffPermission } from '@harbor/domain';
import { PageTitle } from '../../../components/PageTitle';
import { Spinner } from '../../../components/Spinner';
import { paths } from '../../../config';
import { useAuth } from '../../../lib/session';

/** Signed-in routes: a signed-out visitor goes to /login and comes back after signing in. */
export function RequireAuth() {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <Spinner fullScreen label="Checking your sign-in…" />;
  if (status === 'signedOut') {
    return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  return <Outlet />;
}

/** Back-office routes: anyone without a staff role goes to the home page. */
export function RequireStaff() {
  const { status, profile, isStaff } = useAuth();
  if (status === 'loading' || (status === 'signedIn' && profile === null)) return <Spinner fullScreen label="Checking your access…" />;
  if (!isStaff) return <Navigate to="/" replace />;
  return <Outlet />;
}

/** What a member of staff sees on a back-office page its role may not use. */
export function AccessDenied() {
  return (
    <section className="admin" aria-labelledby="access-denied-title">
      <PageTitle>No access · Back office</PageTitle>
      <h1 id="access-denied-title">You do not have access to this page</h1>
      <p>Your role in the back office does not include this page. Ask an administrator if you need it.</p>
      <p>
        <Link to={paths.adminDashboard}>Back to the dashboard</Link>
      </p>
    </section>
  );
}

/** A back-office page for the roles that may do any of `permissions`; other staff are told they have no access. */
export function RequirePermission({ permissions, children }: { permissions: StaffPermission[]; children: ReactNode }) {
  const { may } = useAuth();
  return permissions.some(may) ? children : <AccessDenied />;
}
