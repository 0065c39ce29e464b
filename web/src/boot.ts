/**
 * The only script a page rendered on the server names: once the browser has painted the page, it
 * fetches the shop's code and starts it (lib/deferredModules.ts). The static app shell names the
 * entry (main.tsx) itself.
 */
import { preloadModules, readDeferredModules } from './lib/deferredModules';

/** Settles after the browser has painted the next frame (at once in a hidden tab, which paints nothing). */
function afterNextPaint(): Promise<void> {
  if (document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Files whose fetches one task starts: each costs the main thread about a millisecond on a slow phone. */
const PRELOADS_PER_TASK = 6;

const modules = readDeferredModules(document);
if (modules) {
  await afterNextPaint();
  for (let start = 0; start < modules.preload.length; start += PRELOADS_PER_TASK) {
    preloadModules(document, modules.preload.slice(start, start + PRELOADS_PER_TASK));
    await nextTask();
  }
  await import(/* @vite-ignore */ modules.entry);
} else {
  console.error('Harbor Wholesale cannot start: the page does not name its code.');
}
