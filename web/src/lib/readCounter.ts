/**
 * The count of Firestore documents read since the page loaded, for the benchmark and the read
 * budget tests; on `window.__harborReads`. Emulator builds only: they resolve ./readCount (what
 * the REST reads report to) to this module and 'firebase/firestore/lite' to ./firestoreReads,
 * which counts here too (countFirestoreReads in web/vite.config.ts).
 */
export interface FirestoreReads {
  /** Documents billed since the page loaded (or since the last reset). */
  total: number;
  operations: { kind: 'document' | 'query' | 'aggregation'; reads: number }[];
}

const reads: FirestoreReads = { total: 0, operations: [] };
// The benchmark and the browser tests read the count from the page.
(globalThis as { __harborReads?: FirestoreReads }).__harborReads = reads;

/** Counts a read: ./firestoreReads for the SDK's, ./firestoreRest (through ./readCount) for the REST API's. */
export function recordReads(kind: FirestoreReads['operations'][number]['kind'], count: number): void {
  reads.total += count;
  reads.operations.push({ kind, reads: count });
}

export function firestoreReads(): FirestoreReads {
  return reads;
}

export function resetFirestoreReads(): void {
  reads.total = 0;
  reads.operations.length = 0;
}

