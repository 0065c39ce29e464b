import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/** How long a restored position waits for the page to grow tall enough (lazy code, cached data). */
const RESTORE_FOR_MS = 2_000;
const positions = new Map<string, number>();
/** The history entry on screen: a scroll event that reaches a page's listener after it left is ignored. */
let shownKey = '';

/**
 * A new page starts at the top; back and forward return to where the buyer was on that page.
 * React Router's <ScrollRestoration> does this only with its data router (about 16 KB more on the
 * first load), so the shop keeps its declarative router and remembers positions itself, per
 * history entry.
 */
export function ScrollRestoration() {
  const { key, hash } = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
  }, []);

  // The position of the page on screen, kept up to date while the buyer scrolls it.
  useEffect(() => {
    const remember = () => {
      if (shownKey === key) positions.set(key, window.scrollY);
    };
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, [key]);

  useLayoutEffect(() => {
    shownKey = key;
    if (navigationType !== 'POP') {
      if (!hash) window.scrollTo(0, 0);
      return;
    }
    const saved = positions.get(key);
    if (saved === undefined) return;
    const started = performance.now();
    let frame = 0;
    const restore = () => {
      window.scrollTo(0, saved);
      const reachable = document.documentElement.scrollHeight - window.innerHeight >= saved;
      if (!reachable && performance.now() - started < RESTORE_FOR_MS) frame = requestAnimationFrame(restore);
    };
    restore();
    return () => cancelAnimationFrame(frame);
  }, [key, hash, navigationType]);

  return null;
}
