import { Link, useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { CircleUserRound } from 'lucide-react';
import { logout } from '../authApi';
import { useAuth } from '../useAuth';

export function UserMenu() {
  const { status, isAdmin, displayName } = useAuth();
  const navigate = useNavigate();

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
    <details className="user-menu dropdown">
      <summary>
        <CircleUserRound aria-hidden="true" size={20} />
        <span className="greeting">Hi, {displayName}</span>
      </summary>
      <nav className="dropdown-panel" aria-label="Account">
        <Link to="/profile">My Profile</Link>
        {isAdmin && <Link to="/admin">Admin Panel</Link>}
        <button type="button" className="link-button" onClick={handleLogout}>
          Logout
        </button>
      </nav>
    </details>
  );
}
