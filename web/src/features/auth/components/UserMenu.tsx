import { useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { toast } from '../../../lib/toast';
import { CircleUserRound } from 'lucide-react';
import { logout } from '../api';
import { useAuth } from '../../../lib/session';

export function UserMenu() {
  const { status, isStaff, displayName } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const menu = useRef<HTMLDetailsElement>(null);

  // The menu closes when the user goes somewhere, presses Escape or clicks elsewhere.
  useEffect(() => {
    if (menu.current) menu.current.open = false;
  }, [location]);
  useEffect(() => {
    function close(event: Event) {
      const details = menu.current;
      if (!details?.open) return;
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !details.contains(event.target as Node)) {
        details.open = false;
        if (event instanceof KeyboardEvent) details.querySelector('summary')?.focus();
      }
    }
    document.addEventListener('keydown', close);
    document.addEventListener('click', close);
    return () => {
      document.removeEventListener('keydown', close);
      document.removeEventListener('click', close);
    };
  }, []);

  if (status === 'loading') return <div className="user-menu" aria-hidden="true" />;

  if (status === 'signedOut') {
    return (
      <nav className="user-menu" aria-label="Account">
        <Link to="/login">Login</Link>
        <Link to="/register" className="button small">
          Register
        </Link>
      </nav>
    );
  }

  async function handleLogout() {
    try {
      await logout();
      toast.success('Logged out successfully!');
      navigate('/');
    } catch {
      toast.error('Failed to log out.');
    }
  }

  return (
    <details className="user-menu dropdown" ref={menu}>
      <summary>
        <CircleUserRound aria-hidden="true" size={20} />
        <span className="greeting">Hi, {displayName}</span>
      </summary>
      <nav className="dropdown-panel" aria-label="Account">
        <Link to="/profile">My Profile</Link>
        <Link to="/profile#buy-again">Buy again</Link>
        <Link to="/lists">Saved lists</Link>
        <Link to="/quotes">Quotes</Link>
        <Link to="/returns">Returns</Link>
        {isStaff && <Link to="/admin">Admin Panel</Link>}
        <button type="button" className="link-button" onClick={handleLogout}>
          Logout
        </button>
      </nav>
    </details>
  );
}
