import { collection, type Firestore } from 'firebase/firestore/lite';
import { productFromData, type Product } from '@harbor/domain';
import { readerConverter } from './readerConverter';

/** `products/{id}` documents as the domain reads them. */
export const productConverter = readerConverter<Product>(productFromData);

/** The `products` collection, read through productConverter. */
export function productCollection(db: Firestore) {
  return collection(db, 'products').withConverter(productConverter);
}
