import { Component, type ReactNode } from 'react';

function RouteError() {
  const offline = typeof navigator !== 'undefined' && !navigator.onLine;
  const detail = offline ? 'You appear to be offline.' : 'Something went wrong while showing this page.';
  return (
    <section className="page narrow center" role="alert">
      <h1>This page could not be shown</h1>
      <p className="muted">{detail} Your cart and anything you saved are safe.</p>
      <button type="button" className="button" onClick={() => window.location.reload()}>
        Try again
      </button>
    </section>
  );
}

/**
 * Shown in place of a page that failed to render or whose code failed to load (often a dropped
 * connection or a new deploy); the header stays usable and "Try again" reloads the page. Layout
 * keys it by path, so going to another page clears the error.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('A page failed to render.', error);
  }

  override render(): ReactNode {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
