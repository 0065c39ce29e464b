import { FieldPath, type CollectionReference, type QueryDocumentSnapshot } from 'firebase-admin/firestore';

/** Every document of `collection`, a page of `pageSize` at a time in document id order, for the maintenance scripts. */
export async function* documentPages(collection: CollectionReference, pageSize: number): AsyncGenerator<QueryDocumentSnapshot[]> {
  let after: QueryDocumentSnapshot | undefined;
  for (;;) {
    const base = collection.orderBy(FieldPath.documentId()).limit(pageSize);
    const page = await (after ? base.startAfter(after) : base).get();
    if (page.empty) return;
    yield page.docs;
    after = page.docs.at(-1);
  }
}
