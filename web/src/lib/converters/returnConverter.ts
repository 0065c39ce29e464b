import { collection, type Firestore } from 'firebase/firestore/lite';
import { returnFromData, type ProductReturn } from '@harbor/domain';
import { readerConverter } from './readerConverter';

/** `returns/{id}` documents as the domain reads them. */
const returnConverter = readerConverter<ProductReturn>(returnFromData);

/** The `returns` collection, read through returnConverter. */
export function returnCollection(db: Firestore) {
  return collection(db, 'returns').withConverter(returnConverter);
}
