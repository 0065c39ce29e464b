import { collection, type Firestore } from 'firebase/firestore/lite';
import { orderFromData, type Order } from '@harbor/domain';
import { readerConverter } from './readerConverter';

/** `orders/{id}` documents as the domain reads them. */
const orderConverter = readerConverter<Order>(orderFromData);

/** The `orders` collection, read through orderConverter. */
export function orderCollection(db: Firestore) {
  return collection(db, 'orders').withConverter(orderConverter);
}
