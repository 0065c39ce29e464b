import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import './app/styles.css';

const rootElement = document.getElementById('root');
if (!rootElement) {
  throw new Error('Harbor Wholesale cannot start: the root element <div id="root"> is missing from index.html.');
}

createRoot(rootElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
