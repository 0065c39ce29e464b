import type * as LiveSdk from './firestoreLive';

type LiveModule = typeof LiveSdk;

interface CacheLifecycle<Data> {
  cacheDataLoaded: Promise<unknown>;
  cacheEntryRemoved: Promise<unknown>;
  updateCachedData: (recipe: () => Data) => unknown;
}

/**
 * Keeps an RTK Query cache entry up to date with a Firestore listener while a component uses it
 * (`onCacheEntryAdded`): the first answer comes from the lite SDK's read, the listener (the full
 * SDK, loaded only now) follows the changes, and it stops when the entry is dropped.
 */
export async function followLive<Data>(
  lifecycle: CacheLifecycle<Data>,
  listen: (live: LiveModule, onData: (data: Data) => void, onError: (error: Error) => void) => () => void,
  stoppedMessage: string,
): Promise<void> {
  try {
    await lifecycle.cacheDataLoaded;
  } catch {
    return;
  }
  const live = await import('./firestoreLive');
  const stop = listen(
    live,
    (data) => lifecycle.updateCachedData(() => data),
    (error) => console.error(stoppedMessage, error),
  );
  await lifecycle.cacheEntryRemoved;
  stop();
}
