import { isRouteErrorResponse, useRouteError } from 'react-router-dom';

/**
 * Shown in place of a page that failed to render or whose code failed to load (often a dropped
 * connection or a new deploy); the header stays usable and "Try again" reloads the page.
 */
export function RouteError() {
  const error = useRouteError();
  console.error('A page failed to render.', error);
  const offline = typeof navigator !== 'undefined' && !navigator.onLine;
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : offline
      ? 'You appear to be offline.'
      : 'Something went wrong while showing this page.';
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
