/**
 * 'firebase/firestore/lite' with every document read counted, for the benchmark and the read
 * budget tests. Emulator builds resolve 'firebase/firestore/lite' to this module (see
 * countFirestoreReads in web/vite.config.ts), so the whole data layer is measured without a
 * change to it; production builds never include it. The count follows Firestore billing: a
 * document fetched is one read, a query that matches nothing costs one, and an aggregation one
 * per 1,000 index entries (at least one).
 */
import {
  getAggregate as getAggregateUncounted,
  getCount as getCountUncounted,
  getDoc as getDocUncounted,
  getDocs as getDocsUncounted,
  type AggregateField,
  type AggregateQuerySnapshot,
  type AggregateSpec,
  type DocumentData,
  type DocumentReference,
  type DocumentSnapshot,
  type Query,
  type QuerySnapshot,
} from 'firebase/firestore/lite';

export * from 'firebase/firestore/lite';

export interface FirestoreReads {
  /** Documents billed since the page loaded (or since the last reset). */
  total: number;
  operations: { kind: 'document' | 'query' | 'aggregation'; reads: number }[];
}

const reads: FirestoreReads = { total: 0, operations: [] };
// The benchmark and the browser tests read the count from the page.
(globalThis as { __harborReads?: FirestoreReads }).__harborReads = reads;

function record(kind: FirestoreReads['operations'][number]['kind'], count: number): void {
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

export async function getDoc<AppModelType, DbModelType extends DocumentData>(
  reference: DocumentReference<AppModelType, DbModelType>,
): Promise<DocumentSnapshot<AppModelType, DbModelType>> {
  const snapshot = await getDocUncounted(reference);
  record('document', 1);
  return snapshot;
}

export async function getDocs<AppModelType, DbModelType extends DocumentData>(
  query: Query<AppModelType, DbModelType>,
): Promise<QuerySnapshot<AppModelType, DbModelType>> {
  const snapshot = await getDocsUncounted(query);
  record('query', Math.max(1, snapshot.size));
  return snapshot;
}

export async function getCount<AppModelType, DbModelType extends DocumentData>(
  query: Query<AppModelType, DbModelType>,
): Promise<AggregateQuerySnapshot<{ count: AggregateField<number> }, AppModelType, DbModelType>> {
  const snapshot = await getCountUncounted(query);
  record('aggregation', Math.max(1, Math.ceil(snapshot.data().count / 1000)));
  return snapshot;
}

export async function getAggregate<AggregateSpecType extends AggregateSpec, AppModelType, DbModelType extends DocumentData>(
  query: Query<AppModelType, DbModelType>,
  aggregateSpec: AggregateSpecType,
): Promise<AggregateQuerySnapshot<AggregateSpecType, AppModelType, DbModelType>> {
  const snapshot = await getAggregateUncounted(query, aggregateSpec);
  // The index entries scanned are not reported: a count in the spec tells them, else one read is the floor.
  const countAlias = Object.keys(aggregateSpec).find((alias) => aggregateSpec[alias]?.aggregateType === 'count');
  const matched = countAlias ? Number(snapshot.data()[countAlias]) : 0;
  record('aggregation', Math.max(1, Math.ceil(matched / 1000)));
  return snapshot;
}
