import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { formatMoney } from '@harbor/domain';
import { App } from './app/App';
import { preloadPageAt } from './app/router';
import './app/styles.css';

// Number formatting sets up its locale data on first use, tens of milliseconds on a slow phone:
// done in a task of its own while the page waits for its code and data, not inside the first
// render of a page full of prices.
setTimeout(() => formatMoney(0));

const rootElement = document.getElementById('root');
if (!rootElement) {
  throw new Error('Harbor Wholesale cannot start: the root element <div id="root"> is missing from index.html.');
}

// The page's code first (index.html preloads it), so the first render shows the page itself, not a
// spinner that React would then hold for a moment; a failed download is the page's error to show.
// (A then, not a top-level await: with one, the bundler splits the entry into dozens of chunks.)
void preloadPageAt(window.location.pathname)
  .catch(() => {})
  .then(() => {
    // A transition lets React render the first page in slices, so a tap or a keystroke during
    // start-up is answered at once (the header bar from index.html is already on screen meanwhile).
    startTransition(() => {
      createRoot(rootElement).render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
    });
  });
