/**
 * Toasts, with sonner downloaded after the first page rather than before it (about 9 KB gzip that
 * the first paint does not need). A toast raised before sonner arrives is shown as soon as it does.
 */
import { lazy, Suspense, type ComponentProps } from 'react';
import type * as Sonner from 'sonner';

let sonner: Promise<typeof Sonner> | undefined;
const loadSonner = () => (sonner ??= import('sonner'));

type Show = (message: string, options?: Sonner.ExternalToast) => void;
const show =
  (kind: 'success' | 'error' | 'warning'): Show =>
  (message, options) => {
    loadSonner()
      .then(({ toast: sonnerToast }) => sonnerToast[kind](message, options))
      .catch((error: unknown) => console.error(`A notification could not be shown: ${message}`, error));
  };

export const toast = { success: show('success'), error: show('error'), warning: show('warning') };

const LazyToaster = lazy(() => loadSonner().then(({ Toaster: SonnerToaster }) => ({ default: SonnerToaster })));

/** Where toasts appear (top-center, by the spec). */
export function Toaster(props: ComponentProps<typeof Sonner.Toaster>) {
  return (
    <Suspense fallback={null}>
      <LazyToaster {...props} />
    </Suspense>
  );
}
