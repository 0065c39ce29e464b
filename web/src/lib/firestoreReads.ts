/**
 * 'firebase/firestore/lite' with every document read counted (in ./readCounter, with the REST reads), for the benchmark and the read
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
import { recordReads } from './readCounter';

export * from 'firebase/firestore/lite';
export { firestoreReads, resetFirestoreReads, type FirestoreReads } from './readCounter';

export async function getDoc<AppModelType, DbModelType extends DocumentData>(
  reference: DocumentReference<AppModelType, DbModelType>,
): Promise<DocumentSnapshot<AppModelType, DbModelType>> {
  const snapshot = await getDocUncounted(reference);
  recordReads('document', 1);
  return snapshot;
}

export async function getDocs<AppModelType, DbModelType extends DocumentData>(
  query: Query<AppModelType, DbModelType>,
): Promise<QuerySnapshot<AppModelType, DbModelType>> {
  const snapshot = await getDocsUncounted(query);
  recordReads('query', Math.max(1, snapshot.size));
  return snapshot;
}

export async function getCount<AppModelType, DbModelType extends DocumentData>(
  query: Query<AppModelType, DbModelType>,
): Promise<AggregateQuerySnapshot<{ count: AggregateField<number> }, AppModelType, DbModelType>> {
  const snapshot = await getCountUncounted(query);
  recordReads('aggregation', Math.max(1, Math.ceil(snapshot.data().count / 1000)));
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
  recordReads('aggregation', Math.max(1, Math.ceil(matched / 1000)));
  return snapshot;
}
