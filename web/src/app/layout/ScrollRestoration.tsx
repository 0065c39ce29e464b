import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/**
 * How long a page returned to keeps being put back in place (lazy code, cached data, cards laid
 * out). Long enough for a slow phone on a slow network: it ends as soon as the page holds still in
 * place, and at the buyer's first scroll, tap or key. 2 s was too short on a busy machine: the
 * grid came after it gave up.
 */
const RESTORE_FOR_MS = 6_000;

/**
 * Where the buyer was on a page: the scroll offset, and (taken as the buyer leaves by a link or
 * the browser's back and forward) the first element marked `data-scroll-anchor` on screen, with
 * its distance from the top of the window. Elements above it may have another height when the
 * page shows again (catalog cards are laid out only near the screen: content-visibility), so the
 * anchor, not the offset, puts the buyer back where they were.
 */
interface Position {
  y: number;
  anchor: { id: string; top: number } | null;
}

/**
 * Positions by history entry: the router's key of the entry and its address. A page loaded in full
 * (by a link tapped before the shop's code started, or by a reload) has the key "default", as every
 * such page has, so the address tells them apart.
 */
const positions = new Map<string, Position>();
const entryId = (key: string, address: string) => `${key} ${address}`;
/** Sets an entry's position as the newest, so the entries stored are the ones visited last. */
function remember(entry: string, position: Position): void {
  positions.delete(entry);
  positions.set(entry, position);
}
/** The history entry on screen: a scroll event that reaches a page's listener after it left is ignored. */
let shownEntry = '';

/** The entry on screen before the shop has shown it (the page's code still starting), read from the history. */
function entryBeforeStart(): string {
  const state: unknown = window.history.state;
  const key = typeof state === 'object' && state !== null && 'key' in state && typeof state.key === 'string' ? state.key : 'default';
  return entryId(key, `${window.location.pathname}${window.location.search}`);
}

/** The entry on screen as a click or leaving the page finds it (not popstate: the history has moved on by then). */
const entryOnScreen = () => shownEntry || entryBeforeStart();

const anchors = () => document.querySelectorAll<HTMLElement>('[data-scroll-anchor]');

function anchorOnScreen(): Position['anchor'] {
  if (window.scrollY === 0) return null;
  for (const element of anchors()) {
    const { top, bottom } = element.getBoundingClientRect();
    if (bottom > 0 && top < window.innerHeight) return { id: element.dataset.scrollAnchor ?? '', top };
  }
  return null;
}

/** Moves the page so the saved anchor is where it was. `moved`: the page had to scroll for it. */
function alignAnchor({ id, top }: NonNullable<Position['anchor']>): { found: boolean; moved: boolean } {
  const anchor = [...anchors()].find((element) => element.dataset.scrollAnchor === id);
  if (!anchor) return { found: false, moved: false };
  const offBy = Math.round(anchor.getBoundingClientRect().top - top);
  // A pixel either way is rounding (fractional device pixel ratios), not a misplaced page.
  if (Math.abs(offBy) <= 1) return { found: true, moved: false };
  const before = window.scrollY;
  window.scrollTo(0, before + offBy);
  // An offset out of reach (the page is shorter now) cannot be scrolled to: that counts as placed.
  return { found: true, moved: window.scrollY !== before };
}

/** Keeps where the buyer was on the page being left, as the buyer saw it. */
function rememberLeaving(entry = shownEntry): void {
  remember(entry, { y: window.scrollY, anchor: anchorOnScreen() });
}

/**
 * The positions outlive a page loaded anew, in this tab's session storage: a link tapped before the
 * shop's code has started (a slow phone) loads the next page in full, and so do a reload and an
 * address typed in; coming back (back, forward, reload) then still finds its place.
 */
const STORED_POSITIONS = 'scroll-positions';
/** Entries kept: more than anyone goes back through. */
const KEPT_POSITIONS = 50;

function isPosition(value: unknown): value is Position {
  if (typeof value !== 'object' || value === null || !('y' in value) || typeof value.y !== 'number' || !('anchor' in value)) return false;
  const { anchor } = value;
  return anchor === null || (typeof anchor === 'object' && 'id' in anchor && typeof anchor.id === 'string' && 'top' in anchor && typeof anchor.top === 'number');
}

