import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/** How long a restored position waits for the page to grow tall enough (lazy code, cached data). */
const RESTORE_FOR_MS = 2_000;

/**
 * Where the buyer was on a page: the scroll offset, and (taken as the buyer leaves) the first
 * element marked `data-scroll-anchor` still on screen, with its distance from the top of the
 * window. Elements above it may have another height when the page shows again (catalog cards are
 * laid out only near the screen: content-visibility), so the anchor, not the offset, puts the
 * buyer back where they were.
 */
interface Position {
  y: number;
  anchor: { id: string; top: number } | null;
}

const positions = new Map<string, Position>();
/** The history entry on screen: a scroll event that reaches a page's listener after it left is ignored. */
let shownKey = '';

function anchorOnScreen(): Position['anchor'] {
  for (const element of document.querySelectorAll<HTMLElement>('[data-scroll-anchor]')) {
    const { top, bottom } = element.getBoundingClientRect();
    if (bottom > 0) return { id: element.dataset.scrollAnchor ?? '', top };
  }
  return null;
}

/** Moves the page so the saved anchor is where it was; false when the anchor is not on the page. */
function alignAnchor({ id, top }: NonNullable<Position['anchor']>): { found: boolean; moved: boolean } {
  const anchor = document.querySelector(`[data-scroll-anchor="${CSS.escape(id)}"]`);
  if (!anchor) return { found: false, moved: false };
  const offBy = Math.round(anchor.getBoundingClientRect().top - top);
  if (offBy !== 0) window.scrollTo(0, window.scrollY + offBy);
  return { found: true, moved: offBy !== 0 };
}

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
    // A click (on a link, or a button that navigates) and the browser's back and forward reach
    // these listeners before the next page replaces this one: the anchor is taken from the page
    // as the buyer saw it.
    const leaving = () => positions.set(shownKey, { y: window.scrollY, anchor: anchorOnScreen() });
    document.addEventListener('click', leaving, { capture: true });
    window.addEventListener('popstate', leaving);
    return () => {
      document.removeEventListener('click', leaving, { capture: true });
      window.removeEventListener('popstate', leaving);
    };
  }, []);

  // The offset of the page on screen, kept up to date while the buyer scrolls it.
  useEffect(() => {
    const remember = () => {
      if (shownKey === key) positions.set(key, { y: window.scrollY, anchor: null });
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
    let stillFrames = 0;
    const again = () => {
      if (performance.now() - started < RESTORE_FOR_MS) frame = requestAnimationFrame(restore);
    };
    const restore = () => {
      if (saved.anchor) {
        const { found, moved } = alignAnchor(saved.anchor);
        // The cards around the anchor are laid out in the frame after a scroll: aligned again until
        // the anchor has held still through two frames.
        stillFrames = moved ? 0 : stillFrames + 1;
        if (found) return stillFrames < 2 ? again() : undefined;
        // The anchor may be on its way (lazy code, data); a page showing other anchors has lost it.
        if (document.querySelector('[data-scroll-anchor]')) return window.scrollTo(0, saved.y);
      }
      window.scrollTo(0, saved.y);
      const reachable = document.documentElement.scrollHeight - window.innerHeight >= saved.y;
      if (!reachable || saved.anchor) again();
    };
    restore();
    return () => cancelAnimationFrame(frame);
  }, [key, hash, navigationType]);

  return null;
}
