/**
 * The only script a page rendered on the server names: once the browser has painted the page, it
 * fetches the shop's code and starts it (lib/deferredModules.ts). The static app shell names the
 * entry (main.tsx) itself.
 */
import { preloadModules, readDeferredModules, SHOP_STARTED_EVENT } from './lib/deferredModules';

/** Settles after the browser has painted the next frame (at once in a hidden tab, which paints nothing). */
function afterNextPaint(): Promise<void> {
  if (document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Files whose fetches one task starts: each costs the main thread about a millisecond on a slow phone. */
const PRELOADS_PER_TASK = 6;

/**
 * Taps on the page's buttons before its code has started (a "List" toggle, the phone's "Filters"):
 * a plain button does nothing without its code, so it is clicked again once React has taken the
 * page (React answers a click made while it hydrates). Submit buttons and links keep their own
 * behaviour, which needs no code.
 */
const earlyTaps: HTMLButtonElement[] = [];
function keepEarlyTap(event: MouseEvent): void {
  const button = event.target instanceof Element ? event.target.closest('button[type="button"]') : null;
  if (button instanceof HTMLButtonElement && !earlyTaps.includes(button)) earlyTaps.push(button);
}

const modules = readDeferredModules(document);
if (modules) {
  document.addEventListener('click', keepEarlyTap, true);
  await afterNextPaint();
  for (let start = 0; start < modules.preload.length; start += PRELOADS_PER_TASK) {
    preloadModules(document, modules.preload.slice(start, start + PRELOADS_PER_TASK));
    await nextTask();
  }
  const started = new Promise((resolve) => document.addEventListener(SHOP_STARTED_EVENT, resolve, { once: true }));
  await import(/* @vite-ignore */ modules.entry);
  await started;
  document.removeEventListener('click', keepEarlyTap, true);
  for (const button of earlyTaps) if (button.isConnected) button.click();
} else {
  console.error('Harbor Wholesale cannot start: the page does not name its code.');
}
