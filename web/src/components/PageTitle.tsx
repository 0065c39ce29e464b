import { useEffect } from 'react';

/**
 * The tab's title while the page is shown; the previous one comes back when it goes. An effect
 * rather than React 19's hoisted `<title>`, which the production runtime (Preact's React
 * compatibility layer, see vite.config.ts) would leave in the body.
 */
export function PageTitle({ children }: { children: string }) {
  useEffect(() => {
    const previous = document.title;
    document.title = children;
    return () => {
      document.title = previous;
    };
  }, [children]);
  return null;
}
