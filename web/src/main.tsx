import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import './app/styles.css';

const rootElement = document.getElementById('root');
if (!rootElement) {
  throw new Error('Harbor Wholesale cannot start: the root element <div id="root"> is missing from index.html.');
}

// A transition lets React render the first page in slices, so a tap or a keystroke during start-up
// is answered at once (the header bar from index.html is already on screen meanwhile).
startTransition(() => {
  createRoot(rootElement).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
