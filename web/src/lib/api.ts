import { createAction } from '@reduxjs/toolkit';
import { createApi, fakeBaseQuery } from '@reduxjs/toolkit/query/react';
import { callableFailure, type CallableFailure } from './callableError';
import { appCheckReady } from './appCheck';

/**
 * The reads a page was rendered from on the server (app/renderPage.tsx), put into the browser's
 * cache before it hydrates: the page's own queries then find their data and ask nothing again.
 */
export const serverReadsHydrated = createAction<object>('api/serverReadsHydrated');

/**
 * One RTK Query API for all Firestore reads and callables; each feature injects its own
 * endpoints with `queryFn`, so server state is cached here and never copied into slices.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: fakeBaseQuery<CallableFailure>(),
  // Firestore bills every document read: a page visited again within five minutes (back
  // navigation, paging back and forth) is shown from this cache. Writes invalidate their tags.
  keepUnusedDataFor: 300,
  tagTypes: ['Product', 'Order', 'Profile', 'Company', 'List', 'Staff', 'Audit', 'Receivables', 'Quote', 'Return', 'Integrations'],
  endpoints: () => ({}),
  // The payload is this same api's state, as the server's store held it (`as never`: RTK Query
  // types it by the endpoints, which are injected later).
  extractRehydrationInfo: (action) => (serverReadsHydrated.match(action) ? (action.payload as never) : undefined),
});

/**
 * Runs a Firestore read or a callable for an endpoint's `queryFn`, once App Check is ready: the
 * cause of a failure goes to the console, the user gets a sentence (the server's own for a
 * refused call, else `failure`).
 */
export async function queryResult<Result>(work: () => Promise<Result>, failure: string): Promise<{ data: Result } | { error: CallableFailure }> {
  try {
    await appCheckReady;
    return { data: await work() };
  } catch (error) {
    console.error(failure, error);
    return { error: callableFailure(error, failure) };
  }
}
