import type { FirestoreDataConverter, QueryDocumentSnapshot } from 'firebase/firestore/lite';
import type { StoredData } from '@harbor/domain';

/**
 * A read-only Firestore converter built on one of the domain's readers, which turn whatever a
 * document holds into a safe value. The web app never writes these documents (callables do), so
 * writing through a converter is a mistake.
 *
 * Each converter has a module of its own: a page imports only the readers it uses, and the order
 * reader (with the order schemas behind it) stays off the first page's bundle.
 */
export function readerConverter<Value>(read: (id: string, data: StoredData) => Value): FirestoreDataConverter<Value, StoredData> {
  return {
    toFirestore() {
      throw new Error('Documents read with a reader converter are written by callables, not by the web app.');
    },
    fromFirestore: (snapshot: QueryDocumentSnapshot<StoredData>) => read(snapshot.id, snapshot.data()),
  };
}
