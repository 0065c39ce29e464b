import { useEffect } from 'react';

/**
 * The tab's title while the page is shown; the previous one comes back when it goes. The server
 * writes a rendered page's first title into its head (app/renderPage.tsx, with the page's other
 * head elements); this keeps it as the visitor moves between pages.
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