function storePositions(): void {
  rememberLeaving(entryOnScreen());
  try {
    sessionStorage.setItem(STORED_POSITIONS, JSON.stringify([...positions].slice(-KEPT_POSITIONS)));
  } catch {
    // Storage full or refused: only a full page load loses its place.
  }
}

/**
 * Every page of the tab reads them, and stores them again with its own when left. A page come back
 * to (back, forward, reload) finds its place; a new visit of an address starts at the top.
 */
function readStoredPositions(): void {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(STORED_POSITIONS) ?? '[]');
    for (const entry of Array.isArray(stored) ? stored : []) {
      if (Array.isArray(entry) && typeof entry[0] === 'string' && isPosition(entry[1])) positions.set(entry[0], entry[1]);
    }
  } catch {
    // Unreadable: nothing to put back.
  }
  const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  if (navigation?.type !== 'back_forward' && navigation?.type !== 'reload') positions.delete(entryBeforeStart());
}

// Registered as this module loads in the browser (not on the server), so both run before the
// router has rendered the next page: its popstate listener is added when it mounts, later, and
// React renders the next page in the microtask after that listener (a listener added by this
// component ran after that render). A click reaches a capturing listener on the document before
// any link's handler; before the shop has shown the page, the history says which entry it is.
if (typeof window !== 'undefined') {
  readStoredPositions();
  window.addEventListener('popstate', () => rememberLeaving());
  window.addEventListener('pagehide', storePositions);
  document.addEventListener(
    'click',
    (event) => {
      if (event.target instanceof Element && event.target.closest('a[href]')) rememberLeaving(entryOnScreen());
    },
    { capture: true },
  );
}

/** The buyer's own scrolling, which ends any restoring still going on. */
const USER_SCROLL_EVENTS = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;

/**
 * A new page starts at the top; back and forward return to where the buyer was on that page.
 * React Router's <ScrollRestoration> does this only with its data router (about 16 KB more on the
 * first load), so the shop keeps its declarative router and remembers positions itself, per
 * history entry.
 */
export function ScrollRestoration() {
  const { key: routerKey, pathname, search, hash } = useLocation();
  const key = entryId(routerKey, `${pathname}${search}`);
  const navigationType = useNavigationType();

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
  }, []);

  // The offset of the page on screen, kept up to date while the buyer scrolls it.
  useEffect(() => {
    const rememberScroll = () => {
      if (shownEntry === key) remember(key, { y: window.scrollY, anchor: null });
    };
    window.addEventListener('scroll', rememberScroll, { passive: true });
    return () => window.removeEventListener('scroll', rememberScroll);
  }, [key]);

  useLayoutEffect(() => {
    shownEntry = key;
    if (navigationType !== 'POP') {
      if (!hash) window.scrollTo(0, 0);
      return;
    }
    const saved = positions.get(key);
    if (saved === undefined) return;
    const started = performance.now();
    let frame = 0;
    let stillFrames = 0;
    const stop = () => cancelAnimationFrame(frame);
    const again = () => {
      if (performance.now() - started < RESTORE_FOR_MS) frame = requestAnimationFrame(restore);
    };
    const restore = () => {
      if (saved.anchor) {
        const { found, moved } = alignAnchor(saved.anchor);
        // The cards around the anchor are laid out in the frame after a scroll: aligned again until
        // it has held still through two frames.
        stillFrames = found && !moved ? stillFrames + 1 : 0;
        if (found) return stillFrames < 2 ? again() : undefined;
      }
      window.scrollTo(0, saved.y);
      // Tried again while the page may still grow into place: an anchor not on the page yet (the
      // page's code or data on its way, its cards still coming in: a busy list; a page that shows
      // its other anchors, settled, has lost it), or an offset the page is not tall enough for.
      const waiting = saved.anchor
        ? anchors().length === 0 || document.querySelector('[aria-busy="true"]') !== null
        : document.documentElement.scrollHeight - window.innerHeight < saved.y;
      if (waiting) again();
    };
    restore();
    for (const type of USER_SCROLL_EVENTS) window.addEventListener(type, stop, { passive: true });
    return () => {
      stop();
      for (const type of USER_SCROLL_EVENTS) window.removeEventListener(type, stop);
    };
  }, [key, hash, navigationType]);

  return null;
}
