import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { Spinner } from '../../../components/Spinner';
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

/** Admin routes: anyone without the admin role goes to the home page. */
export function RequireAdmin() {
  const { status, profile, isAdmin } = useAuth();
  if (status === 'loading' || (status === 'signedIn' && profile === null)) return <Spinner fullScreen label="Checking your access…" />;
  if (!isAdmin) return <Navigate to="/" replace />;
  return <Outlet />;
}
