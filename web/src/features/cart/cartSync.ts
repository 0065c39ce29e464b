import type { CartState } from '../../lib/cart';
import type { StartListening } from '../../lib/listeners';
import type { AuthState } from '../../lib/session';

/** The state the cart's side effects read. */
export type CartSyncState = { auth: AuthState; cart: CartState };
export type ListenerApi = Parameters<Parameters<StartListening<CartSyncState>>[0]['effect']>[1];

/** After a failure, the next try waits this long (growing to 30 s), or until the browser is back online. */
const RETRY_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

/** Waits before try number `failures` + 1: the growing pause, cut short when the connection returns. */
export async function pauseBeforeRetry(failures: number, listenerApi: ListenerApi): Promise<void> {
  const pause = RETRY_DELAYS_MS[Math.min(failures, RETRY_DELAYS_MS.length - 1)]!;
  const backOnline = new AbortController();
  try {
    await listenerApi.pause(
      Promise.race([
        listenerApi.delay(pause),
        new Promise<void>((resolve) => window.addEventListener('online', () => resolve(), { once: true, signal: backOnline.signal })),
      ]),
    );
  } finally {
    backOnline.abort();
  }
}
