/**
 * Toasts, with sonner downloaded after the first page rather than before it (about 9 KB gzip that
 * the first page does not need). A toast raised before sonner arrives is shown as soon as it does.
 */
import { useEffect, useSyncExternalStore, type ComponentProps } from 'react';
import type * as Sonner from 'sonner';

/** sonner once downloaded, and who waits for it (the toaster). */
let loadedSonner: typeof Sonner | null = null;
const sonnerListeners = new Set<() => void>();
let sonner: Promise<typeof Sonner> | undefined;
/**
 * Downloads sonner once. A failed download (a dropped connection, a deploy that replaced the chunk)
 * is tried again by the next toast, and leaves the page as it is: the toaster sits outside the
 * pages' error boundaries, and an error thrown there would empty the whole window.
 */
const loadSonner = () =>
  (sonner ??= import('sonner').then(
    (module) => {
      loadedSonner = module;
      sonnerListeners.forEach((listener) => listener());
      return module;
    },
    (error: unknown) => {
      sonner = undefined;
      throw error;
    },
  ));

/**
 * Whether the toasters are on the page: from a second after the page has loaded (its live region
 * should be there before a toast needs announcing), or from the first toast, if that comes sooner.
 * sonner shows a toaster the toasts raised before it was there.
 */
let toastersWanted = false;
const toasterListeners = new Set<() => void>();
function wantToasters(): void {
  if (toastersWanted) return;
  toastersWanted = true;
  toasterListeners.forEach((listener) => listener());
}
const TOASTERS_AFTER_LOAD_MS = 1000;

type Show = (message: string, options?: Sonner.ExternalToast) => void;
const show =
  (kind: 'success' | 'error' | 'warning'): Show =>
  (message, options) => {
    wantToasters();
    loadSonner()
      .then(({ toast: sonnerToast }) => sonnerToast[kind](message, options))
      .catch((error: unknown) => console.error(`A notification could not be shown: ${message}`, error));
  };

export const toast = { success: show('success'), error: show('error'), warning: show('warning') };

function useToastersWanted(): boolean {
  const wanted = useSyncExternalStore(
    (listener) => {
      toasterListeners.add(listener);
      return () => toasterListeners.delete(listener);
    },
    () => toastersWanted,
    // The server renders no toaster; a hydrated page adds it when wanted, as any page does.
    () => false,
  );
  useEffect(() => {
    if (wanted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const later = () => (timer = setTimeout(wantToasters, TOASTERS_AFTER_LOAD_MS));
    if (document.readyState === 'complete') later();
    else window.addEventListener('load', later, { once: true });
    return () => {
      window.removeEventListener('load', later);
      clearTimeout(timer);
    };
  }, [wanted]);
  return wanted;
}

function useLoadedSonner(wanted: boolean): typeof Sonner | null {
  const loaded = useSyncExternalStore(
    (listener) => {
      sonnerListeners.add(listener);
      return () => sonnerListeners.delete(listener);
    },
    () => loadedSonner,
    () => null,
  );
  useEffect(() => {
    if (wanted && !loaded) loadSonner().catch(() => undefined);
  }, [wanted, loaded]);
  return loaded;
}

/** Where toasts appear (top-center, by the spec). */
export function Toaster(props: ComponentProps<typeof Sonner.Toaster>) {
  const wanted = useToastersWanted();
  const loaded = useLoadedSonner(wanted);
  return wanted && loaded ? <loaded.Toaster {...props} /> : null;
}
