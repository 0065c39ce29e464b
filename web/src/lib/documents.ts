import { doc, getDoc, type CollectionReference, type DocumentData } from 'firebase/firestore/lite';
import { errorCode } from './errorCode';

/**
 * The rules refuse a document the reader may not see whether or not it exists (another buyer's
 * order, a product not on sale), and an id that is no document id is refused as an argument: to
 * the reader, all of these are "no such document".
 */
const NO_SUCH_DOCUMENT = new Set(['permission-denied', 'invalid-argument', 'not-found']);

/** One document of `collection`, through its converter, or null when there is none the reader may see. */
export async function readDocument<Value, Stored extends DocumentData>(collection: CollectionReference<Value, Stored>, id: string): Promise<Value | null> {
  try {
    const snapshot = await getDoc(doc(collection, id));
    return snapshot.data() ?? null;
  } catch (error) {
    if (NO_SUCH_DOCUMENT.has(errorCode(error))) return null;
    throw error;
  }
}
