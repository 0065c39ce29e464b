/**
 * The only script a page rendered on the server names: once the browser has painted the page, it
 * fetches the shop's code and starts it (lib/deferredModules.ts). The static app shell names the
 * entry (main.tsx) itself.
 */
import { preloadModules, readDeferredModules, SHOP_EVENTS, type ShopEvent } from './lib/deferredModules';
import { nextTask } from './lib/nextTask';

/** Settles after the browser has painted the next frame (at once in a hidden tab, which paints nothing). */
function afterNextPaint(): Promise<void> {
  if (document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/** Files whose fetches one task starts: each costs the main thread about a millisecond on a slow phone. */
const PRELOADS_PER_TASK = 6;

/**
 * What a visitor did before React was given the page: taps on plain buttons (a "List" toggle, the
 * phone's "Filters"), and fields changed (a sort chosen, a quantity typed). Neither does anything
 * without the code, so both are done again: taps once the app has hydrated, edits once the page's
 * own fields have. Links, submit buttons and the search form keep their own behaviour, which
 * needs no code.
 */
type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
const earlyTaps = new Set<HTMLButtonElement>();
/** Each field changed, with the value it was left at (hydration may set it back to the server's). */
const earlyEdits = new Map<Field, string>();

function keepEarlyTap(event: Event): void {
  const button = event.target instanceof Element ? event.target.closest('button[type="button"]') : null;
  if (button instanceof HTMLButtonElement) earlyTaps.add(button);
}

/** Marks a field whose component takes up what was typed before the code itself (the header search). */
const TAKES_EARLY_INPUT = 'data-takes-early-input';

function keepEarlyEdit(event: Event): void {
  const field = event.target;
  if (field instanceof Element && field.hasAttribute(TAKES_EARLY_INPUT)) return;
  if (field instanceof HTMLSelectElement || field instanceof HTMLTextAreaElement || (field instanceof HTMLInputElement && field.type !== 'checkbox' && field.type !== 'radio')) earlyEdits.set(field, field.value);
}

/**
 * A field edited early and again once React has the page keeps its latest value for the replay:
 * typing that goes on across the start (a search half typed) is never set back to its first part.
 */
function followEarlyEdit(event: Event): void {
  const field = event.target as Field;
  if (earlyEdits.has(field)) earlyEdits.set(field, field.value);
}

/**
 * Tells React about a value it never saw typed. React keeps, on the field itself, the last value
 * it knew, and calls onChange when an input event finds another: the field is set through that
 * record to a blank, then back to what was typed past it, as browsers' autofill is handled.
 */
function replayEdit(field: Field, typed: string): void {
  const setValuePastReact = (value: string) => Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set?.call(field, value);
  if (field instanceof HTMLSelectElement) {
    setValuePastReact(typed);
    field.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  field.value = '';
  setValuePastReact(typed);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** The events a field's edit fires: text fields send input, selects and a finished edit change. */
const EDIT_EVENTS = ['input', 'change'];

const earlyListeners: [string, (event: Event) => void][] = [['click', keepEarlyTap], ...EDIT_EVENTS.map((type): [string, (event: Event) => void] => [type, keepEarlyEdit])];

const modules = readDeferredModules(document);
if (modules) {
  for (const [type, listener] of earlyListeners) document.addEventListener(type, listener, true);
  await afterNextPaint();
  for (let start = 0; start < modules.preload.length; start += PRELOADS_PER_TASK) {
    preloadModules(document, modules.preload.slice(start, start + PRELOADS_PER_TASK));
    await nextTask();
  }
  const announced = (event: ShopEvent) => new Promise((resolve) => document.addEventListener(SHOP_EVENTS[event], resolve, { once: true }));
  const [hydrating, started, pageHydrated] = [announced('hydrating'), announced('started'), announced('pageHydrated')];
  for (const library of modules.libraries) {
    await import(/* @vite-ignore */ library);
    await nextTask();
  }
  await import(/* @vite-ignore */ modules.entry);
  // What happens once React has the page is React's to answer: keeping it too would do it twice.
  await hydrating;
  for (const [type, listener] of earlyListeners) document.removeEventListener(type, listener, true);
  for (const type of EDIT_EVENTS) document.addEventListener(type, followEarlyEdit, true);
  await started;
  for (const button of earlyTaps) if (button.isConnected) button.click();
  // A field takes an edit only once React has hydrated it, and the page's own fields hydrate last.
  await pageHydrated;
  for (const type of EDIT_EVENTS) document.removeEventListener(type, followEarlyEdit, true);
  for (const [field, typed] of earlyEdits) if (field.isConnected) replayEdit(field, typed);
} else {
  console.error('Harbor Wholesale cannot start: the page does not name its code.');
}
