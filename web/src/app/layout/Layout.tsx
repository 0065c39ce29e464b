import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Toaster } from '../../lib/toast';
import { RepeatedIconSymbols } from '../../components/RepeatedIcons';
import { Spinner } from '../../components/Spinner';
import { isClientOnlyPath } from '../../config/paths';
import { announce } from '../../lib/deferredModules';
import { useAuth } from '../../lib/session';
import { RouteErrorBoundary } from '../RouteError';
import { Footer } from './Footer';
import { Header } from './Header';
import { NetworkStatus } from './NetworkStatus';
import { ScrollRestoration } from './ScrollRestoration';

/**
 * Rendered after the route's page, inside its Suspense boundary: React hydrates a lazy page after
 * the rest of the app, and a field takes an edit done again (src/boot.ts) only once hydrated.
 */
function PageHydrated() {
  useEffect(() => announce(document, 'pageHydrated'), []);
  return null;
}

const TOASTS_BELOW_HEADER = { top: 'calc(var(--header-height, 4.5rem) + 0.75rem)' };

export function Layout() {
  const { status } = useAuth();
  const { pathname } = useLocation();
  return (
    <div className="app-shell">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <ScrollRestoration />
      {/* Before the page: a card painted while the HTML still arrives already has its icons. */}
      <RepeatedIconSymbols />
      <Header />
      <NetworkStatus />
      <main id="main" className="container main">
        {/* A page rendered on the server shows at once; the session applies to it when known. */}
        {status === 'loading' && isClientOnlyPath(pathname) ? (
          <Spinner fullScreen label="Checking your sign-in…" />
        ) : (
          <RouteErrorBoundary key={pathname}>
            <Suspense fallback={<Spinner label="Loading page…" />}>
              <Outlet />
              <PageHydrated />
            </Suspense>
          </RouteErrorBoundary>
        )}
      </main>
      <Footer />
      {/* Top centre, below the sticky header: a toast never hides the header's cart or menu. */}
      <Toaster position="top-center" offset={TOASTS_BELOW_HEADER} mobileOffset={TOASTS_BELOW_HEADER} richColors closeButton />
    </div>
  );
}
