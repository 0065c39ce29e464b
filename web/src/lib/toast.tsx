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
 * Whether the toasters are wanted on the page: from a second after the page has loaded (its live
 * region should be there before a toast needs announcing), or from the first toast, if that comes
 * sooner. Wanting them downloads sonner, and the toaster shows once it is there; sonner shows a
 * toaster the toasts raised before it was there.
 */
let toastersWanted = false;
function wantToasters(): void {
  if (toastersWanted) return;
  toastersWanted = true;
  // A failed download is tried again by the next toast.
  loadSonner().catch(() => undefined);
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

/** Wants the toasters a second after the page has loaded, if no toast wanted them before. */
function useToastersAfterLoad(): void {
  useEffect(() => {
    if (toastersWanted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const later = () => (timer = setTimeout(wantToasters, TOASTERS_AFTER_LOAD_MS));
    if (document.readyState === 'complete') later();
    else window.addEventListener('load', later, { once: true });
    return () => {
      window.removeEventListener('load', later);
      clearTimeout(timer);
    };
  }, []);
}

/** Where toasts appear (top-center, by the spec). */
export function Toaster(props: ComponentProps<typeof Sonner.Toaster>) {
  useToastersAfterLoad();
  const loaded = useSyncExternalStore(
    (listener) => {
      sonnerListeners.add(listener);
      return () => sonnerListeners.delete(listener);
    },
    () => loadedSonner,
    // The server renders no toaster; a hydrated page adds it once sonner is there, as any page does.
    () => null,
  );
  return loaded ? <loaded.Toaster {...props} /> : null;
}
