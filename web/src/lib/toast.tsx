/**
 * Toasts, with sonner downloaded after the first page rather than before it (about 9 KB gzip that
 * the first page does not need). A toast raised before sonner arrives is shown as soon as it does.
 */
import { lazy, Suspense, useEffect, useSyncExternalStore, type ComponentProps } from 'react';
import type * as Sonner from 'sonner';

let sonner: Promise<typeof Sonner> | undefined;
const loadSonner = () => (sonner ??= import('sonner'));

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

const LazyToaster = lazy(() => loadSonner().then(({ Toaster: SonnerToaster }) => ({ default: SonnerToaster })));

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

/** Where toasts appear (top-center, by the spec). */
export function Toaster(props: ComponentProps<typeof Sonner.Toaster>) {
  const wanted = useToastersWanted();
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <LazyToaster {...props} />
    </Suspense>
  );
}
