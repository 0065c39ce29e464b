import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { BRAND } from '@harbor/domain';
import { UserMenu } from '../../features/auth';
import { CartBadge } from '../../features/cart';
import { paths } from '../../config';
import { LOGO_MARK_SVG } from '../../config/logo';
import { SearchForm } from './SearchForm';

/**
 * Keeps `--header-height` on the page's root at the sticky header's height (one row on a wide
 * screen, two on a phone), so what sits below it (the toasts) never covers it.
 */
function useHeaderHeight() {
  const header = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = header.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => document.documentElement.style.setProperty('--header-height', `${element.offsetHeight}px`));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return header;
}

export function Header() {
  const header = useHeaderHeight();
  return (
    <header className="site-header" ref={header}>
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
