import { Link } from 'react-router-dom';
import { BRAND } from '@harbor/domain';
import { UserMenu } from '../../features/auth';
import { CartBadge } from '../../features/cart';
import { paths } from '../../config';
import { LOGO_MARK_SVG } from '../../config/logo';
import { SearchForm } from './SearchForm';

export function Header() {
  return (
    <header className="site-header">
      <div className="container header-row">
        <Link to={paths.home} className="logo" aria-label={`${BRAND.fullName}, home`}>
          <span className="logo-mark" dangerouslySetInnerHTML={{ __html: LOGO_MARK_SVG }} />
          <span className="logo-text">
            {/* The space keeps the visible text a part of the link's accessible name. */}
            <strong>{BRAND.name}</strong> <small>by Harbor Group</small>
          </span>
        </Link>
        <SearchForm />
        <div className="header-actions">
          <CartBadge />
          <UserMenu />
        </div>
      </div>
    </header>
  );
}
