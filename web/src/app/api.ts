import { createApi, fakeBaseQuery } from '@reduxjs/toolkit/query/react';

/**
 * One RTK Query API for all Firestore reads and callables; each feature injects its own
 * endpoints with `queryFn`, so server state is cached here and never copied into slices.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: fakeBaseQuery<{ message: string; code?: string }>(),
  // Firestore bills every document read: a page visited again within five minutes (back
  // navigation, paging back and forth) is shown from this cache. Writes invalidate their tags.
  keepUnusedDataFor: 300,
  tagTypes: ['Product', 'Order', 'Profile'],
  endpoints: () => ({}),
});
