/**
 * Where the REST reads (./firestoreRest) report the documents they read. Production builds count
 * nothing; emulator builds resolve this module to ./readCounter, which keeps the count for the
 * benchmark and the read budget tests (countFirestoreReads in web/vite.config.ts).
 */
export function recordReads(_kind: 'document' | 'query' | 'aggregation', _count: number): void {}
