import type { CollectionReference, DocumentData } from 'firebase/firestore/lite';
import { errorCode, NO_SUCH_DOCUMENT } from './errorCode';
import { getDocument, RestCollection } from './firestoreRest';

/**
 * One document of `collection`, through its converter (or its REST reader), or null when there is
 * none the reader may see. The SDK is loaded for SDK collections only (whoever made one has it).
 */
export async function readDocument<Value, Stored extends DocumentData>(collection: CollectionReference<Value, Stored> | RestCollection<Value>, id: string): Promise<Value | null> {
  if (collection instanceof RestCollection) {
    const document = await getDocument(collection.db, collection.path, id);
    return document && collection.read(document.id, document.data);
  }
  const { doc, getDoc } = await import('firebase/firestore/lite');
  try {
    const snapshot = await getDoc(doc(collection, id));
    return snapshot.data() ?? null;
  } catch (error) {
    if (NO_SUCH_DOCUMENT.has(errorCode(error))) return null;
    throw error;
  }
}
