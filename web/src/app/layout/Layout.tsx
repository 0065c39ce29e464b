import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Toaster } from 'sonner';
import { Spinner } from '../../components/Spinner';
import { Footer } from './Footer';
import { Header } from './Header';

export function Layout() {
  return (
    <div className="app-shell">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Header />
      <main id="main" className="container main">
        <Suspense fallback={<Spinner label="Loading page…" />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <Toaster position="top-center" richColors closeButton />
    </div>
  );
}
